#!/usr/bin/env bash
# The Python children of a live check, with a pure-Python fake torch:
#  * hostile-input D10: the torch import writes no __pycache__ into the user's packages;
#  * hostile-input D22: `--python WRAPPER` (a shell script that execs Python) is examined by
#    running it, its torch is read and imported through it; a wrapper that fails is a finding.
source "$(dirname "$0")/lib.bash"
DOCTOR=$(cd "$(dirname "$DOCTOR")" && pwd)/$(basename "$DOCTOR")
unset PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX
PY=/usr/bin/python3
[ -x "$PY" ] || { echo "python_children: skipped (no $PY)"; exit 0; }

fake_torch() {  # fake_torch DIR VERSION
  mkdir -p "$1/torch/cuda"
  printf 'from . import version, cuda\n__version__ = version.__version__\n' > "$1/torch/__init__.py"
  printf '__version__ = "%s"\nhip = "6.4.1"\ncuda = None\n' "$2" > "$1/torch/version.py"
  printf 'def is_available():\n    return False\ndef device_count():\n    return 0\ndef get_arch_list():\n    return []\n' \
    > "$1/torch/cuda/__init__.py"
}
no_bytecode() {  # no_bytecode DIR
  local left
  left=$(find "$1" -name '*.pyc' -o -name __pycache__)
  [ -z "$left" ] || fail "bytecode written into $1: $left"
}
run_check() {  # run_check NAME ARGS... (the JSON report goes to $WORK/NAME.json)
  local name=$1; shift
  set +e
  (cd "$WORK" && "$DOCTOR" check --no-probes --no-compile "$@" -f json --no-redact -o "$WORK/$name.json") 2> "$WORK/$name.err"
  local status=$?
  set -e
  [ "$status" = 0 ] || [ "$status" = 1 ] || fail "$name: check exited $status: $(cat "$WORK/$name.err")"
}

# D10: the fake torch first on PYTHONPATH of a plain interpreter.
fake_torch "$WORK/site1" "9.8.7+rocm6.4"
PYTHONPATH="$WORK/site1" run_check plain --python "$PY"
no_bytecode "$WORK/site1"

# D22: a working wrapper leads to another fake torch; a broken one cannot start Python.
fake_torch "$WORK/site2" "7.7.7+rocm9.9"
mkdir -p "$WORK/wrap"
printf '#!/bin/sh\nPYTHONPATH=%s exec %s "$@"\n' "$WORK/site2" "$PY" > "$WORK/wrap/python3"
printf '#!/bin/sh\nPYTHONHOME=/nonexistent/python-home exec %s "$@"\n' "$PY" > "$WORK/wrap/broken"
chmod 755 "$WORK/wrap/python3" "$WORK/wrap/broken"
run_check wrapper --python "$WORK/wrap/python3"
no_bytecode "$WORK/site2"
run_check broken --python "$WORK/wrap/broken"

python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
load = lambda name: json.load(open("%s/%s.json" % (work, name)))

v = load("plain")["facts"]["values"]["frameworks"]
assert v["torch_runtime"].get("version") == "9.8.7+rocm6.4", v["torch_runtime"]  # the fake really was imported

wrapper = work + "/wrap/python3"
v = load("wrapper")["facts"]["values"]["frameworks"]
first = v["pythons"][0]
assert first["interpreter"] == wrapper and "problem" not in first, first
assert first.get("torch_dir") == work + "/site2/torch", first
assert first.get("resolved_by", "").startswith("ran the wrapper: sys.executable /"), first
assert v["torch"]["python"] == wrapper and v["torch"]["version"] == "7.7.7+rocm9.9", v["torch"]
assert v["torch_runtime"]["python"] == wrapper and v["torch_runtime"].get("version") == "7.7.7+rocm9.9", v["torch_runtime"]

broken = load("broken")
first = broken["facts"]["values"]["frameworks"]["pythons"][0]
assert "Fatal Python error" in first.get("problem", ""), first
titles = [f["title"] for f in broken["findings"] if f["id"] == "python.given-interpreter-unusable"]
assert len(titles) == 1 and "Fatal Python error" in titles[0], titles
PY
echo "python_children: ok"
