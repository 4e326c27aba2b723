#!/usr/bin/env bash
# check --lib PATH is a coverage consumer (issue 15 item 2; debian-sid-rocm/SUMMARY.md D12): a
# path that does not exist, or is no ELF file, is a finding and never a pass; a HIP library's
# targets are read from its offload bundles by ranges.
source "$(dirname "$0")/lib.bash"
FIX="$SRC/tests/fixtures/fw-ggml-hip-gfx1201"
set +e
"$DOCTOR" check --replay "$FIX" --lib /nonexistent/libfoo.so --lib /etc/os-release \
  --lib /usr/lib/x86_64-linux-gnu/ggml/backends0/libggml-hip.so -f json -o "$WORK/lib.json"
set -e
python3 - "$WORK/lib.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
values = j["facts"]["values"] if "values" in j["facts"] else j["facts"]
consumers = {c["path"]: c for c in values["coverage"]["consumers"]}
missing, text = consumers["/nonexistent/libfoo.so"], consumers["/etc/os-release"]
assert not missing["readable"] and missing["requested"], missing
assert not text["readable"] and "not an ELF file" in text["problems"][0], text
ggml = consumers["/usr/lib/x86_64-linux-gnu/ggml/backends0/libggml-hip.so"]
assert ggml["requested"] and len(ggml["targets"]) == 10 and "gfx1201" not in ggml["targets"], ggml
unreadable = [f for f in j["findings"] if f["id"] == "coverage.consumer-unreadable"]
assert len(unreadable) == 2, [f["title"] for f in unreadable]
marks = {s["id"]: s["mark"] for s in j["sections"]}
assert marks["frameworks"] not in ("ok", "not_applicable"), marks
PY
echo "coverage_lib: --lib paths judged"
