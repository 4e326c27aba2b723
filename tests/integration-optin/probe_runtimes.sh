#!/usr/bin/env bash
# Opt-in (root, debootstrap, network; not in ctest), issue 16: the probe the .deb ships loads the
# HIP runtime of whatever Debian it runs in. Debian 12 (bookworm, HIP 5.2) and 13 (trixie, HIP
# 5.7) roots with only libamdhip64-5 installed, and the Debian sid root with sid's ROCm stack
# (HIP 6.4, hipcc 7.0 / clang 21: debian-sid-rocm/make-sid-root.sh, $SIDROOT). In each root the
# .deb's probe must report hipErrorNoDevice cleanly (this machine has no GPU) with that root's
# runtime path and version. In the sid root also: the probe's ABI constants against HIP 6.4's
# headers, the JIT with sid's hipcc for targets the .deb's bundle lacks (gfx1201, gfx11-generic:
# compiled, then a cache hit, checked with clang-offload-bundler --list), and `rocm-doctor check`.
#   (cd build && cpack -G DEB)
#   sudo tests/integration-optin/probe_runtimes.sh build/rocm-doctor_0.1.0_amd64.deb [SRCDIR]
set -euo pipefail
DEB=$(realpath "${1:?usage: $0 PACKAGE.deb [SRCDIR]}")
SRC=$(realpath "${2:-$(dirname "$0")/../..}")
CACHE=${ROCM_DOCTOR_HIPROOTS:-/var/cache/rocm-doctor-hiproots}
SIDROOT=${SIDROOT:-/var/tmp/sidroot}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot, mount)"
probe_rel=usr/libexec/rocm-doctor/rocm-doctor-probe
T=$(mktemp -d /tmp/rd-probe-roots.XXXXXX)
dpkg-deb -x "$DEB" "$T/deb"
[ -x "$T/deb/$probe_rel" ] || fail "$DEB has no $probe_rel"
if readelf -d "$T/deb/$probe_rel" | grep -q 'NEEDED.*libamdhip64'; then fail "the .deb's probe is linked to libamdhip64"; fi
echo "ok: readelf -d $probe_rel: $(readelf -d "$T/deb/$probe_rel" | grep -o 'NEEDED.*' | sed 's/.*\[\(.*\)\]/\1/' | tr '\n' ' ')"
echo "    embedded targets: $("$T/deb/$probe_rel" --list-targets)"

MOUNTED=()
cleanup() {
  for ((i = ${#MOUNTED[@]} - 1; i >= 0; i--)); do umount "${MOUNTED[i]}" 2>/dev/null || umount -l "${MOUNTED[i]}" || true; done
  for root in "${ROOTS[@]:-}"; do [ -n "$root" ] && rm -rf "$root/opt/rdp"; done
  rm -rf "$T"
}
ROOTS=()
trap cleanup EXIT

# A minimal root with just Debian's HIP runtime (cached; ~200 MB each).
make_root() {
  local suite=$1 root=$CACHE/$1
  if [ ! -f "$root/.ready" ]; then
    command -v debootstrap >/dev/null || fail "debootstrap not found: apt-get install -y debootstrap"
    debootstrap --variant=minbase "$suite" "$root" "$MIRROR" > "$T/debootstrap-$suite.log" 2>&1 || { tail "$T/debootstrap-$suite.log"; fail "debootstrap $suite"; }
    echo 'Acquire::Check-Valid-Until "false";' > "$root/etc/apt/apt.conf.d/99novalid"
    chroot "$root" apt-get update -qq > /dev/null
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libamdhip64-5 > /dev/null
    touch "$root/.ready"
  fi
  echo "$root"
}

in_root() {  # ROOT CMD…: run CMD in ROOT with /proc, /sys, /dev as the host has them, clean env
  local root=$1
  shift
  for d in proc sys dev; do
    mountpoint -q "$root/$d" || { mount --bind "/$d" "$root/$d" && MOUNTED+=("$root/$d"); }
  done
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/opt/rdp/usr/bin:/usr/local/bin:/usr/bin:/bin TERM=dumb LANG=C.UTF-8 "$@"
}

json_field() { python3 -c 'import json,sys; l=json.loads(sys.stdin.readline()); print(l.get(sys.argv[1], ""))' "$1"; }

check_root() {  # SUITE ROOT EXPECTED_VERSION_PREFIX
  local suite=$1 root=$2 want=$3
  ROOTS+=("$root")
  rm -rf "$root/opt/rdp" && mkdir -p "$root/opt/rdp" && cp -a "$T/deb/usr" "$root/opt/rdp/"
  local line
  line=$(in_root "$root" /opt/rdp/$probe_rel | head -n 1)
  echo "$suite: $line"
  [ "$(json_field status <<< "$line")" = no-device ] || fail "$suite: status is not no-device"
  [ "$(json_field error <<< "$line")" = hipErrorNoDevice ] || fail "$suite: error is not hipErrorNoDevice"
  local path version
  path=$(json_field runtime_path <<< "$line")
  version=$(json_field runtime_version_text <<< "$line")
  [ -e "$root$path" ] || fail "$suite: runtime_path $path is not in the root"
  case "$version" in "$want"*) ;; *) fail "$suite: runtime version $version, expected $want*" ;; esac
  echo "ok: $suite loads $path ($version) and reports hipErrorNoDevice"
}

check_root bookworm "$(make_root bookworm)" 5.2.
check_root trixie "$(make_root trixie)" 5.7.
[ -x "$SIDROOT/usr/bin/hipcc" ] || SIDROOT=$(bash "$SRC/../shared/reference/debian-sid-rocm/make-sid-root.sh" 2>/dev/null || true)
[ -x "$SIDROOT/usr/bin/hipcc" ] || fail "no sid root with hipcc at $SIDROOT (debian-sid-rocm/make-sid-root.sh builds one)"
check_root sid "$SIDROOT" 6.4.

# HIP 6.4's headers agree with every constant the probe passes to the runtime.
mkdir -p "$SIDROOT/opt/rdp/src" && cp "$SRC/probes/runtime_api.h" "$SRC/probes/abi_check.cpp" "$SIDROOT/opt/rdp/src/"
in_root "$SIDROOT" g++ -std=c++20 -fsyntax-only -I/opt/rdp/src /opt/rdp/src/abi_check.cpp || fail "abi_check.cpp against sid's HIP 6.4 headers"
hip_version=$(in_root "$SIDROOT" sh -c 'grep -hE "define HIP_VERSION_(MAJOR|MINOR|PATCH) " /usr/include/hip/hip_version.h' | awk '{print $3}' | paste -sd.)
echo "ok: probes/abi_check.cpp compiles against sid's /usr/include/hip (HIP $hip_version)"

# The JIT with sid's hipcc for targets the .deb lacks: compiled once, then found in the cache.
bundler=$(in_root "$SIDROOT" sh -c 'command -v clang-offload-bundler-21 || ls /usr/lib/llvm-21/bin/clang-offload-bundler' | head -n 1)
jit=(/opt/rdp/$probe_rel --hipcc=/usr/bin/hipcc --kernel-source=/opt/rdp/usr/share/rocm-doctor/probes/kernels.hip --cache-dir=/tmp/rd-jit-cache)
in_root "$SIDROOT" rm -rf /tmp/rd-jit-cache
for target in gfx1201 gfx11-generic; do
  if "$T/deb/$probe_rel" --list-targets | tr ',' '\n' | grep -qx "$target"; then fail "$target is embedded already: pick another"; fi
  first=$(in_root "$SIDROOT" "${jit[@]}" --compile-kernels=$target)
  second=$(in_root "$SIDROOT" "${jit[@]}" --compile-kernels=$target)
  echo "$target first:  $first"
  echo "$target second: $second"
  [ "$(json_field source <<< "$first")" = jit-compiled ] || fail "$target: first run did not compile"
  [ "$(json_field source <<< "$second")" = jit-cache ] || fail "$target: second run missed the cache"
  object=$(json_field code_object <<< "$first")
  # clang-offload-bundler runs llvm-objcopy from PATH: LLVM's own bin folder first.
  listed=$(in_root "$SIDROOT" sh -c "PATH=/usr/lib/llvm-21/bin:\$PATH $bundler --list --type=o --input=$object")
  echo "$target: $bundler --list: $(echo $listed)"
  grep -q -- "--$target" <<< "$listed" || fail "$target: the code object has no $target entry"
done
echo "ok: JIT with sid's hipcc: compiled, then cache hits"

# The doctor itself, from the .deb, in the sid root: probes on sid's runtime.
report=$(in_root "$SIDROOT" /opt/rdp/usr/bin/rocm-doctor check || true)
grep -E '^\[.\] Runtime probes' <<< "$report"
grep -qE '^\[.\] Runtime probes .*libamdhip64\.so\.6\.4' <<< "$report" || fail "sid: the probes section does not name sid's runtime"
echo "ok: rocm-doctor check in sid probes $(grep -oE 'libamdhip64\.so\.6[0-9.]*' <<< "$report" | head -n 1)"
echo "PASS"
