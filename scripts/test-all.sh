#!/usr/bin/env bash
# README command 2 (and CI): install everything, build, run every test, then the same suite
# under AddressSanitizer + UndefinedBehaviorSanitizer. Slow opt-in tests: see README.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh all
# -g1 (line tables only): the same code as -g, about a quarter less compile time on 2 cores.
scripts/build.sh -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"
./build/rocm-doctor check || true
ctest --test-dir build --output-on-failure -j "$(nproc)"
# Sanitizer build: same tests, ASan+UBSan, probes off (HIP device code is not instrumented).
BUILD_DIR=build-asan BUILD_TYPE=Debug scripts/build.sh -DROCM_DOCTOR_SANITIZE=ON -DROCM_DOCTOR_PROBES=off
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
