#!/bin/bash
# Makes (once) and caches a Debian 13 (trixie) root with Debian's HIP compiler for
# debian13_trixie.sh. Needs root, debootstrap and network; about 1 GB.
# Usage: trixie_root.sh [ROOT]   (default /var/cache/rocm-doctor-trixie)
# debian-rocm-notes.md "Debian 13 (trixie) for real".
set -euo pipefail
ROOT=${1:-${ROCM_DOCTOR_TRIXIE_ROOT:-/var/cache/rocm-doctor-trixie}}
MIRROR=${ROCM_DOCTOR_DEBIAN_MIRROR:-http://deb.debian.org/debian}
[ -f "$ROOT/.rocm-doctor-ready" ] && { echo "trixie root ready: $ROOT"; exit 0; }
DEBOOTSTRAP=$(command -v debootstrap || echo /usr/sbin/debootstrap)
if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
  rm -rf "$ROOT"
  "$DEBOOTSTRAP" --variant=minbase --keyring=/usr/share/keyrings/debian-archive-keyring.gpg trixie "$ROOT" "$MIRROR"
fi
mount --bind /proc "$ROOT/proc"
trap 'umount "$ROOT/proc" 2>/dev/null || true' EXIT
chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get update -q
chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends hipcc libamdhip64-dev
touch "$ROOT/.rocm-doctor-ready"
echo "trixie root ready: $ROOT ($(du -sh "$ROOT" | cut -f1))"
