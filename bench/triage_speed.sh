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
  # Vary each copy: a prompt line with a different user and host in front of the real paste.
  { echo "user$i@host$((i % 97)):~\$ cat log-$i.txt"; cat "$src"; } > "$work/paste-$i.txt"
done
bytes=$(cat "$work"/paste-*.txt | wc -c)
status=0
# text is the default; json and markdown are redacted (every prompt's user and host is learnt).
for format in text json markdown; do
  start=$(date +%s.%N)
  "$bin" triage --format "$format" "$work"/paste-*.txt > "$work/out.$format" || true   # exit 1/2: findings
  end=$(date +%s.%N)
  total=$(echo "$end - $start" | bc -l)
  printf '%-8s triage over %d pastes (%d bytes) in one invocation: %.3f s (%.2f ms per paste)' \
    "$format" "$count" "$bytes" "$total" "$(echo "$total * 1000 / $count" | bc -l)"
  if (( $(echo "$total < 2" | bc -l) )); then echo "  OK (< 2 s)"; else echo "  SLOW (>= 2 s)"; status=1; fi
done
grep -c '^      · ' "$work/out.text" | sed 's/^/pieces listed in the text report: /'
exit $status
