#!/usr/bin/env bash
# Time to the first byte on a terminal (issue 14 "Must show": within 100 ms of start) and to the
# end of the output, for `check` on this machine and `check --replay` of a fixture, under a
# pseudo-terminal of 80x200 (stdout and stderr both on it, as in an interactive shell).
# Usage: bench/first_byte.sh [build/rocm-doctor] [runs]   (median, min and max of RUNS, default 9)
set -euo pipefail
cd "$(dirname "$0")/.."
DOCTOR=${1:-build/rocm-doctor}
RUNS=${2:-9}
FIXTURE=tests/fixtures/mi300x-amdsmi-healthy
python3 - "$DOCTOR" "$RUNS" "$FIXTURE" <<'PY'
import fcntl, os, pty, select, statistics, struct, sys, termios, time

doctor, runs, fixture = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def one(argv):
    """Runs argv on a new pty; returns (ms to the first byte, ms to EOF, the first bytes)."""
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
        env["TERM"] = "xterm-256color"
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 200, 80, 0, 0))
    first, head = None, b""
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            break
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the pty
            break
        if not data:
            break
        if first is None:
            first = time.monotonic()
            head = data[:60]
    end = time.monotonic()
    os.waitpid(pid, 0)
    os.close(fd)
    return (first - start) * 1000 if first else float("nan"), (end - start) * 1000, head

cases = [
    ("check", [doctor, "check"]),
    ("check --quick", [doctor, "check", "--quick"]),
    ("check --replay " + fixture, [doctor, "check", "--replay", fixture]),
]
print(f"first byte on a pty (80x200), {runs} runs each, {os.cpu_count()} CPUs, "
      f"load {os.getloadavg()[0]:.2f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
print(f"{'command':<52} {'first byte ms (median, min-max)':>32} {'end ms (median)':>16}")
for name, argv in cases:
    results = [one(argv) for _ in range(runs)]
    firsts = [r[0] for r in results]
    ends = [r[1] for r in results]
    print(f"{name:<52} {statistics.median(firsts):>14.1f} ({min(firsts):.1f}-{max(firsts):.1f}) {statistics.median(ends):>16.0f}")
    print(f"{'':<4}first bytes: {results[-1][2]!r}")
PY
