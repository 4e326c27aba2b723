#!/usr/bin/env bash
# Every fixture replays through the real binary in all three formats; JSON validates, Markdown
# has its evidence in <details>, --from re-evaluates the JSON, and record -> replay round-trips.
source "$(dirname "$0")/lib.bash"
count=0
for dir in "$SRC"/tests/fixtures/*/; do
  [ -f "$dir/meta.json" ] || [ -f "$dir/env.json" ] || continue
  name=$(basename "$dir")
  # Under ASan (CI's second pass) the text renderer is left to the release pass and the unit tests:
  # each sanitized replay costs about a second.
  formats="text json markdown"
  [ -n "${ROCM_DOCTOR_SANITIZED:-}" ] && formats="json markdown"
  for format in $formats; do
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
# issue 14: every folder under tests/fixtures has its committed section marks
# (tests/fixtures/expected-marks.txt); one that is no snapshot is a usage error naming files/.
python3 - "$DOCTOR" "$SRC/tests/fixtures" "$WORK" <<'PY'
import json, os, subprocess, sys
doctor, fixtures, work = sys.argv[1:4]
symbol = {"ok": "✓", "warning": "!", "error": "✗", "dead": "☠", "unknown": "?", "not_applicable": "–"}
order = ["system", "environment", "gpu", "access", "rocm", "libraries", "toolchain", "frameworks", "probes"]
expected = {}
for line in open(os.path.join(fixtures, "expected-marks.txt"), encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        name, *marks = line.split()
        expected[name] = marks
folders = sorted(n for n in os.listdir(fixtures) if os.path.isdir(os.path.join(fixtures, n)))
problems = [f"{n}: no line in expected-marks.txt" for n in folders if n not in expected]
problems += [f"{n}: in expected-marks.txt but not a fixture folder" for n in expected if n not in folders]
for name in folders:
    if name not in expected:
        continue
    cached = os.path.join(work, name + ".json")  # the JSON replay above, when this folder is a snapshot
    if expected[name] != ["not-a-snapshot"] and os.path.isfile(cached):
        r = subprocess.CompletedProcess([], 0, open(cached, encoding="utf-8").read(), "")
    else:
        r = subprocess.run([doctor, "check", "--replay", os.path.join(fixtures, name), "-f", "json"], capture_output=True, text=True)
    if expected[name] == ["not-a-snapshot"]:
        if r.returncode != 2 or "is not a snapshot folder (no files/" not in r.stderr:
            problems.append(f"{name}: expected a usage error naming files/, got exit {r.returncode}: {r.stderr.strip()}")
        continue
    if r.returncode not in (0, 1):
        problems.append(f"{name}: exit {r.returncode}: {r.stderr.strip()}")
        continue
    marks = {s["id"]: symbol[s["mark"]] for s in json.loads(r.stdout)["sections"]}
    got = [marks.get(section, ".") for section in order]
    if got != expected[name]:
        problems.append(f"{name}: marks {' '.join(got)}, expected {' '.join(expected[name])}")
    for s in json.loads(r.stdout)["sections"]:
        if s["mark"] in ("unknown", "not_applicable") and not s.get("reason"):
            problems.append(f"{name}: section {s['id']} is {s['mark']} without a reason")
if problems:
    sys.exit("FAIL: section marks:\n  " + "\n  ".join(problems))
print(f"replay_fixtures: section marks of {len(folders)} fixture folders as committed")
PY
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
