#!/bin/bash
# The amd-smi view against Debian's real libamd_smi (issue 18): in a Debian sid root with
# libamd-smi27 / libamd-smi-dev 10.1 (no GPU there), the internal-smi child dlopens
# libamd_smi.so.27, amdsmi_init fails cleanly and `check` names the cause; on this host
# (bookworm, librocm-smi64-1 5.2, no libamd_smi) rocm_smi still answers as before.
# Needs root. The binary must be built with sid's header:
#   BUILD_DIR=build-sid scripts/build.sh -DROCM_DOCTOR_AMDSMI_INCLUDE_DIR=$SIDROOT/usr/include
# Usage: sudo tests/integration-optin/amdsmi_sid_root.sh BUILD/rocm-doctor SRC [SIDROOT]
# The root is shared: every use of it holds /tmp/rd-sidroot.lock; rocm-doctor goes to /opt/rd
# (bin/, share/rocm-doctor/rules/), the .deb's relative layout, so no --rules is needed.
set -euo pipefail
DOCTOR=$(realpath "${1:?usage: $0 ROCM_DOCTOR SRC [SIDROOT]}")
SRC=$(realpath "${2:?usage: $0 ROCM_DOCTOR SRC [SIDROOT]}")
ROOT=${3:-${SIDROOT:-/var/tmp/sidroot}}
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -e "$ROOT/usr/lib/x86_64-linux-gnu/libamd_smi.so.27" ] || fail "$ROOT has no libamd_smi.so.27 (apt-get install libamd-smi27 there)"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$DOCTOR" internal-smi > "$WORK/host.json"
python3 - "$WORK/host.json" <<'PY'
import json, sys
out = json.load(open(sys.argv[1]))
amd = out["amd_smi"]
assert amd["compiled"], "this rocm-doctor was built without amd_smi/amdsmi.h: build it with -DROCM_DOCTOR_AMDSMI_INCLUDE_DIR"
# bookworm: no libamd_smi; rocm_smi_lib is asked as before and says why it cannot answer
assert amd["available"] is False and "libamd_smi not found" in amd["reason"], amd
assert out["library"].startswith("librocm_smi64.so"), out
assert "status" in out or out.get("available"), out
assert out["answered_by"] in ("rocm_smi", "none"), out
print(f"host: amd_smi: {amd['reason'][:60]}…; rocm_smi: {out['library']} {out.get('reason', 'available')[:70]}")
PY
in_root() {  # bind /proc, /sys, /dev like make-sid-root.sh run; unmount after
  mount --bind /proc "$ROOT/proc"; mount --bind /sys "$ROOT/sys"; mount --bind /dev "$ROOT/dev"
  set +e
  chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/opt/rd/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 /bin/bash -c "$1"
  local s=$?
  set -e
  umount "$ROOT/dev" "$ROOT/sys" "$ROOT/proc"
  return $s
}
(
  flock 9
  mkdir -p "$ROOT/opt/rd/bin" "$ROOT/opt/rd/share/rocm-doctor"
  cp "$DOCTOR" "$ROOT/opt/rd/bin/rocm-doctor"
  rm -rf "$ROOT/opt/rd/share/rocm-doctor/rules"
  cp -r "$SRC/rules" "$ROOT/opt/rd/share/rocm-doctor/rules"
  in_root "rocm-doctor internal-smi" > "$WORK/sid.json" 2> "$WORK/sid.err"
  in_root "rocm-doctor check -f json --no-redact -o /tmp/rd-amdsmi-check.json; cat /tmp/rd-amdsmi-check.json; rm -f /tmp/rd-amdsmi-check.json" \
    > "$WORK/sid-check.json" 2> "$WORK/sid-check.err" || true
) 9> /tmp/rd-sidroot.lock
python3 - "$WORK/sid.json" "$WORK/sid-check.json" <<'PY'
import json, sys
out = json.load(open(sys.argv[1]))
amd = out["amd_smi"]
assert amd["library"] == "libamd_smi.so.27", amd
assert amd["lib_version"].startswith("27."), amd
assert amd["available"] is False and isinstance(amd.get("status"), int) and amd["status"] != 0, amd
assert amd["reason"].startswith(f"amdsmi_init returned status {amd['status']}: AMDSMI_STATUS_"), amd
report = json.load(open(sys.argv[2]))
values = report["facts"]["values"]
assert values["mgmt"]["library"] == "none", values["mgmt"]
titles = {f["id"]: f["title"] for f in report["findings"]}
title = titles.get("runtime.amd-smi-unavailable", "")
assert "libamd_smi.so.27" in title and amd["reason"] in title, titles
print(f"sid root: {title}")
PY
echo "amdsmi_sid_root: ok"
