#!/usr/bin/env bash
# scripts/check_layering.py must fail, naming file:line, on an include that crosses the layering
# of docs/ARCHITECTURE.md and on an rd_ library linked against it (issue 13). Plants both in a
# temp copy of the tree; the real tree passes (ctest layering.check).
set -euo pipefail
SRC=${1:?usage: $0 SOURCE_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/docs" "$work/scripts"
cp -r "$SRC/src" "$work/src"
cp "$SRC/docs/ARCHITECTURE.md" "$work/docs/"
cp "$SRC/CMakeLists.txt" "$work/"
cp "$SRC/scripts/check_layering.py" "$work/scripts/"
python3 "$work/scripts/check_layering.py" --root "$work" >/dev/null || { echo "FAIL: the unplanted copy already fails"; exit 1; }
# core may not include a collector (the old AllCollectors-in-core shape) nor link rd_report.
sed -i '1a #include "collectors/collectors.h"' "$work/src/core/facts.cpp"
sed -i 's/target_link_libraries(rd_core PUBLIC rd_util rd_system)/target_link_libraries(rd_core PUBLIC rd_util rd_system rd_report)/' "$work/CMakeLists.txt"
set +e
out=$(python3 "$work/scripts/check_layering.py" --root "$work" 2>&1)
status=$?
set -e
echo "$out"
[ "$status" = 1 ] || { echo "FAIL: exit $status, wanted 1"; exit 1; }
grep -qF 'src/core/facts.cpp:2: src/core may not include collectors/collectors.h' <<<"$out" || { echo "FAIL: include not named"; exit 1; }
grep -qE '^CMakeLists.txt:[0-9]+: rd_core may not link rd_report' <<<"$out" || { echo "FAIL: link not named"; exit 1; }
echo "planted_violation: ok"
