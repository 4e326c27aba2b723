#!/usr/bin/env bash
# `fleet` over real node reports (replayed fixtures) with planted skew, a slow node, an unreadable
# report and a missing node: it finds exactly those, in all three formats, with the right exits.
source "$(dirname "$0")/lib.bash"
gen() {  # fixture -> report json
  set +e; "$DOCTOR" check --replay "$SRC/tests/fixtures/$1" -f json -o "$2"; local s=$?; set -e
  [ "$s" -le 1 ] || fail "check --replay $1 exited $s"
}
gen debian13-host "$WORK/debian.json"
gen rhel94-host "$WORK/rhel.json"
mkdir "$WORK/reports"
python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
debian, rhel = (json.load(open(f"{work}/{n}.json")) for n in ("debian", "rhel"))
h2d = {"n01": 50.0, "n02": 51.5, "n03": 49.0, "n04": 52.0, "n05": 50.5, "n06": 30.0, "n07": 48.0}
for node, gbps in h2d.items():
    report = json.loads(json.dumps(rhel if node == "n05" else debian))
    values = report["facts"]["values"]
    values["probes"] = {"memcpy": {"h2d_pinned_gbps": gbps}}
    report["facts"]["absent"].pop("probes", None)  # the replayed fixture had no probe to run
    if node in ("n03", "n07"):
        values["kernel"]["release"] = "6.12.99-custom"
    json.dump(report, open(f"{work}/reports/{node}.json", "w"))
open(f"{work}/reports/n08.json", "w").write('{"schema": 1, "facts": ')  # truncated by a full disk
open(f"{work}/nodes.txt", "w").write("# from scontrol show hostnames\n" + "\n".join(f"n0{i}" for i in range(1, 10)) + "\n")
PY
expect_status 1 "$DOCTOR" fleet "$WORK/reports" --expect-file "$WORK/nodes.txt" -f json -o "$WORK/fleet.json"
python3 - "$WORK" "$SRC/rules/data/fleet.toml" <<'PY'
import json, sys, tomllib
work, fleet_toml = sys.argv[1], sys.argv[2]
out = json.load(open(f"{work}/fleet.json"))
config = tomllib.load(open(fleet_toml, "rb"))
assert out["fleet_schema"] == 1
assert out["nodes"] == ["n01", "n02", "n03", "n04", "n05", "n06", "n07"], out["nodes"]
assert out["missing_nodes"] == ["n09"], out["missing_nodes"]
assert [u["node"] for u in out["unreadable"]] == ["n08"], out["unreadable"]
assert "n08.json" in out["unreadable"][0]["message"]
assert [(o["node"], o["metric"]) for o in out["probe_outliers"]] == [("n06", "probes.memcpy.h2d_pinned_gbps")], out["probe_outliers"]
assert out["probe_outliers"][0]["median"] == 50.0
# Skew recomputed independently from the node reports, for every fact fleet.toml names.
def lookup(values, path):
    for part in path.split("."):
        if not isinstance(values, dict) or part not in values: return None
        values = values[part]
    return values if isinstance(values, str) else json.dumps(values, separators=(",", ":"))
expected = {}
for fact in config["skew_facts"]:
    groups = {}
    for n in out["nodes"]:
        v = lookup(json.load(open(f"{work}/reports/{n}.json"))["facts"]["values"], fact)
        groups.setdefault(v, []).append(n)
    if len(groups) > 1 and any(k is not None for k in groups):
        expected[fact] = sorted(sorted(g) for g in groups.values())
got = {s["fact"]: sorted(v["nodes"] for v in s["values"]) for s in out["skew"]}
assert got == expected, (got, expected)
assert got["kernel.release"] == [["n01", "n02", "n04", "n06"], ["n03", "n07"], ["n05"]], got
assert got["os.pretty_name"] == [["n01", "n02", "n03", "n04", "n06", "n07"], ["n05"]], got
# Findings: every finding id of every node, with exactly its nodes.
want = {}
for n in out["nodes"]:
    for f in json.load(open(f"{work}/reports/{n}.json"))["findings"]:
        want.setdefault(f["id"], set()).add(n)
assert {f["id"]: set(f["nodes"]) for f in out["findings"]} == want
print(f"fleet json: {len(out['skew'])} skewed facts, {len(want)} finding ids checked")
PY
expect_status 1 "$DOCTOR" fleet "$WORK/reports" --expect n09 -o "$WORK/fleet.txt"
expect_contains "$WORK/fleet.txt" "Missing nodes (no report): n09"
expect_contains "$WORK/fleet.txt" "6.12.99-custom"
expect_contains "$WORK/fleet.txt" "n06"
expect_status 1 "$DOCTOR" fleet "$WORK/reports" -f markdown -o "$WORK/fleet.md"
expect_contains "$WORK/fleet.md" "| \`kernel.release\` | \`6.12.99-custom\` | 2 | n03, n07 |"
# The outlier threshold comes from fleet.toml or the flag: at 0.5 n06 (40% below) is no outlier.
# Without the unreadable report and the node with an error finding (n05, rhel94-host) nothing is
# at the error level: exit 0; warnings (skew, debian13's warning) fail only --fail-on warning.
rm "$WORK/reports/n08.json" "$WORK/reports/n05.json"
expect_status 0 "$DOCTOR" fleet "$WORK/reports" --outlier-fraction 0.5 --fail-on error -f json -o "$WORK/loose.json"
python3 -c "import json,sys; assert json.load(open(sys.argv[1]))['probe_outliers'] == []" "$WORK/loose.json"
expect_status 1 "$DOCTOR" fleet "$WORK/reports" --fail-on warning -o /dev/null
expect_status 2 "$DOCTOR" fleet "$WORK/empty-dir-that-does-not-exist-either" --expect-file "$WORK/nope.txt"
mkdir "$WORK/empty"; expect_status 2 "$DOCTOR" fleet "$WORK/empty"
echo "fleet: ok"
