#!/usr/bin/env bash
# Opt-in (not in ctest): the .deb installs with dpkg into fresh debootstrapped Debian 12 (bookworm)
# and 13 (trixie) roots and `rocm-doctor check` runs there, reporting the root's PRETTY_NAME.
# Roots are cached under /var/cache/rocm-doctor-chroots (created on first run: debootstrap
# --variant=minbase, ~30 s and ~200 MB each, from the Debian mirror apt already uses); each run installs into a
# throwaway copy so the cache stays pristine.
#   (cd build && cpack -G DEB)
#   sudo tests/integration-optin/deb_chroot.sh build/rocm-doctor_0.1.0_amd64.deb
set -euo pipefail
DEB=$(realpath "${1:?usage: $0 PACKAGE.deb [SUITE…]}")
shift
if [ $# -gt 0 ]; then SUITES=("$@"); else SUITES=(bookworm trixie); fi
CACHE=${ROCM_DOCTOR_CHROOTS:-/var/cache/rocm-doctor-chroots}
# The mirror this machine's apt sources name (one-line or deb822 format), unless DEBIAN_MIRROR says.
apt_mirror() {
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '$1 == "deb" && $0 ~ /debian/ { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; exit } }'
  cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '$1 == "URIs:" && $2 ~ /debian\/?$/ { print $2; exit }'
}
MIRROR=${DEBIAN_MIRROR:-$(apt_mirror | head -n 1)}
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot, mount)"
command -v debootstrap >/dev/null || fail "debootstrap not found: apt-get install -y debootstrap"
[ -n "$MIRROR" ] || fail "no Debian mirror in /etc/apt/sources*: set DEBIAN_MIRROR"
T=$(mktemp -d /tmp/rd-chroot.XXXXXX)
MOUNTS=()
unmount_all() {
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" || true; done
  MOUNTS=()
}
# Never delete a tree while /proc or /sys is still mounted inside it.
remove_tree() { if grep -qF " $1/" /proc/mounts; then echo "left $1 (still mounted)" >&2; else rm -rf "$1"; fi; }
cleanup() { unmount_all; remove_tree "$T"; }
trap cleanup EXIT
dpkg-deb -f "$DEB" Package Version Depends Recommends | sed 's/^/deb: /'

for suite in "${SUITES[@]}"; do
  cached="$CACHE/$suite"
  if [ ! -x "$cached/bin/sh" ]; then
    mkdir -p "$CACHE"
    debootstrap --variant=minbase "$suite" "$cached" "$MIRROR" > "$T/debootstrap-$suite.log" 2>&1 \
      || { tail -20 "$T/debootstrap-$suite.log"; fail "debootstrap $suite"; }
  fi
  root="$T/$suite"
  cp -a "$cached" "$root"
  # /proc and /sys as a container would see them; the doctor must cope if they are missing.
  mount -t proc proc "$root/proc" && MOUNTS+=("$root/proc")
  mount --bind /sys "$root/sys" && mount -o remount,bind,ro "$root/sys" && MOUNTS+=("$root/sys") || true
  cp "$DEB" "$root/tmp/rocm-doctor.deb"
  if ! chroot "$root" dpkg -i /tmp/rocm-doctor.deb > "$T/dpkg.log" 2>&1; then
    cat "$T/dpkg.log"
    echo "dpkg -i left dependencies open: apt-get -f install"
    chroot "$root" apt-get update -qq && chroot "$root" apt-get -f install -y -qq || fail "$suite: apt-get -f install"
  fi
  chroot "$root" dpkg -s rocm-doctor | grep -q '^Status: install ok installed' || fail "$suite: not installed"
  for path in /usr/bin/rocm-doctor /usr/share/rocm-doctor/rules/system.toml /usr/share/rocm-doctor/rules/data/fleet.toml \
              /usr/share/bash-completion/completions/rocm-doctor /usr/share/zsh/vendor-completions/_rocm-doctor; do
    [ -e "$root$path" ] || fail "$suite: $path not installed"
  done
  [ -e "$root/usr/share/man/man1/rocm-doctor.1.gz" ] || echo "$suite: note: no man page in this .deb (help2man missing at build)"
  pretty=$(. "$root/etc/os-release"; echo "$PRETTY_NAME")
  set +e
  chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin NO_COLOR=1 rocm-doctor check > "$T/check.txt" 2> "$T/check.err"
  status=$?
  set -e
  [ "$status" -le 1 ] || { cat "$T/check.txt" "$T/check.err"; fail "$suite: rocm-doctor check exited $status"; }
  grep -q "System" "$T/check.txt" || { cat "$T/check.txt"; fail "$suite: no System section"; }
  grep -qF "$pretty" "$T/check.txt" || { cat "$T/check.txt"; fail "$suite: '$pretty' not reported"; }
  echo "$suite: installed $(chroot "$root" rocm-doctor --version), check exit $status, reports '$pretty':"
  grep -F -m1 "$pretty" "$T/check.txt" | sed 's/^/  | /'
  chroot "$root" env -i PATH=/usr/bin:/bin rocm-doctor check -f json -o /tmp/r.json || true
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['facts']['values']['os']['pretty_name']==sys.argv[2]" \
    "$root/tmp/r.json" "$pretty" || fail "$suite: JSON report lacks os.pretty_name"
  unmount_all
  remove_tree "$root"
done
echo "deb_chroot: ok (${SUITES[*]})"
