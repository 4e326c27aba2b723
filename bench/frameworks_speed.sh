#!/bin/bash
# Issue 5 speed figures, side by side on this machine: the torch import alone, `check` (the import
# runs concurrently with every other collector), `check --quick` (no child processes) and
# `python -m torch.utils.collect_env`. Usage: bench/frameworks_speed.sh [build/rocm-doctor] [python]
set -u
bin=${1:-build/rocm-doctor}
py=${2:-/usr/bin/python3}
rules=$(dirname "$0")/../rules
runs=${RUNS:-5}
t() { /usr/bin/time -f "%e s %M KB" "$@" 2>&1 >/dev/null | tail -1; }
echo "machine: $(nproc) cores, $(uname -r); torch: $($py -c 'import torch;print(torch.__version__)' 2>/dev/null)"
$py -c 'import torch' >/dev/null 2>&1  # warm the page cache once
for i in $(seq "$runs"); do
  echo "run $i: import torch: $(t "$py" -c 'import torch; torch.cuda.is_available(); torch.cuda.get_arch_list()') |" \
       "check: $(t "$bin" check --rules "$rules") |" \
       "check --quick: $(t "$bin" check --quick --rules "$rules") |" \
       "collect_env: $(t "$py" -m torch.utils.collect_env)"
done
