#!/usr/bin/env bash
# docs/facts.md is generated from the fact catalog (rules/facts.toml) by `rules facts`: the two
# may not drift apart (issue 13: one fact vocabulary).
source "$(dirname "$0")/lib.bash"
table=$(ROCM_DOCTOR_RULES="$SRC/rules" "$DOCTOR" rules facts 2>&1) || fail "rules facts failed: $table"
doc=$(grep '^|' "$SRC/docs/facts.md")
[[ "$table" == "$doc" ]] || fail "docs/facts.md differs from 'rocm-doctor rules facts' (regenerate it): $(diff <(echo "$doc") <(echo "$table") | head -5)"
echo "facts_doc_sync: ok"
