#!/usr/bin/env bash
# Installs what rocm-doctor needs to build and test, from Debian/Ubuntu packages only.
# Debian 12/13, Ubuntu 22.04/24.04. Needs root (or sudo). Idempotent.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

build_pkgs=(cmake ninja-build g++ git pkg-config ccache help2man dpkg-dev libcli11-dev libfmt-dev nlohmann-json3-dev
            libgtest-dev libelf-dev libre2-dev libzstd-dev zlib1g-dev python3 python3-jsonschema python3-yaml)
# Headers of the management libraries the internal-smi child dlopens (never links): without them
# that view is compiled out and the report says so. librocm-smi-dev is in Debian 12+ and Ubuntu
# 22.04+; libamd-smi-dev (amd-smi, ROCm 10.1's replacement) only from Debian 13 / Ubuntu 25.04 on.
view_pkgs=(librocm-smi-dev libamd-smi-dev)
# Packages the tests exercise for real: Debian's ROCm user space (hipcc 5.2 on bookworm),
# rocminfo/rocm-smi, clang for the fuzzers, and a CPU PyTorch.
test_pkgs=(hipcc libamdhip64-dev rocminfo rocm-smi rocm-device-libs clang python3-torch binutils)
# The shellcheck package checks every filled fix command and every `rocm-doctor fix` script (issue 14,
# tests/integration/fix_shellcheck.sh): packaged everywhere, so not optional like the ones above.
check_pkgs=(shellcheck)
# Only for the opt-in tests (tests/integration-optin/): chroots and a local Slurm.
optin_pkgs=(debootstrap slurm-wlm)

$SUDO apt-get update -qq
# toml++ is packaged from Debian 12 / Ubuntu 24.04 on; elsewhere CMake fetches a pinned release.
if apt-cache show libtomlplusplus-dev >/dev/null 2>&1; then build_pkgs+=(libtomlplusplus-dev); fi
for p in "${view_pkgs[@]}"; do
  if apt-cache show "$p" >/dev/null 2>&1; then build_pkgs+=("$p")
  else echo "install-deps: $p not packaged here: that management-library view will be compiled out (configure says so)" >&2; fi
done
case "${1:-all}" in
  build) pkgs=("${build_pkgs[@]}") ;;
  optin) pkgs=("${optin_pkgs[@]}") ;;
  *)     pkgs=("${build_pkgs[@]}" "${check_pkgs[@]}")
         for p in "${test_pkgs[@]}"; do
           if apt-cache show "$p" >/dev/null 2>&1; then pkgs+=("$p"); else echo "install-deps: $p not packaged here, skipped" >&2; fi
         done ;;
esac
$SUDO apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
echo "install-deps: installed ${#pkgs[@]} packages"
