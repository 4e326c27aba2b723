#!/usr/bin/env bash
# Times `rocm-doctor triage` over the whole ticket corpus (tests/corpus/cases/*/paste.txt) in one
# invocation, in each format, and the per-case route the score harness takes (one process per
# case). Issue 13 asks for <= 2 s here for the one-invocation run.
# Usage: bench/corpus_speed.sh [path/to/rocm-doctor]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/rocm-doctor}
mapfile -t pastes < <(ls "$root"/tests/corpus/cases/*/paste.txt)
bytes=$(cat "${pastes[@]}" | wc -c)
status=0
for format in text json markdown; do
  start=$(date +%s.%N)
  "$bin" triage --format "$format" "${pastes[@]}" > /dev/null || true   # exit 1: findings
  end=$(date +%s.%N)
  total=$(echo "$end - $start" | bc -l)
  printf '%-8s triage of the corpus, %d cases (%d bytes), one invocation: %.3f s' "$format" "${#pastes[@]}" "$bytes" "$total"
  if (( $(echo "$total <= 2" | bc -l) )); then echo "  OK (<= 2 s)"; else echo "  SLOW (> 2 s)"; status=1; fi
done
start=$(date +%s.%N)
for p in "${pastes[@]}"; do "$bin" triage --format json "$p" > /dev/null || true; done
end=$(date +%s.%N)
printf 'json     one process per case: %.3f s for %d cases (%.1f ms each)\n' "$(echo "$end - $start" | bc -l)" "${#pastes[@]}" \
  "$(echo "($end - $start) * 1000 / ${#pastes[@]}" | bc -l)"
exit $status
