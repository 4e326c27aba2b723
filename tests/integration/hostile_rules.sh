#!/usr/bin/env bash
# Malformed rule files: clear file:line messages, no crash, the report still comes out.
source "$(dirname "$0")/lib.bash"
mkdir -p "$WORK/rules"
printf '[[rule]\nid = ' > "$WORK/rules/truncated.toml"
head -c 2048 /dev/urandom > "$WORK/rules/random.toml"
printf '[[rule]]\nid="x.y"\nsection="system"\nseverity="info"\ntitle="t"\nwhen=[{fact="os.id", matches="(unclosed"}]\n' > "$WORK/rules/regex.toml"
python3 -c "print('[[rule]]\nid=\"x.deep\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[' + '{not='*200 + '{fact=\"os.id\", eq=\"x\"}' + '}'*200 + ']')" > "$WORK/rules/deep.toml"
set +e; "$DOCTOR" rules lint "$WORK/rules" > "$WORK/lint" 2>&1; status=$?; set -e
[ "$status" = 2 ] || fail "lint exited $status"
expect_contains "$WORK/lint" "truncated.toml:"
expect_contains "$WORK/lint" "random.toml:"
expect_contains "$WORK/lint" "regex.toml:6"
expect_contains "$WORK/lint" "deep.toml:"
set +e; "$DOCTOR" check --rules "$WORK/rules" > "$WORK/out" 2> "$WORK/err"; status=$?; set -e
[ "$status" -le 1 ] || fail "check exited $status"
expect_contains "$WORK/out" "System —"
expect_contains "$WORK/err" "regex.toml:6"
echo "hostile_rules: ok"
