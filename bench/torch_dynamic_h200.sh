#!/bin/bash
# The "On the H200" run of issue 5: the dynamic view (child python importing torch) and the static
# view (torch/version.py, torch/lib) in one `check`, timed. Run through the device tool from
# /work/main with .device/fw/ holding rocm-doctor, rules/ and this script:
#   run command: bash .device/fw/torch_dynamic_h200.sh   carry: [".device/fw"]
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp/fw-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader
py=$(command -v python3)
echo "python3: $py"
/usr/bin/time -f "import torch alone: %e s, %M KB" "$py" -c 'import torch; torch.cuda.is_available(); torch.cuda.get_arch_list()'
/usr/bin/time -f "check: %e s, %M KB" "$here/rocm-doctor" check --rules "$here/rules" -v > "$out/check.txt" 2>&1
/usr/bin/time -f "check --format json: %e s" "$here/rocm-doctor" check --rules "$here/rules" --format json --no-redact -o "$out/check.json"
python3 - "$out/check.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
fw = d["facts"]["values"].get("frameworks", {})
print(json.dumps({"torch": fw.get("torch"), "torch_runtime": fw.get("torch_runtime")}, indent=1))
for c in d["collectors"]:
    print(c["name"], c["status"], round(c["elapsed_ms"]), "ms")
PY
tv=$("$py" -c 'import importlib.util as u; print(u.find_spec("torch").submodule_search_locations[0])')/version.py
cp "$tv" "$out/torch_version.py" 2>/dev/null
/usr/bin/time -f "collect_env: %e s, %M KB" "$py" -m torch.utils.collect_env > "$out/collect_env.txt" 2>&1
tail -n 40 "$out/check.txt"
