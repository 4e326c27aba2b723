#!/bin/sh
# Writes help2man's include file: man-extra.h2m, then a COMMANDS section with every subcommand's
# own --help (ux-review m6: the page had no `check` options at all; help2man reads only the
# top-level --help). Usage: man-commands.sh ROCM_DOCTOR MAN_EXTRA_H2M OUT.h2m
set -eu
doctor=$1
exec > "$3"
cat "$2"
printf '\n[COMMANDS]\n'
for sub in check fix triage probe fleet "rules list" "rules facts" "rules lint" explain; do
  printf '.SS "rocm-doctor %s"\n.nf\n' "$sub"
  # roff: backslashes doubled, '-' as \-, a leading . or ' protected by \&.
  # shellcheck disable=SC2086  # $sub is two words for `rules list`
  "$doctor" $sub --help | sed -e 's|^Usage: [^ ]*|Usage: rocm-doctor|' -e 's/\\/\\\\/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
  printf '.fi\n'
done
