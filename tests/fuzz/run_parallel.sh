#!/usr/bin/env bash
# Runs one libFuzzer target as N independent workers until TOTAL executions are done (or
# MAX_SECONDS pass), then sums what every worker executed and lists any crash artifacts.
# Used for the "no crash in 10 million executions" runs on a many-core machine:
#   tests/fuzz/run_parallel.sh FUZZER SEED_DIR TOTAL [WORKERS] [MAX_SECONDS] [OUT_DIR] [-- FLAGS]
#   tests/fuzz/run_parallel.sh build-fuzz/tests/fuzz/fuzz_triage tests/fixtures/triage 10000000 64 480
# Each worker has its own corpus copy and seed, SEED_BASE+i (so runs differ and a second run with
# another SEED_BASE explores further; a worker reproduces by its seed); a crash
# leaves crash-*/leak-*/timeout-*/oom-* in that worker's folder and makes the exit status 1.
set -euo pipefail
# Undefined behaviour stops a worker and leaves a crash artifact (recovering, UBSan printed a report
# and the run summed "0 artifacts": 2026-12-03, runtime_fact_emit.cpp).
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
fuzzer=$(realpath "${1:?usage: run_parallel.sh FUZZER SEED_DIR TOTAL [WORKERS] [MAX_SECONDS] [OUT_DIR]}")
seeds=$(realpath "${2:?seed corpus folder}")
total=${3:?total executions}
workers=${4:-$(nproc)}
max_seconds=${5:-540}
out=${6:-$(mktemp -d)}
shift $(( $# < 6 ? $# : 6 ))
[ "${1:-}" = "--" ] && shift
per_worker=$(( (total + workers - 1) / workers ))
mkdir -p "$out"
echo "fuzz: $(basename "$fuzzer") x $workers workers, $per_worker runs each (cap ${max_seconds}s), in $out"
started=$(date +%s)
for i in $(seq 1 "$workers"); do
  dir="$out/w$i"
  mkdir -p "$dir/corpus"
  find "$seeds" -type f -size -64k -exec cp -t "$dir/corpus" {} + 2>/dev/null || true
  # set +e: the subshell inherits set -e, and a failing worker (a crash, or libFuzzer's 72 on
  # Ctrl-C) then ended it before its status was written, so the summary below aborted unprinted.
  ( cd "$dir" && set +e; "$fuzzer" -seed=$(( ${SEED_BASE:-0} + i )) -runs="$per_worker" -max_total_time="$max_seconds" -max_len=8192 \
      -print_final_stats=1 -artifact_prefix="$dir/" "$@" corpus > log.txt 2>&1; echo $? > status ) &
done
wait
elapsed=$(( $(date +%s) - started ))
executed=$(cat "$out"/w*/log.txt | awk '/stat::number_of_executed_units:/ {s += $2} END {print s + 0}')
artifacts=$(find "$out" -maxdepth 2 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
# awk, not grep -L: grep's exit status with -L differs between versions, and under pipefail it aborted.
bad=$(awk '$0 != "0"' "$out"/w*/status | wc -l)
echo "fuzz: $executed executions in ${elapsed}s ($(( executed / (elapsed > 0 ? elapsed : 1) ))/s) by $workers workers; $artifacts artifacts; $bad workers exited non-zero"
[ "$artifacts" = 0 ] && [ "$bad" = 0 ]
