#!/usr/bin/env bash
# triage's inputs: stdin capped like files (D16), pipes and /dev/stdin read (m8), UTF-16
# decoded (m9), one missing file among others reported while the rest is diagnosed (m5).
source "$(dirname "$0")/lib.bash"
PASTE="$SRC/tests/fixtures/triage-pastes/rocminfo-out-of-resources.txt"

# 64 MiB + 1 byte on stdin: refused with a message, quickly, without holding it all twice.
start=$(date +%s%N)
set +e
head -c $((64 * 1024 * 1024 + 1)) /dev/zero | /usr/bin/time -f '%M' -o "$WORK/rss" "$DOCTOR" triage - > "$WORK/big.out" 2> "$WORK/big.err"
status=$?
set -e
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$status" = 2 ] || fail "64 MiB + 1 on stdin: exit $status, wanted 2"
expect_contains "$WORK/big.err" "stdin: larger than 67108864 bytes, not read"
rss_kb=$(tail -1 "$WORK/rss")
echo "stdin 64 MiB + 1: ${ms} ms, ${rss_kb} KB"
[ -n "${ROCM_DOCTOR_SANITIZED:-}" ] || [ "$rss_kb" -lt 102400 ] || fail "stdin cap used ${rss_kb} KB"

# The same paste through a pipe, /dev/stdin and stdin gives the same diagnosis as the file.
"$DOCTOR" triage "$PASTE" -f json --fail-on never | python3 -c 'import json,sys; print(sorted(f["id"] for f in json.load(sys.stdin)["findings"]))' > "$WORK/file.ids"
"$DOCTOR" triage <(cat "$PASTE") -f json --fail-on never | python3 -c 'import json,sys; print(sorted(f["id"] for f in json.load(sys.stdin)["findings"]))' > "$WORK/pipe.ids"
"$DOCTOR" triage /dev/stdin -f json --fail-on never < <(cat "$PASTE") | python3 -c 'import json,sys; print(sorted(f["id"] for f in json.load(sys.stdin)["findings"]))' > "$WORK/devstdin.ids"
diff "$WORK/file.ids" "$WORK/pipe.ids" || fail "triage <(cat paste) differs from the file"
diff "$WORK/file.ids" "$WORK/devstdin.ids" || fail "triage /dev/stdin differs from the file"
grep -q "hsa.out-of-resources-decode" "$WORK/file.ids" || fail "the paste gave no finding: $(cat "$WORK/file.ids")"

# UTF-16LE with a BOM, as PowerShell's > writes it.
python3 -c 'import sys; sys.stdout.buffer.write(open(sys.argv[1], encoding="utf-8").read().encode("utf-16"))' "$PASTE" > "$WORK/utf16.txt"
"$DOCTOR" triage "$WORK/utf16.txt" -f json --fail-on never | python3 -c 'import json,sys; print(sorted(f["id"] for f in json.load(sys.stdin)["findings"]))' > "$WORK/utf16.ids"
diff "$WORK/file.ids" "$WORK/utf16.ids" || fail "the UTF-16 paste differs from the UTF-8 one"

# A missing file among others: its message, the others' report, exit 2.
set +e
"$DOCTOR" triage "$PASTE" "$WORK/nonexistent.txt" > "$WORK/mixed.out" 2> "$WORK/mixed.err"
status=$?
set -e
[ "$status" = 2 ] || fail "missing input among others: exit $status, wanted 2"
expect_contains "$WORK/mixed.err" "$WORK/nonexistent.txt"
expect_contains "$WORK/mixed.out" "hsa.out-of-resources-decode"
echo "triage inputs: ok"
