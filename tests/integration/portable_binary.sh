#!/usr/bin/env bash
# The shipped binaries run on Ubuntu 22.04, RHEL 9, Debian 12/13: they need at most GLIBC_2.34,
# GLIBCXX_3.4.29 (GCC 11) and CXXABI_1.3.13, link no shared library beyond libc, libm,
# libstdc++ and libgcc_s (HIP, rocm_smi and libdrm are dlopened; fmt and toml++ header-only).
# A cross-check with binutils (readelf, objdump) of what tests/unit/portable_binary_test.cpp proves
# with the doctor's own ELF reader.
source "$(dirname "$0")/lib.bash"
[ -z "${ROCM_DOCTOR_SANITIZED:-}" ] || { echo "SKIP: sanitizer build (links libasan); the release build is checked"; exit 0; }
command -v readelf >/dev/null && command -v objdump >/dev/null || { echo "SKIP: binutils not installed"; exit 0; }
bins=("$DOCTOR")
probe=$(find "$(dirname "$DOCTOR")" -maxdepth 3 -name rocm-doctor-probe -type f -perm -u+x 2>/dev/null | head -1)
[ -n "$probe" ] && bins+=("$probe")
allowed='^(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-x86-64\.so\.2|ld-linux-aarch64\.so\.1)$'
# Highest version of a family a binary needs (Version needs section), e.g. GLIBC -> 2.34.
max_version() { readelf --version-info --wide "$1" | grep -oE "Name: $2_[0-9.]+" | sed "s/Name: $2_//" | sort -V | tail -1; }
version_le() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" = "$1" ]; }
for bin in "${bins[@]}"; do
  needed=$(readelf -d --wide "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  # The probe is the one program that must link the GPU runtime: it runs as an isolated child,
  # and a runtime that is missing or broken is what it reports (the doctor never loads it).
  allowed_here=$allowed
  [ "$bin" = "$probe" ] && allowed_here='^(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-x86-64\.so\.2|libamdhip64\.so\.[0-9]+|libcudart\.so\.[0-9]+)$'
  for lib in $needed; do
    [[ $lib =~ $allowed_here ]] || fail "$bin links $lib (only libc, libm, libstdc++, libgcc_s allowed; dlopen the rest)"
  done
  for bound in GLIBC:2.34 GLIBCXX:3.4.29 CXXABI:1.3.13; do
    family=${bound%%:*} limit=${bound#*:}
    got=$(max_version "$bin" "$family")
    [ -z "$got" ] && continue
    if ! version_le "$got" "$limit"; then
      echo "symbols needing ${family}_${got}:"; objdump -T "$bin" | grep -E "${family}_${got//./\\.}([^0-9.]|$)" || true
      fail "$bin needs ${family}_${got} > ${family}_${limit}"
    fi
    echo "$(basename "$bin"): ${family} max ${got} <= ${limit}"
  done
  echo "$(basename "$bin"): NEEDED $(echo $needed)"
done
echo "portable_binary: ${#bins[@]} binaries ok"
