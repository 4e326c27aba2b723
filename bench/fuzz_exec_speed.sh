#!/usr/bin/env bash
# What one execution of the whole-triage fuzz target costs in the release build (no sanitizer, no
# fuzzer bookkeeping): every corpus paste and triage fixture through LLVMFuzzerTestOneInput,
# ROUNDS times. The 10-million-execution runs (issue 13) are bounded by this cost.
# Usage: bench/fuzz_exec_speed.sh [build-dir] [rounds]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
rounds=${2:-5}
ninja -C "$build" fuzz_triage_replay > /dev/null
mapfile -t inputs < <(ls "$root"/tests/corpus/cases/*/paste.txt "$root"/tests/fixtures/triage/*.txt)
ROCM_DOCTOR_RULES="$root/rules" "$build/tests/fuzz_triage_replay" -rounds="$rounds" "${inputs[@]}"
