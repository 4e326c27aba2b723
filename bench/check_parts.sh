#!/usr/bin/env bash
# What each part of `check` costs on this machine (issue 14 item 8, docs/speed.md): wall time of
# `check`, `check --no-compile`, `check --quick` and `check --replay FIXTURE`, and from each JSON
# report the rules+derive+evaluate time and every collector's elapsed_ms (median of RUNS).
# Usage: bench/check_parts.sh [build/rocm-doctor] [runs]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
DOCTOR=${1:-build/rocm-doctor}
RUNS=${2:-5}
python3 - "$DOCTOR" "$RUNS" <<'PY'
import json, os, statistics, subprocess, sys, time
doctor, runs = sys.argv[1], int(sys.argv[2])
modes = [("check", []), ("check --no-compile", ["--no-compile"]), ("check --quick", ["--quick"]),
         ("check --replay tests/fixtures/mi300x-amdsmi-healthy", ["--replay", "tests/fixtures/mi300x-amdsmi-healthy"])]
med = lambda xs: statistics.median(xs) if xs else float("nan")
print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, median of {runs}")
for name, extra in modes:
    walls, totals, collects, evaluates, per = [], [], [], [], {}
    for _ in range(runs):
        start = time.monotonic()
        out = subprocess.run([doctor, "check", "-f", "json", *extra], capture_output=True, text=True).stdout
        walls.append((time.monotonic() - start) * 1000)
        j = json.loads(out)
        t = j["timings"]
        totals.append(t["total_ms"]); collects.append(t["collect_ms"]); evaluates.append(t["evaluate_ms"])
        for c in j["collectors"]:
            per.setdefault(c["name"], []).append(c["elapsed_ms"])
    print(f"\n{name}: wall {med(walls):.0f} ms · total {med(totals):.0f} · collect {med(collects):.0f} · "
          f"derive+evaluate {med(evaluates):.0f} · before collect (rules, snapshot) {med(totals) - med(collects) - med(evaluates):.0f}")
    slow = sorted(per.items(), key=lambda kv: -med(kv[1]))
    print("  " + " · ".join(f"{k} {med(v):.0f}" for k, v in slow))
PY
