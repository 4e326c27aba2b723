#!/usr/bin/env bash
# Times `rocm-doctor triage` over 1,000 pastes in one invocation (the pastes of
# tests/fixtures/triage/ repeated, each copy varied so no two files are equal), then the
# per-file rate. Issue 7 asks for < 2 s here.
# Usage: bench/triage_speed.sh [path/to/rocm-doctor] [count]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/rocm-doctor}
count=${2:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t fixtures < <(ls "$root"/tests/fixtures/triage/*.txt)
for ((i = 0; i < count; i++)); do
  src=${fixtures[i % ${#fixtures[@]}]}
  # Vary each copy: a different user/host in a prompt line and a shifted timestamp.
  { echo "user$i@host$((i % 97)):~\$ cat log-$i.txt"; sed "s/ 0000:/ 000$((i % 10)):/" "$src"; } > "$work/paste-$i.txt"
done
start=$(date +%s.%N)
"$bin" triage --format json "$work"/paste-*.txt > "$work/out.json" || true   # exit 1/2: findings
end=$(date +%s.%N)
total=$(echo "$end - $start" | bc -l)
bytes=$(cat "$work"/paste-*.txt | wc -c)
printf 'triage over %d pastes (%d bytes) in one invocation: %.3f s (%.2f ms per paste)\n' \
  "$count" "$bytes" "$total" "$(echo "$total * 1000 / $count" | bc -l)"
pieces=$(python3 -c "import json,sys; d=json.load(open('$work/out.json')); print(len(d['facts']['values']['triage']['pieces']))" 2>/dev/null || echo "?")
echo "pieces recognised: $pieces"
if (( $(echo "$total < 2" | bc -l) )); then echo "OK: under 2 s"; else echo "SLOW: over 2 s"; exit 1; fi
