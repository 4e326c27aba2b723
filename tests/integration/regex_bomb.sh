#!/usr/bin/env bash
# hostile-input report D14: a catastrophic-backtracking regex in a --rules rule hung `check` for
# ever and `rules lint` passed it. Now: lint flags it (exit 2, file:line), check finishes at once
# and lists the rule as not evaluated with the reason.
source "$(dirname "$0")/lib.bash"
mkdir "$WORK/r14"
cat > "$WORK/r14/bomb.toml" <<'TOML'
[[rule]]
id = "x.bomb"
section = "environment"
severity = "warning"
when = [ { fact = "env.PATH", matches = '^(([a-z/:.]+)*)*$X' } ]
title = "bomb"
TOML
set +e; "$DOCTOR" rules lint "$WORK/r14" > "$WORK/lint" 2>&1; status=$?; set -e
[ "$status" = 2 ] || { cat "$WORK/lint"; fail "lint exited $status, wanted 2"; }
expect_contains "$WORK/lint" "bomb.toml:5"
expect_contains "$WORK/lint" "nested unbounded quantifier: catastrophic in backtracking engines (grep -P, Python re); rewrite without it"
start=$(date +%s%N)
set +e
timeout 20 "$DOCTOR" check --replay "$SRC/tests/fixtures/mi300x-healthy" --rules "$WORK/r14" -f json --no-redact \
  > "$WORK/out.json" 2> "$WORK/err"
status=$?
set -e
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$status" -le 1 ] || { cat "$WORK/err"; fail "check exited $status after $ms ms"; }
[ "$ms" -lt 5000 ] || fail "check took $ms ms"   # ~0.1 s; loose for sanitizer builds
python3 - "$WORK/out.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ne = [n for n in r["not_evaluated"] if n["id"] == "x.bomb"]
assert ne, "x.bomb is not listed as not evaluated"
assert "nested unbounded quantifier" in ne[0]["reason"], ne[0]
assert not [f for f in r["findings"] if f["id"] == "x.bomb"], "x.bomb fired"
PY
"$DOCTOR" check --replay "$SRC/tests/fixtures/mi300x-healthy" --rules "$WORK/r14" -v > "$WORK/text" 2>&1 || true
expect_contains "$WORK/text" "x.bomb"
echo "regex_bomb: ok ($ms ms)"
