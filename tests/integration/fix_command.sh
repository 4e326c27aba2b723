#!/usr/bin/env bash
# issue 14 item 9: `rocm-doctor fix --replay` of three broken fixtures prints a script that
# shellcheck passes, in which every finding with a command has a block under its id holding that
# command, root causes first, and every finding without one is listed as not fixable. --run is
# never run for real here (tests/unit/fix_command_test.cpp drives it with a fake runner): only
# its refusals are.
source "$(dirname "$0")/lib.bash"
command -v shellcheck >/dev/null || fail "shellcheck is not installed (scripts/install-deps.sh installs it)"
for name in amdgpu-nomodeset container-render-gid rx6700xt-gfx1031-wrong-override; do
  dir="$SRC/tests/fixtures/$name"
  "$DOCTOR" fix --replay "$dir" > "$WORK/$name.sh" || fail "$name: fix exited $?"
  shellcheck -s sh "$WORK/$name.sh" || fail "$name: the fix script does not pass shellcheck"
  set +e; "$DOCTOR" check --replay "$dir" -f json --no-redact > "$WORK/$name.json"; set -e
  python3 - "$WORK/$name.sh" "$WORK/$name.json" "$name" <<'PY'
import json, re, sys
script, report, name = open(sys.argv[1]).read(), json.load(open(sys.argv[2])), sys.argv[3]
assert script.startswith("#!/bin/sh\n") and "\nset -eu\n" in script, script
assert "the snapshot " in script.split("set -eu")[0] and name in script.split("set -eu")[0], "header names the snapshot"
causes = {f["explained_by"] for f in report["findings"] if f.get("explained_by")}
blocks, listed = [], 0
for f in report["findings"]:
    if f.get("explained_by"):
        # its fix cannot help while the cause stands: folded under the cause, no block of its own
        assert f"also explains {f['id']}: " in script, f"{name}: {f['id']} not folded under {f['explained_by']}"
        assert f" {f['id']} [" not in script, f"{name}: consequence {f['id']} has a block"
        continue
    lines = [l.strip() for l in f.get("fix", "").splitlines() if l.strip() and not l.strip().startswith("#")]
    if not lines:
        assert f"#   {f['id']} " in script and f"rocm-doctor explain {f['id']}" in script, f"{name}: {f['id']} not listed"
        listed += 1
        continue
    head = f". {f['id']} [{f['severity']}]: "
    assert head in script, f"{name}: no block for {f['id']}:\n{script}"
    start = script.index(head)
    end = re.search(r"\n\n# (\d+\. |Not fixable)", script[start:])
    block = script[start:start + end.start() + 1] if end else script[start:]
    for line in lines:
        assert f"\n{line}\n" in block or f"\n# in your shell: {line}\n" in block, f"{name}: {f['id']}: {line!r} missing:\n{script}"
    blocks.append((script.index(head), f["id"] in causes))
assert blocks, f"{name}: no finding with a command"
order = [is_cause for _, is_cause in sorted(blocks)]
assert order == sorted(order, reverse=True), f"{name}: a root cause comes after another fix:\n{script}"
print(f"{name}: {len(blocks)} fixes, {listed} not fixable automatically")
PY
done
# The nomodeset script fixes the cause (the kernel command line), not its consequence.
expect_contains "$WORK/amdgpu-nomodeset.sh" "grep -n nomodeset /etc/default/grub"
grep -q "^sudo modprobe amdgpu" "$WORK/amdgpu-nomodeset.sh" && fail "modprobe cannot help under nomodeset"
# -o writes the script (private: it holds this machine's paths and user name, unredacted).
"$DOCTOR" fix --replay "$SRC/tests/fixtures/amdgpu-nomodeset" -o "$WORK/out.sh"
# (line 2 holds the time of the report)
cmp <(sed 2d "$WORK/out.sh") <(sed 2d "$WORK/amdgpu-nomodeset.sh") || fail "-o wrote another script than stdout"
[ "$(stat -c %a "$WORK/out.sh")" = 600 ] || fail "-o script mode $(stat -c %a "$WORK/out.sh"), wanted 600"
# --run: never with another machine's findings, never without a terminal to say yes on.
expect_status 2 "$DOCTOR" fix --run --replay "$SRC/tests/fixtures/amdgpu-nomodeset"
expect_status 2 "$DOCTOR" fix --run --from "$WORK/amdgpu-nomodeset.json"
set +e; "$DOCTOR" fix --run --quick < /dev/null > "$WORK/run.out" 2> "$WORK/run.err"; status=$?; set -e
[ "$status" = 2 ] || fail "fix --run without a terminal exited $status"
expect_contains "$WORK/run.err" "stdin is not a terminal"
"$DOCTOR" fix --help | grep -q "Exit codes:" || fail "fix --help has no exit codes"
