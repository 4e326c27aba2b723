#!/usr/bin/env bash
# Configures and builds the libFuzzer targets into build-fuzz/ (or $BUILD_DIR) with clang:
# everything under ASan+UBSan (or $SANITIZERS), coverage feedback only from the parsers and triage kinds
# (coverage_allowlist.txt / coverage_ignorelist.txt). Targets: fuzz_elf_reader fuzz_ld_so_cache
# fuzz_offload_bundle fuzz_kpack fuzz_triage (default: all). Run them with tests/fuzz/run_parallel.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build-fuzz}
here=$PWD/tests/fuzz
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# SANITIZERS=undefined builds a faster target without ASan (about 6x the executions per second:
# the 10-million-execution runs on a 16-core machine); the default keeps ASan for memory errors.
sanitizers=${SANITIZERS:-address,undefined}
CXX=${CXX:-clang++} CXXFLAGS="-fsanitize=fuzzer-no-link,$sanitizers -fno-omit-frame-pointer \
-fsanitize-coverage-allowlist=$here/coverage_allowlist.txt -fsanitize-coverage-ignorelist=$here/coverage_ignorelist.txt" \
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROCM_DOCTOR_FUZZ=ON \
  -DROCM_DOCTOR_TESTS=OFF -DROCM_DOCTOR_PROBES=off -DROCM_DOCTOR_FUZZ_SANITIZERS="$sanitizers" "${launcher[@]}" \
  -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" >/dev/null
ninja -C "$BUILD_DIR" -j "${JOBS:-$(nproc)}" "$@"
