#!/usr/bin/env bash
# README command 1: install dependencies, build, run `rocm-doctor check`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
ROCM_DOCTOR_TESTS=OFF scripts/build.sh -DROCM_DOCTOR_TESTS=OFF
./build/rocm-doctor check || true   # exit 1 only means error-level findings
