#!/usr/bin/env bash
# issue 14 item 5 on a real pseudo-terminal (80 columns): the progress line on stderr is erased
# before the report, prose wraps at 80 with fix commands left whole, section names are bold;
# NO_COLOR and TERM=dumb give no escape and no progress; piped output is not wrapped.
source "$(dirname "$0")/lib.bash"
fixture="$SRC/tests/fixtures/amdgpu-nomodeset"
on_pty() {  # on_pty OUTFILE ENV=VALUE... -- ARGV...
  python3 - "$@" <<'PY'
import fcntl, os, pty, struct, sys, termios
args = sys.argv[1:]
out, sep = args[0], args.index("--")
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
env["TERM"] = "xterm"
env.update(a.split("=", 1) for a in args[1:sep])
pid, fd = pty.fork()
if pid == 0:
    os.execvpe(args[sep + 1], args[sep + 1:], env)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 80, 0, 0))
data = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    data += chunk
os.waitpid(pid, 0)
open(out, "wb").write(data)
PY
}
on_pty "$WORK/tty.out" -- "$DOCTOR" check --replay "$fixture"
python3 - "$WORK/tty.out" <<'PY' || fail "TTY output (above)"
import re, sys
raw = open(sys.argv[1], "rb").read().decode()
head, sep, report = raw.rpartition("\r\x1b[K")  # the progress line's last erase
# "waiting … for:" appears only when the collectors take longer than the first 100 ms tick, which a
# fast replay (or a sanitized build's, in CI) may not: its text is ProgressLineTest's to check.
assert sep and "loading rules" in head, repr(raw[:200])
assert report.startswith("rocm-doctor "), repr(report[:80])
assert "\x1b[1m" in report, "section names are not bold"
plain = re.sub(r"\x1b\[[0-9;]*m", "", report).replace("\r\n", "\n")
in_fix = False
for line in plain.splitlines():
    in_fix = line.startswith("        ")  # fix lines: 8 columns in, no prefix (ux-review m12)
    if in_fix and not line.lstrip().startswith("#"):
        continue  # a command is never wrapped; it may be longer than 80
    if " " not in line.strip().removeprefix("# "):
        continue  # one word (a URL) longer than the room stays whole
    assert len(line) <= 80, f"{len(line)} columns: {line!r}"
open(sys.argv[1] + ".plain", "w").write(plain)
PY
for setting in NO_COLOR=1 TERM=dumb; do
  on_pty "$WORK/plain.out" "$setting" -- "$DOCTOR" check --replay "$fixture"
  if grep -q $'\x1b' "$WORK/plain.out" || grep -q -e waiting -e 'loading rules' "$WORK/plain.out"; then
    cat -v "$WORK/plain.out" | head -5
    fail "decoration with $setting"
  fi
done
"$DOCTOR" check --replay "$fixture" > "$WORK/piped.txt" 2> "$WORK/piped.err" || true
awk 'length($0) > 100 { long = 1 } END { exit !long }' "$WORK/piped.txt" || fail "piped output was wrapped"
[ ! -s "$WORK/piped.err" ] || fail "stderr when piped: $(cat "$WORK/piped.err")"
"$DOCTOR" check --replay "$fixture" --width 80 > "$WORK/width.txt" || true
# --width 80 when piped: the same text as on the 80-column terminal (without its decoration);
# only the timing in the footer differs
diff <(sed '$d' "$WORK/tty.out.plain") <(sed '$d' "$WORK/width.txt") || fail "--width 80 differs from the TTY at 80"
echo "terminal_tty: ok"
