#!/usr/bin/env bash
# ux-review m6: the man page built beside the binary (packaging/CPack.cmake, help2man) has a
# NAME line without literal quotes, no "???" from a non-UTF-8 locale, and every subcommand's
# options (check's --fail-on, fleet's --expect-file) and the exit codes.
source "$(dirname "$0")/lib.bash"
page="$(dirname "$DOCTOR")/rocm-doctor.1.gz"
if ! command -v help2man >/dev/null; then
  [ ! -e "$page" ] || fail "a man page without help2man?"
  echo "SKIP: help2man not installed (scripts/install-deps.sh installs it)"; exit 0
fi
[ -s "$page" ] || fail "no man page at $page although help2man is installed"
zcat "$page" > "$WORK/page.1"
expect_contains "$WORK/page.1" 'rocm-doctor \- diagnose an AMD ROCm / HIP installation'
grep -q '"diagnose' "$WORK/page.1" && fail "literal quotes in NAME"
grep -q '???' "$WORK/page.1" && fail "'???' in the page: help2man ran in a non-UTF-8 locale"
expect_contains "$WORK/page.1" '.SS "rocm-doctor check"'
expect_contains "$WORK/page.1" '\-\-fail\-on'
expect_contains "$WORK/page.1" '\-\-expect\-file'
expect_contains "$WORK/page.1" 'Exit codes: 0'
expect_contains "$WORK/page.1" 'Usage: rocm\-doctor check'
# It renders: man(1) reads it without warnings.
if command -v man >/dev/null; then
  LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$WORK/page.1" > "$WORK/page.txt" 2> "$WORK/man.err" || fail "man -l failed: $(cat "$WORK/man.err")"
  expect_contains "$WORK/page.txt" "COMMANDS"
fi
echo "ok"
