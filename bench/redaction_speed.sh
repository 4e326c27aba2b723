#!/usr/bin/env bash
# Redaction speed on the hostile-input report's D15 inputs (it was quadratic in the number of
# literals: 10,000 prompts 8.9 s, 40,000 > 120 s, --from with 200,000 secret strings > 60 s).
# Goals: 10,000 prompts (560 KB) `triage -f json` <= 0.5 s, 40,000 <= 2 s.
# Usage: bench/redaction_speed.sh [path/to/rocm-doctor]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/rocm-doctor}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
timed() {  # label limit cmd... : prints wall time and OK/SLOW against the limit
  local label=$1 limit=$2; shift 2
  local start end total
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true   # exit 1: findings
  end=$(date +%s.%N)
  total=$(echo "$end - $start" | bc -l)
  if (( $(echo "$total <= $limit" | bc -l) )); then verdict="OK (<= $limit s)"; else verdict="SLOW (> $limit s)"; status=1; fi
  printf '%-52s %7.3f s  %s\n' "$label" "$total" "$verdict"
}
for n in 10000 40000; do
  python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write(''.join('user%05d@host%05d:~\$ rocminfo\nROCk module is loaded\n\n\n' % (i, i) for i in range(n)))" \
    "$n" > "$work/p$n.txt"
  limit=$([ "$n" = 10000 ] && echo 0.5 || echo 2)
  timed "triage -f json, $n prompts ($(wc -c < "$work/p$n.txt") bytes)" "$limit" \
    "$bin" triage "$work/p$n.txt" -f json -o "$work/p$n.json"
done
# check --from with 200,000 strings under a *_secret key, each also inside a free-text line
# (gen/make_from_reports.py's many-secrets.json).
"$bin" check --replay "$root/tests/fixtures/mi300x-healthy" -f json --no-redact > "$work/good.json" || true
python3 - "$work/good.json" "$work/many-secrets.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["facts"]["values"]["host"] = {"hostname": "h"}
r["facts"]["values"]["x_secret"] = ["secret%06d" % i for i in range(200000)]
r["facts"]["values"]["lines"] = ["line %d with secret%06d inside" % (i, i) for i in range(200000)]
json.dump(r, open(sys.argv[2], "w"))
PY
timed "check --from, 200,000 secret strings ($(wc -c < "$work/many-secrets.json") bytes)" 5 \
  "$bin" check --from "$work/many-secrets.json" -f json -o "$work/secrets-out.json"
grep -c 'secret0' "$work/secrets-out.json" | sed 's/^/secret literals left in the redacted --from output: /' || true
exit $status
