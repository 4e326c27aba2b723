#!/usr/bin/env bash
# `fleet` over the MI300X amd-smi fixtures' real reports (issue 18): the nodes with ECC, PCIe link,
# XGMI and firmware problems are listed per health fact with what is wrong, and firmware and
# partition differences are skew, in JSON, text and Markdown.
source "$(dirname "$0")/lib.bash"
mkdir "$WORK/reports"
for pair in n1:mi300x-amdsmi-healthy n2:mi300x-amdsmi-healthy n3:mi300x-pcie-gen4 n4:mi300x-ecc-uncorrectable \
            n5:mi300x-xgmi-down n6:mi300x-old-firmware; do
  set +e; "$DOCTOR" check --replay "$SRC/tests/fixtures/${pair#*:}" -f json -o "$WORK/reports/${pair%%:*}.json"; s=$?; set -e
  [ "$s" -le 1 ] || fail "check --replay ${pair#*:} exited $s"
done
python3 - "$WORK/reports/n2.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
report["facts"]["values"]["gpu_health"]["partition"] = "CPX/NPS4"
json.dump(report, open(sys.argv[1], "w"))
PY
expect_status 1 "$DOCTOR" fleet "$WORK/reports" -f json -o "$WORK/fleet.json"   # error findings (ECC, XGMI)
python3 - "$WORK/fleet.json" <<'PY'
import json, sys
out = json.load(open(sys.argv[1]))
health = {h["fact"]: [n["node"] for n in h["nodes"]] for h in out["health"]}
assert health == {"gpu_health.link_gpus": ["n3"], "gpu_health.ecc_gpus": ["n4"], "gpu_health.xgmi_gpus": ["n5"],
                  "gpu_health.firmware_gpus": ["n6"]}, health
assert out["summary"]["nodes_with_health_problems"] == 4
problems = {n["node"]: n["problems"] for n in out["node_health"]}
assert problems["n3"] == ["GPU 3 (0000:75:00.0): PCIe 16 GT/s x16 of 32 GT/s x16"], problems
assert problems["n6"][0] == "GPU 0 (0000:05:00.0): PLDM bundle 01.25.03.12 below 01.25.06.05", problems
skew = {s["fact"]: {v["value"]: v["nodes"] for v in s["values"]} for s in out["skew"]}
assert skew["gpu_health.firmware"]["PLDM_BUNDLE 01.25.03.12"] == ["n6"], skew
assert skew["gpu_health.partition"]["CPX/NPS4"] == ["n2"], skew
ids = {f["id"]: f["nodes"] for f in out["findings"]}
assert ids["health.ecc-uncorrectable"] == ["n4"] and ids["health.xgmi-link"] == ["n5"], ids
PY
expect_status 1 "$DOCTOR" fleet "$WORK/reports" -o "$WORK/fleet.txt"
expect_contains "$WORK/fleet.txt" "! GPU health problems:"
expect_contains "$WORK/fleet.txt" "n3: GPU 3 (0000:75:00.0): PCIe 16 GT/s x16 of 32 GT/s x16"
expect_status 1 "$DOCTOR" fleet "$WORK/reports" -f markdown -o "$WORK/fleet.md"
expect_contains "$WORK/fleet.md" "| \`gpu_health.xgmi_gpus\` | 1 | n5 |"
echo "fleet_health: ok"
