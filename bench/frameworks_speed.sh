#!/usr/bin/env bash
# Issue 5 speed figures in one table: median of N runs of wall time, CPU time (user+sys of the
# whole process tree) and max RSS (the largest single process of the tree, as wait4 reports it)
# for the torch import the doctor runs (same interpreter, same script), the compile check's
# hipcc command (same targets), `check` with and without its child-process views, and
# `python3 -m torch.utils.collect_env`. Run it on an idle machine (see docs/speed.md).
# Usage: bench/frameworks_speed.sh [build/rocm-doctor] [runs, default 5]
set -euo pipefail
DOCTOR=$(realpath "${1:-build/rocm-doctor}")
RUNS=${2:-5}
SRC=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# What the doctor itself runs here: the interpreter it imports torch with, and hipcc's argv.
"$DOCTOR" check --format json --no-redact -o "$WORK/report.json" --rules "$SRC/rules" >/dev/null 2>&1 || true
python3 - "$DOCTOR" "$RUNS" "$SRC" "$WORK" <<'PY'
import json, os, re, resource, shutil, statistics, subprocess, sys, time

doctor, runs, src, work = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
facts = json.load(open(os.path.join(work, "report.json")))["facts"]["values"]
runtime = facts.get("frameworks", {}).get("torch_runtime", {})
python = runtime.get("python") or "/usr/bin/python3"
script = re.search(r'const char\* kScript = R"PY\((.*?)\)PY";',
                   open(os.path.join(src, "src/collectors/torch_dynamic_collector.cpp")).read(), re.S).group(1)
targets = facts.get("compile", {}).get("targets") or ["gfx90a"]
hipcc_dir = os.path.join(work, "hipcc")
os.makedirs(hipcc_dir)
with open(os.path.join(src, "probes/compile_check.hip")) as f, open(os.path.join(hipcc_dir, "compile_check.hip"), "w") as g:
    g.write(f.read())
hipcc = ["hipcc", "-v"] + [f"--offload-arch={t}" for t in targets] + ["compile_check.hip", "-o", "compile_check"]
check = [doctor, "check", "--rules", os.path.join(src, "rules")]
cases = [
    (f"{python} -c <the doctor's import torch script>", [python, "-c", script], None),
    (" ".join(hipcc), hipcc, hipcc_dir) if shutil.which("hipcc") else None,
    ("rocm-doctor check", check, None),
    ("rocm-doctor check --no-compile", check + ["--no-compile"], None),
    ("rocm-doctor check --no-compile --no-probes", check + ["--no-compile", "--no-probes"], None),
    ("rocm-doctor check --quick", check + ["--quick"], None),
    (f"{python} -m torch.utils.collect_env", [python, "-m", "torch.utils.collect_env"], None),
]

def once(argv, cwd):
    # Every command starts in the same scratch directory (hipcc: where its source is).
    # fork + wait4: the rusage of that one child and everything it waited for.
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.chdir(cwd or work)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0); os.dup2(null, 1); os.dup2(null, 2)
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, ru = os.wait4(pid, 0)
    return time.perf_counter() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)

print(f"machine: {os.cpu_count()} cores, {os.uname().release}, load {os.getloadavg()[0]:.2f}; median of {runs} runs")
print(f"| command | wall s | CPU s | max RSS MB | exit |")
print(f"|---|---:|---:|---:|---:|")
for name, argv, cwd in filter(None, cases):
    once(argv, cwd)  # warm the page cache
    samples = [once(argv, cwd) for _ in range(runs)]
    wall, cpu, rss = (statistics.median(s[i] for s in samples) for i in range(3))
    print(f"| `{name}` | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {samples[-1][3]} |", flush=True)
PY
# Inside one `check`: how long the import took in the doctor's own child (the torch_dynamic
# collector), the slowest other collector, and when collection ended. The doctor's own share is
# collect_ms minus the slowest collector.
python3 - "$DOCTOR" "$RUNS" "$SRC" "$WORK" <<'PY'
import json, os, subprocess, sys
doctor, runs, src, work = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
print("\n| run | torch import inside check ms | slowest other collector | collect ms | total ms |")
print("|---:|---:|---|---:|---:|")
for i in range(runs):
    out = os.path.join(work, "timing.json")
    subprocess.run([doctor, "check", "--rules", os.path.join(src, "rules"), "--format", "json", "-o", out],
                   cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = json.load(open(out))
    elapsed = {c["name"]: c["elapsed_ms"] for c in report["collectors"]}
    other = max((v, k) for k, v in elapsed.items() if k != "torch_dynamic")
    t = report["timings"]
    print(f"| {i + 1} | {elapsed.get('torch_dynamic', 0):.0f} | {other[1]} {other[0]:.0f} | {t['collect_ms']:.0f} | {t['total_ms']:.0f} |")
PY
