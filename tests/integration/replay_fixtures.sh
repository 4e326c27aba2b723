#!/usr/bin/env bash
# Every fixture replays through the real binary in all three formats; JSON validates, Markdown
# has its evidence in <details>, --from re-evaluates the JSON, and record -> replay round-trips.
source "$(dirname "$0")/lib.bash"
count=0
for dir in "$SRC"/tests/fixtures/*/; do
  [ -f "$dir/meta.json" ] || [ -f "$dir/env.json" ] || continue
  name=$(basename "$dir")
  for format in text json markdown; do
    set +e; "$DOCTOR" check --replay "$dir" --format "$format" -o "$WORK/$name.$format" 2> "$WORK/$name.err"; status=$?; set -e
    [ "$status" -le 1 ] || fail "$name ($format) exited $status: $(cat "$WORK/$name.err")"
  done
  validate_json "$WORK/$name.json"
  expect_contains "$WORK/$name.markdown" "<details><summary>All facts</summary>"
  set +e; "$DOCTOR" check --from "$WORK/$name.json" --format json -o "$WORK/$name.from.json"; status=$?; set -e
  [ "$status" -le 1 ] || fail "$name: --from exited $status"
  validate_json "$WORK/$name.from.json"
  count=$((count + 1))
done
[ "$count" -ge 6 ] || fail "only $count fixtures"
# Record this machine, replay it: same facts.
set +e
"$DOCTOR" check --quick --record "$WORK/snap" --format json --no-redact -o "$WORK/live.json"
"$DOCTOR" check --quick --replay "$WORK/snap" --format json --no-redact -o "$WORK/replayed.json"
set -e
python3 - "$WORK/live.json" "$WORK/replayed.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["facts"]["values"] == b["facts"]["values"], "replay differs from the recorded run"
assert [f["id"] for f in a["findings"]] == [f["id"] for f in b["findings"]]
PY
echo "replay_fixtures: $count fixtures ok"
