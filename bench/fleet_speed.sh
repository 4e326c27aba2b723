#!/usr/bin/env bash
# `rocm-doctor fleet` over 1,000 generated node reports (a replayed fixture's real JSON report,
# copied with planted probe outliers and kernel/driver skew): wall time (best of RUNS) and whether
# it found exactly the planted nodes.
# Usage: bench/fleet_speed.sh [path/to/rocm-doctor] [nodes] [runs]
set -euo pipefail
DOCTOR=${1:-build/rocm-doctor}
NODES=${2:-1000}
RUNS=${3:-5}
SRC=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
set +e; "$DOCTOR" check --replay "$SRC/tests/fixtures/debian13-host" -f json -o "$WORK/base.json"; s=$?; set -e
[ "$s" -le 1 ] || { echo "check --replay failed ($s)"; exit 1; }
python3 - "$WORK" "$NODES" <<'PY'
import json, os, random, sys
work, count = sys.argv[1], int(sys.argv[2])
base = json.load(open(f"{work}/base.json"))
rng = random.Random(8)
os.mkdir(f"{work}/reports")
names = [f"gpu{i:04d}" for i in range(count)]
outliers = sorted(rng.sample(names, 7))
skewed = sorted(rng.sample([n for n in names if n not in outliers], 13))
for name in names:
    values = base["facts"]["values"]
    gbps = rng.uniform(20, 35) if name in outliers else rng.uniform(49, 56)
    values["probes"] = {"memcpy": {"h2d_pinned_gbps": round(gbps, 2)}}
    base["facts"]["absent"].pop("probes", None)  # the replayed fixture had no probe to run
    values["kernel"]["release"] = "6.1.0-99-amd64" if name in skewed else "6.1.0-18-amd64"
    json.dump(base, open(f"{work}/reports/{name}.json", "w"))
json.dump({"outliers": outliers, "skewed": skewed}, open(f"{work}/planted.json", "w"))
size = sum(os.path.getsize(f"{work}/reports/{n}.json") for n in names)
print(f"generated {count} reports, {size / 1e6:.1f} MB; planted outliers {outliers}; kernel skew on {len(skewed)} nodes")
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
found = sorted(o["node"] for o in out["probe_outliers"])
skew = {s["fact"]: s for s in out["skew"]}
minority = sorted(min(skew["kernel.release"]["values"], key=lambda v: v["node_count"])["nodes"]) if "kernel.release" in skew else []
ok = found == planted["outliers"] and minority == planted["skewed"] and list(skew) == ["kernel.release"]
print(f"fleet over {out['summary']['nodes_reporting']} reports: best {best:.3f} s; outliers found {found}; "
      f"kernel skew nodes {len(minority)}; exact match: {ok}")
sys.exit(0 if ok and best < 2.0 else 1)
PY
