#!/usr/bin/env bash
# Opt-in (issue 15 "Must show", the sid root): `rocm-doctor check` run live inside Debian sid's
# real ROCm root must read rocBLAS's, hipBLASLt's and ggml-hip's targets exactly as the ground
# truth taken there with ls and clang-offload-bundler (tests/fixtures/debian-sid-rocm/
# ground-truth.txt, from /work/shared/reference/debian-sid-rocm/ground-truth-*.txt), and judge
# two fake GPUs from what is installed:
#   gfx1201 (RX 9070 XT): "ggml-hip has no gfx1201 code" (and rocBLAS's), no override advice;
#   gfx1100 (RX 7900 XTX): Debian's rocBLAS, hipBLASLt and ggml-hip have gfx1100 code: no
#   coverage finding and no override advice.
# and one failing hipcc for a reason no rule knows (issue 14 "Must show"): ROCM_PATH=/opt/rocm,
# which does not exist on Debian, makes the real hipcc exit 127; Toolchain must be ✗ with hipcc's
# own error line, never ✓.
# The fake GPU is a tmpfs over the root's /sys holding the rx7900xtx-gfx1100 fixture's sysfs with
# gfx_target_version and the PCI device id changed (the method of
# /work/shared/reference/debian-sid-rocm/fake-gpu-sysfs.sh); /dev stays the host's, so there is
# no /dev/kfd and rocminfo fails, as in the reference runs. The library-closure part (misses
# equal to ldd's) is tests/integration-optin/sid_closure_vs_ldd.sh.
#
#   sudo bash tests/integration-optin/sid_root_report.sh build/rocm-doctor .
#
# Takes /tmp/rd-sidroot.lock around every use of the root. Needs root (mount, chroot); ~15 s.
set -euo pipefail
bin=$(realpath "$1")
repo=$(realpath "${2:-.}")
sid=${SIDROOT:-/var/tmp/sidroot}
maker=${MAKE_SID_ROOT:-/work/shared/reference/debian-sid-rocm/make-sid-root.sh}
[[ -x $sid/usr/bin/hipcc ]] || { echo "SKIP: no Debian sid ROCm root at $sid (make-sid-root.sh builds it)"; exit 0; }
[[ $(id -u) == 0 ]] || { echo "SKIP: needs root (mount, chroot)"; exit 0; }

stage=$sid/tmp/rd-live.$$
out=$(mktemp -d /tmp/rd-sid-report.XXXXXX)
cleanup() {
  mountpoint -q "$sid/sys" && umount "$sid/sys" 2>/dev/null || true
  rm -rf "$stage" "$out"
}
trap cleanup EXIT
mkdir -p "$stage/bin" "$stage/share/rocm-doctor/probes"
cp "$bin" "$stage/bin/rocm-doctor"
cp -r "$repo/rules" "$stage/share/rocm-doctor/rules"
cp "$repo/probes/compile_check.hip" "$stage/share/rocm-doctor/probes/"
inside=${stage#"$sid"}

# fake_sysfs GFX_TARGET_VERSION PCI_DEVICE_HEX: mounted over $sid/sys; make-sid-root.sh run keeps
# a mounted /sys and unmounts it afterwards.
fake_sysfs() {
  local fx=$repo/tests/fixtures/rx7900xtx-gfx1100/files/sys
  mount -t tmpfs -o size=16m rd-fakesys "$sid/sys"
  cp -a "$fx/." "$sid/sys/"
  sed -i "s/^gfx_target_version .*/gfx_target_version $1/; s/^device_id .*/device_id $((16#$2))/" \
    "$sid/sys/class/kfd/kfd/topology/nodes/1/properties"
  echo "0x$2" > "$sid/sys/bus/pci/devices/0000:03:00.0/device"
}

run_check() {  # NAME [GFX_TARGET_VERSION PCI_DEVICE_HEX]; $PRE: words before the command (env …)
  local name=$1
  exec 9>/tmp/rd-sidroot.lock
  flock 9
  [[ $# -eq 3 ]] && fake_sysfs "$2" "$3"
  env SIDROOT="$sid" bash "$maker" run \
    "cd /tmp && ${PRE:-} $inside/bin/rocm-doctor check --no-probes ${COMPILE:---no-compile} -f json -o $inside/$name.json; echo \"$name: exit \$?\""
  mountpoint -q "$sid/sys" && umount "$sid/sys"
  flock -u 9
  cp "$stage/$name.json" "$out/"
}

run_check host
run_check gfx1201 120001 7550
run_check gfx1100 110000 744c
PRE="env ROCM_PATH=/opt/rocm" COMPILE=" " run_check rocm-path

python3 - "$out" "$repo/tests/fixtures/debian-sid-rocm/ground-truth.txt" <<'PY'
import json, os, re, sys
out, truth_file = sys.argv[1], sys.argv[2]
truth = {}
for line in open(truth_file):
    if line.strip() and not line.startswith("#"):
        key, *values = line.split()
        truth[key] = values
problems = []
def expect(what, got, want):
    ok = got == want
    print(f"  {what}: {got!r}" + ("" if ok else f"  (want {want!r})"))
    if not ok:
        problems.append(what)
def load(name):
    return json.load(open(os.path.join(out, name + ".json")))
def consumers(report):
    return {c["name"]: c for c in report["facts"]["values"].get("coverage", {}).get("consumers", [])}
def override_advice(report):
    # any finding of the override family, or any fix that sets the variable
    return sorted(f["id"] for f in report["findings"]
                  if f["id"].startswith("override.") or re.search(r"HSA_OVERRIDE_GFX_VERSION=\S", f.get("fix", "")))

host = load("host")
c = consumers(host)
print("live check in the sid root (no GPU):")
for name, key in (("rocBLAS", "rocblas"), ("hipBLASLt", "hipblaslt"), ("ggml-hip", "ggml_hip")):
    expect(f"{name} targets ({len(truth[key])} in the ground truth)", sorted(c.get(name, {}).get("targets", [])), sorted(truth[key]))

for name, gfx, lacking in (("gfx1201", "gfx1201", {"ggml-hip", "rocBLAS"}), ("gfx1100", "gfx1100", set())):
    r = load(name)
    gpus = r["facts"]["values"].get("gpus", [])
    print(f"fake {gfx} GPU:")
    expect("  GPU seen", [g.get("gfx") for g in gpus], [gfx])
    verdicts = {(v.get("consumer"), v.get("verdict")) for v in r["facts"]["values"].get("coverage", {}).get("verdicts", [])}
    none = {cname for cname, verdict in verdicts if verdict == "none"}
    expect("  libraries without code for it", sorted(none & {"rocBLAS", "hipBLASLt", "ggml-hip"}), sorted(lacking))
    titles = [f["title"] for f in r["findings"] if f["id"] == "coverage.consumer-lacks-gpu"]
    for lib in sorted(lacking):
        hit = [t for t in titles if lib in t and gfx in t]
        expect(f"  finding '{lib} has no {gfx} code'", bool(hit), True)
        if hit:
            print(f"    {hit[0]}")
    expect("  override advice", override_advice(r), [])
r = load("rocm-path")
print("ROCM_PATH=/opt/rocm (missing on Debian), the real hipcc:")
toolchain = [sec for sec in r["sections"] if sec["id"] == "toolchain"][0]
expect("  Toolchain mark", toolchain["mark"], "error")
failed = [f for f in r["findings"] if f["id"] == "compile.failed"]
expect("  compile.failed", len(failed), 1)
if failed:
    own = "/opt/rocm/lib/llvm-21/bin/clang++" in failed[0]["title"] + failed[0].get("fix", "") + failed[0].get("explain", "") \
        or any("/opt/rocm/lib/llvm-21/bin/clang++" in str(x) for x in r["facts"]["values"].get("compile", {}).get("failure_lines", []))
    print("    " + failed[0]["title"])
    expect("  hipcc's own error quoted", own, True)
if problems:
    sys.exit("FAIL: " + ", ".join(problems))
print("sid_root_report: ok")
PY
