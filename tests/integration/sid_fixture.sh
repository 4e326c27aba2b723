#!/usr/bin/env bash
# The replay fixture recorded from Debian sid's real ROCm packages (issue 15 item 6): what the
# doctor reads from it must equal the ground truth taken with ls, roc-obj-ls and ldd inside that
# root (tests/fixtures/debian-sid-rocm/ground-truth.txt, from
# /work/shared/reference/debian-sid-rocm/ground-truth-*.txt). Re-record: tests/tools/record_sid_fixture.sh.
source "$(dirname "$0")/lib.bash"
fixture="$SRC/tests/fixtures/debian-sid-rocm"
set +e; "$DOCTOR" check --replay "$fixture" --format json -o "$WORK/sid.json"; status=$?; set -e
[ "$status" -le 1 ] || fail "replay exited $status"
python3 - "$WORK/sid.json" "$fixture/ground-truth.txt" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
facts = report["facts"]["values"]
truth = {}
for line in open(sys.argv[2]):
    if line.strip() and not line.startswith("#"):
        key, *values = line.split()
        truth[key] = values
problems = []
def expect(what, got, want):
    print(f"  {what}: {got!r}" + ("" if got == want else f"  (ground truth {want!r})"))
    if got != want:
        problems.append(what)
def get(path):
    node = facts
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node
packages = {p["name"]: p["version"] for p in get("rocm.packages") or []}
expect("HIP version (hip_version.h)", get("rocm.newest_version"), truth["hip_version"][0])
expect("ROCm release (libamdhip64-6's version)", get("rocm.release"), truth["rocm_release"][0])
expect("hipcc package", packages.get("hipcc"), truth["hipcc_package"][0])
expect("clang", (get("toolchain.clang") or {}).get("version"), truth["clang"][0])
expect("selected GCC", (get("toolchain.selected_gcc") or {}).get("version"), truth["gcc"][0])
expect("rocBLAS Tensile dir", (get("frameworks.rocblas") or {}).get("dir"), truth["rocblas_dir"][0])
expect("rocBLAS targets", sorted((get("frameworks.rocblas") or {}).get("gfx_targets", [])), sorted(truth["rocblas"]))
# issue 15 item 4: comgr (dlopened by libamdhip64) is checked, and nothing is missing, as ldd says.
checked = {e["name"]: e for e in get("libs.checked") or []}
expect("libamd_comgr checked", "libamd_comgr.so.3" in checked, True)
expect("misses (ldd: not found)", get("libs.missing_count"), int(truth["ldd_not_found"][0]))
expect("libamdhip64 dlopen misses", checked.get("libamdhip64.so.6", {}).get("dlopen_missing"), [])
# issue 15 item 2: every HIP library through one mechanism (coverage.consumers): hipBLASLt in
# Debian's layout (no version level) and ggml-hip's offload bundles, read by ranges.
consumers = {c["name"]: c for c in get("coverage.consumers") or []}
expect("coverage: rocBLAS targets", sorted(consumers.get("rocBLAS", {}).get("targets", [])), sorted(truth["rocblas"]))
expect("coverage: hipBLASLt targets", sorted(consumers.get("hipBLASLt", {}).get("targets", [])), sorted(truth["hipblaslt"]))
expect("coverage: hipBLASLt dir", consumers.get("hipBLASLt", {}).get("path"), "/usr/lib/x86_64-linux-gnu/hipblaslt/library")
expect("coverage: ggml-hip targets", sorted(consumers.get("ggml-hip", {}).get("targets", [])), sorted(truth["ggml_hip"]))
expect("coverage: ggml-hip source", consumers.get("ggml-hip", {}).get("source"), "offload bundles")
if problems:
    sys.exit("FAIL: " + ", ".join(problems))
PY
echo "sid_fixture: ok"
