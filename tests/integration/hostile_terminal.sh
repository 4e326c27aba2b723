#!/usr/bin/env bash
# hostile-input report D5: terminal escapes in pastes, --from reports, fleet reports and rule
# files never reach the terminal raw (stdout or stderr); only \n and \t of the controls remain.
source "$(dirname "$0")/lib.bash"
FX="$SRC/tests/fixtures"
# Every hostile form of the report's recipes (bytes, so python writes them).
python3 - "$WORK" "$FX" <<'PY'
import json, os, sys
work, fx = sys.argv[1], sys.argv[2]
bad = (b"\x07\x08\x08OK\x1b[2J\x1b[H\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\"
       b"\x1b]52;c;ZWNobyBwd25lZA==\x07\x1bP+q544e\x1b\\\x9b2J\xc2\x9b2J\xe2\x80\xaelave\x7f\r\xff\x00\x1b[8m")
kfd = open(os.path.join(fx, "triage/kfd_pitcairn.txt"), "rb").read()
open(os.path.join(work, "spoof-kfd.txt"), "wb").write(kfd.replace(b"PITCAIRN", b"PITCAIRN" + bad))
open(os.path.join(work, "spoof-python.txt"), "wb").write(
    b"Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n    import torch\n"
    b"ImportError: libamdhip64.so.6" + bad + b": cannot open shared object file: No such file or directory\n")
text = bad.decode("utf-8", "replace").replace("\ufffd", "\x9b")  # JSON strings: the same, as code points
os.makedirs(os.path.join(work, "rules"))
open(os.path.join(work, "rules/evil.toml"), "w").write(
    '[[rule]]\nid = "x.esc"\nsection = "system"\nseverity = "info"\n'
    'title = ' + json.dumps(text) + '\nwhen = [{ fact = "os.id", eq = "debian" }]\n')
PY
"$DOCTOR" check --replay "$FX/mi300x-healthy" -f json --no-redact > "$WORK/good.json" || [ $? -eq 1 ]  # 1: no ROCm userspace (issue 14)
python3 - "$WORK" <<'PY'
import copy, json, os, sys
work = sys.argv[1]
good = json.load(open(os.path.join(work, "good.json")))
r = copy.deepcopy(good)
r["generated_at"] = "\x1b[2J\x1b[31mFAKE\x07"
r["facts"]["values"]["env"]["HSA_OVERRIDE_GFX_VERSION"] = "\x1b[2J\x1b[H\x1b[32m[OK] all GPUs healthy\x1b[0m\x1b[8m\x9b"
json.dump(r, open(os.path.join(work, "esc.json"), "w"))
os.makedirs(os.path.join(work, "fleet"))
for name in ["n1", "n2"]:
    json.dump(good, open(os.path.join(work, "fleet", name + ".json"), "w"))
r = copy.deepcopy(good)
r["facts"]["values"]["host"]["hostname"] = "evil\x1b[2J\x1b]0;pwn\x07\x08\x08node"
r["findings"].append({"id": "x.evil", "section": "gpu", "severity": "error",
                      "title": "\x1b[2J\x1b[32mALL NODES HEALTHY\x1b[0m\x08\x08\u202e", "fix": "", "explain": "",
                      "refs": [], "evidence": []})
json.dump(r, open(os.path.join(work, "fleet", "escape.json"), "w"))
open(os.path.join(work, "fleet", "node\x1b[31mred.json"), "w").write("{not json")
PY
# Fails on a control character other than \n and \t, DEL, a C1 control, a bidi override or isolate,
# or invalid UTF-8 anywhere in the file.
expect_clean() {
  python3 - "$1" <<'PY' || { echo "--- $1:"; cat -v "$1" | head -40; fail "control characters in $1"; }
import sys
data = open(sys.argv[1], "rb").read()
text = data.decode("utf-8")  # raises on invalid UTF-8
for i, ch in enumerate(text):
    c = ord(ch)
    if (c < 0x20 and ch not in "\n\t") or 0x7F <= c <= 0x9F or 0x202A <= c <= 0x202E or 0x2066 <= c <= 0x2069:
        sys.exit(f"U+{c:04X} at character {i}")
PY
}
run() {  # run NAME ARGS…: stdout to NAME.out, stderr to NAME.err, both checked; exit status kept in NAME.rc
  local name=$1; shift
  set +e; "$DOCTOR" "$@" > "$WORK/$name.out" 2> "$WORK/$name.err"; echo $? > "$WORK/$name.rc"; set -e
  expect_clean "$WORK/$name.out"
  expect_clean "$WORK/$name.err"
}
run kfd triage "$WORK/spoof-kfd.txt"
expect_contains "$WORK/kfd.out" "does not support PITCAIRN?"
run python triage "$WORK/spoof-python.txt"
expect_contains "$WORK/python.out" "The loader cannot find click8;;52;c;"
run python-md triage "$WORK/spoof-python.txt" -f markdown
run from check --from "$WORK/esc.json"
expect_contains "$WORK/from.out" "from ?[2J?[31mFAKE?"
expect_contains "$WORK/from.out" "HSA_OVERRIDE_GFX_VERSION=?[2J?[H?[32m[OK] all GPUs healthy"
run from-v check --from "$WORK/esc.json" -v
run fleet fleet "$WORK/fleet"
expect_contains "$WORK/fleet.out" "evil?[2J?]0;pwn???node"
expect_contains "$WORK/fleet.out" "?[2J?[32mALL NODES HEALTHY?[0m???"
expect_contains "$WORK/fleet.out" "node?[31mred"
run fleet-md fleet "$WORK/fleet" -f markdown
expect_contains "$WORK/fleet-md.out" "evil?[2J"
run list rules list --rules "$WORK/rules"
expect_contains "$WORK/list.err" "evil.toml:5"
run lint rules lint "$WORK/rules"
expect_contains "$WORK/lint.out" "evil.toml:5:9: 'title' holds U+0007"
run explain explain $'x.esc\e[2J' --rules "$WORK/rules"
expect_contains "$WORK/explain.err" "unknown rule 'x.esc?[2J'"
run missing triage $'/nonexistent/\e]0;pwn\a.txt'
expect_contains "$WORK/missing.err" "/nonexistent/?]0;pwn?.txt"
echo "hostile_terminal: ok"
