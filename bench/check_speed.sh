#!/usr/bin/env bash
# Wall time of `rocm-doctor check --quick` and `check` against `python3 -m torch.utils.collect_env`
# (Debian's python3-torch, imported by the system /usr/bin/python3), in the same run.
# Usage: bench/check_speed.sh [path/to/rocm-doctor] [runs]
set -euo pipefail
DOCTOR=${1:-build/rocm-doctor}
RUNS=${2:-10}
PYTHON=${PYTHON:-/usr/bin/python3}
python3 - "$DOCTOR" "$RUNS" "$PYTHON" <<'PY'
import resource, statistics, subprocess, sys, time

doctor, runs, python = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def measure(argv, n):
    times, rss = [], []
    for _ in range(n):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        t = time.perf_counter()
        p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
        # ru_maxrss of children is the max over all children so far: report the overall max.
        rss.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return statistics.median(times), min(times), max(rss) / 1024, p.returncode

q_med, q_min, q_rss, q_rc = measure([doctor, "check", "--quick"], runs)
d_med, d_min, d_rss, d_rc = measure([doctor, "check"], max(3, runs // 3))
c_med, c_min, c_rss, c_rc = measure([python, "-m", "torch.utils.collect_env"], max(3, runs // 3))
print(f"rocm-doctor check --quick  median {q_med*1000:8.1f} ms  min {q_min*1000:8.1f} ms  (exit {q_rc})")
print(f"rocm-doctor check          median {d_med*1000:8.1f} ms  min {d_min*1000:8.1f} ms  (exit {d_rc}; imports torch, compiles HIP)")
print(f"torch.utils.collect_env    median {c_med*1000:8.1f} ms  min {c_min*1000:8.1f} ms  peak RSS of all children {c_rss:.0f} MB (exit {c_rc})")
print(f"ratio collect_env / check --quick  {c_med / q_med:8.1f}x")
print(f"ratio collect_env / check          {c_med / d_med:8.1f}x")
PY
