#!/usr/bin/env bash
# The frameworks section on this machine: `check --python PATH` (the given interpreter first, its
# torch read and imported), unusable --python paths as findings, `check --no-compile`.
source "$(dirname "$0")/lib.bash"
DOCTOR=$(cd "$(dirname "$DOCTOR")" && pwd)/$(basename "$DOCTOR")
SRC=$(cd "$SRC" && pwd)
set +e
"$DOCTOR" check --python /usr/bin/python3 --no-probes --no-compile --format json --no-redact -o "$WORK/given.json" 2> "$WORK/err"
status=$?
"$DOCTOR" check --python "$WORK/missing/python3" --python "$WORK" --python "$SRC/README.md" --quick \
  --format json --no-redact -o "$WORK/bad.json" 2>> "$WORK/err"
bad_status=$?
"$DOCTOR" check --no-compile --no-probes --format json --no-redact -o "$WORK/nocompile.json" 2>> "$WORK/err"
nocompile_status=$?
set -e
for s in $status $bad_status $nocompile_status; do
  [ "$s" = 0 ] || [ "$s" = 1 ] || fail "check exited $s: $(cat "$WORK/err")"
done
validate_json "$WORK/given.json"
python3 - "$WORK" "$SRC" <<'PY'
import json, os, sys
work, src = sys.argv[1], sys.argv[2]
load = lambda name: json.load(open(os.path.join(work, name)))
given = load("given.json")
v = given["facts"]["values"]["frameworks"]
first = v["pythons"][0]
assert first["interpreter"] == "/usr/bin/python3" and first["origin"] == "--python", first
# Debian's python3-torch, found through that interpreter and imported by it.
if os.path.exists("/usr/lib/python3/dist-packages/torch/version.py"):
    assert first.get("torch_dir") == "/usr/lib/python3/dist-packages/torch", first
    assert v["torch"]["python"] == "/usr/bin/python3", v["torch"]
    assert v["torch_runtime"]["python"] == "/usr/bin/python3", v["torch_runtime"]
    # A host busy with builds can push the import past its timeout; the interpreter is what counts.
    assert v["torch_runtime"]["ok"] is True or v["torch_runtime"]["timed_out"] is True, v["torch_runtime"]
# The interpreter is listed once although it is also the system python.
assert [p["interpreter"] for p in v["pythons"]].count("/usr/bin/python3") == 1, v["pythons"]

bad = load("bad.json")
problems = {p["interpreter"]: p.get("problem", "") for p in bad["facts"]["values"]["frameworks"]["pythons"] if p["origin"] == "--python"}
assert problems[f"{work}/missing/python3"].endswith("No such file or directory"), problems
assert problems[work] == f"{work} is a directory, not a Python interpreter", problems
assert problems[f"{src}/README.md"].startswith(f"{src}/README.md is not executable"), problems
titles = [f["title"] for f in bad["findings"] if f["id"] == "python.given-interpreter-unusable"]
assert len(titles) == 3 and any(f"--python {work} cannot be examined" in t for t in titles), titles

nocompile = load("nocompile.json")
assert nocompile["facts"]["absent"].get("compile") == "skipped (--no-compile)", nocompile["facts"]["absent"]
PY
# A relative --python means the caller's working directory (children run elsewhere).
(cd /usr && "$DOCTOR" check --python bin/python3 --quick --format json --no-redact -o "$WORK/rel.json") || true
python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["facts"]["values"]["frameworks"]["pythons"][0]; assert p["interpreter"]=="/usr/bin/python3", p' "$WORK/rel.json"
echo "frameworks_live: ok"
