#!/usr/bin/env bash
# `rocm-doctor fleet` over 1,000 generated MI300X node reports (issue 18) with planted GPU faults:
# the reports are the real JSON reports of the replayed amd-smi fixtures (healthy, Gen4-trained
# Gen5 link, uncorrectable ECC, XGMI link down, old firmware) copied per node, plus a partition
# change on a few healthy copies. Checks that fleet lists exactly the planted nodes per health
# fact, the firmware and partition skew minorities exactly, and takes the best of RUNS wall time.
# Usage: bench/fleet_health_speed.sh [path/to/rocm-doctor] [nodes] [runs]
set -euo pipefail
DOCTOR=${1:-build/rocm-doctor}
NODES=${2:-1000}
RUNS=${3:-5}
SRC=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for s in mi300x-amdsmi-healthy mi300x-pcie-gen4 mi300x-ecc-uncorrectable mi300x-xgmi-down mi300x-old-firmware; do
  set +e; "$DOCTOR" check --replay "$SRC/tests/fixtures/$s" -f json -o "$WORK/$s.json"; st=$?; set -e
  [ "$st" -le 1 ] || { echo "check --replay $s failed ($st)"; exit 1; }
done
python3 - "$WORK" "$NODES" <<'PY'
import json, os, random, sys
work, count = sys.argv[1], int(sys.argv[2])
base = {s: json.load(open(f"{work}/mi300x-{s}.json")) for s in ("amdsmi-healthy", "pcie-gen4", "ecc-uncorrectable", "xgmi-down", "old-firmware")}
rng = random.Random(18)
names = [f"mi300x-{i:04d}" for i in range(count)]
pool = names[:]
rng.shuffle(pool)
planted = {"link": sorted(pool[0:9]), "ecc": sorted(pool[9:15]), "xgmi": sorted(pool[15:20]),
           "firmware": sorted(pool[20:31]), "partition": sorted(pool[31:35])}
os.mkdir(f"{work}/reports")
kind_of = {n: k for k, ns in planted.items() for n in ns}
source = {"link": "pcie-gen4", "ecc": "ecc-uncorrectable", "xgmi": "xgmi-down", "firmware": "old-firmware"}
for name in names:
    kind = kind_of.get(name)
    report = json.loads(json.dumps(base[source.get(kind, "amdsmi-healthy")]))
    if kind == "partition":  # this node's GPUs were switched to CPX/NPS4 (no finding: the node is uniform)
        report["facts"]["values"]["gpu_health"]["partition"] = "CPX/NPS4"
    json.dump(report, open(f"{work}/reports/{name}.json", "w"))
json.dump(planted, open(f"{work}/planted.json", "w"))
size = sum(os.path.getsize(f"{work}/reports/{n}.json") for n in names)
print(f"generated {count} reports, {size / 1e6:.1f} MB; planted " + ", ".join(f"{k} on {len(v)}" for k, v in planted.items()))
PY
best=""
for _ in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  set +e; "$DOCTOR" fleet "$WORK/reports" -f json -o "$WORK/fleet.json"; set -e
  t=$(echo "$(date +%s.%N) - $start" | bc)
  if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
done
python3 - "$WORK" "$best" <<'PY'
import json, sys
work, best = sys.argv[1], float(sys.argv[2])
planted = json.load(open(f"{work}/planted.json"))
out = json.load(open(f"{work}/fleet.json"))
health = {h["fact"]: sorted(n["node"] for n in h["nodes"]) for h in out["health"]}
skew = {s["fact"]: s for s in out["skew"]}
def minority(fact):
    if fact not in skew: return []
    return sorted(min(skew[fact]["values"], key=lambda v: v["node_count"])["nodes"])
checks = {
    "ecc": health.get("gpu_health.ecc_gpus") == planted["ecc"],
    "link": health.get("gpu_health.link_gpus") == planted["link"],
    "xgmi": health.get("gpu_health.xgmi_gpus") == planted["xgmi"],
    "firmware": health.get("gpu_health.firmware_gpus") == planted["firmware"],
    "no other health fact": set(health) == {"gpu_health.ecc_gpus", "gpu_health.link_gpus", "gpu_health.xgmi_gpus", "gpu_health.firmware_gpus"},
    "firmware skew": minority("gpu_health.firmware") == planted["firmware"],
    "partition skew": minority("gpu_health.partition") == planted["partition"],
    "no other skew": set(skew) == {"gpu_health.firmware", "gpu_health.partition"},
    "node_health": sorted(n["node"] for n in out["node_health"]) == sorted(planted["ecc"] + planted["link"] + planted["xgmi"] + planted["firmware"]),
}
ok = all(checks.values())
print(f"fleet over {out['summary']['nodes_reporting']} reports: best {best:.3f} s; " +
      ", ".join(f"{k}: {'ok' if v else 'WRONG'}" for k, v in checks.items()) + f"; exact match: {ok}")
sys.exit(0 if ok and best <= 1.0 else 1)
PY
