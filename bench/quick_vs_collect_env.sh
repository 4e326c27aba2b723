#!/usr/bin/env bash
# Issue 15 "Must show": `check --quick` (the coverage scan of every HIP library included) within
# 1/20 of `python3 -m torch.utils.collect_env`'s time, both measured in the same run, alternating,
# on the same machine. Run inside the Debian sid ROCm root (real rocBLAS, hipBLASLt, MIOpen,
# ggml-hip and python3-torch; /work/shared/reference/debian-sid-rocm/make-sid-root.sh), where
# both have real work to do; as root, taking /tmp/rd-sidroot.lock:
#   sudo bench/quick_vs_collect_env.sh build/rocm-doctor [runs, default 7]
# SIDROOT=/ runs it on this machine instead (needs a python3 with torch).
set -euo pipefail
bin=$(realpath "${1:-build/rocm-doctor}")
runs=${2:-7}
repo=$(cd "$(dirname "$0")/.." && pwd)
sid=${SIDROOT:-/var/tmp/sidroot}
maker=${MAKE_SID_ROOT:-/work/shared/reference/debian-sid-rocm/make-sid-root.sh}
stage=$sid/tmp/rd-bench.$$
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/share/rocm-doctor/probes"
cp "$bin" "$stage/bin/rocm-doctor"
cp -r "$repo/rules" "$stage/share/rocm-doctor/rules"
cp "$repo/probes/compile_check.hip" "$stage/share/rocm-doctor/probes/"
inside=${stage#"$sid"}
[[ $sid == / ]] && inside=$stage
cat > "$stage/bench.py" <<PY
import json, statistics, subprocess, sys, time
runs = $runs
rd = ["$inside/bin/rocm-doctor", "check", "--quick", "-f", "json", "-o", "$inside/quick.json"]
ce = [sys.executable, "-m", "torch.utils.collect_env"]
t = {"quick": [], "collect_env": []}
for i in range(runs):  # alternating, so both see the same machine load
    for name, argv in (("quick", rd), ("collect_env", ce)):
        s = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t[name].append((time.perf_counter() - s) * 1000)
report = json.load(open("$inside/quick.json"))
cov = report["facts"]["values"].get("coverage", {})
names = [c["name"] + " (" + str(len(c.get("targets", []))) + " targets)" for c in cov.get("consumers", [])]
q, c = statistics.median(t["quick"]), statistics.median(t["collect_env"])
print(f"runs: {runs} each, alternating")
print(f"check --quick          median {q:8.1f} ms  (min {min(t['quick']):.1f}, max {max(t['quick']):.1f})")
print(f"torch collect_env      median {c:8.1f} ms  (min {min(t['collect_env']):.1f}, max {max(t['collect_env']):.1f})")
print(f"ratio quick/collect_env: 1/{c / q:.1f}  (the bound: 1/20)")
print("coverage scan in --quick: " + (", ".join(names) if names else "none"))
sys.exit(0 if q * 20 <= c else 1)
PY
if [[ $sid == / ]]; then
  python3 "$stage/bench.py"
else
  exec 9>/tmp/rd-sidroot.lock
  flock 9
  env SIDROOT="$sid" bash "$maker" run "cd /tmp && python3 $inside/bench.py"
fi
