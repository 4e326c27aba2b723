#!/usr/bin/env bash
# The handwritten bash and zsh completions (packaging/completions/) name every subcommand and
# every flag that `rocm-doctor --help` and each subcommand's --help print.
source "$(dirname "$0")/lib.bash"
bash_file="$SRC/packaging/completions/rocm-doctor.bash"
zsh_file="$SRC/packaging/completions/_rocm-doctor"
bash -n "$bash_file" || fail "bash completion has a syntax error"
helps=("" check fix triage probe fleet rules explain "rules list" "rules facts" "rules lint")
for cmd in "${helps[@]}"; do
  # shellcheck disable=SC2086
  "$DOCTOR" $cmd --help > "$WORK/help.txt" 2>&1 || true
  python3 - "$WORK/help.txt" "$bash_file" "$zsh_file" "${cmd:-rocm-doctor}" <<'PY'
import re, sys
help_text, bash_text, zsh_text, cmd = open(sys.argv[1]).read(), open(sys.argv[2]).read(), open(sys.argv[3]).read(), sys.argv[4]
flags, subs, in_subs = set(), set(), False
for line in help_text.splitlines():
    if re.match(r"^\S.*:\s*$", line):
        in_subs = line.strip().lower().startswith("subcommands")
        continue
    m = re.match(r"^\s+(-[^\s]+)", line)
    if m:
        for part in m.group(1).split(","):
            if part.startswith("-"): flags.add(part)
    elif in_subs:
        m = re.match(r"^\s+([a-z][\w-]*)\s", line)
        if m: subs.add(m.group(1))
assert flags, f"no flags parsed from `{cmd} --help`:\n{help_text}"
token = lambda text, word: re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text)
missing = [f"{w} (bash)" for w in sorted(flags | subs) if not token(bash_text, w)]
missing += [f"{w} (zsh)" for w in sorted(flags | subs) if not token(zsh_text, w)]
if missing:
    sys.exit(f"`{cmd} --help` names what the completions lack: {', '.join(missing)}")
print(f"{cmd}: {len(flags)} flags, {len(subs)} subcommands covered")
PY
done
# The bash completion actually completes: subcommands, and fleet's flags.
out=$(bash -c "source '$bash_file'; COMP_WORDS=(rocm-doctor fl); COMP_CWORD=1; _rocm_doctor; echo \${COMPREPLY[*]}")
[ "$out" = "fleet" ] || fail "completing 'fl' gave '$out'"
out=$(bash -c "source '$bash_file'; COMP_WORDS=(rocm-doctor fleet --exp); COMP_CWORD=2; _rocm_doctor; echo \${COMPREPLY[*]}")
[ "$out" = "--expect --expect-file" ] || fail "completing 'fleet --exp' gave '$out'"
# ux-review p5: rule ids after --ignore and for explain, never the "N rules" count line.
rules_path=$(dirname "$DOCTOR")
out=$(PATH="$rules_path:$PATH" ROCM_DOCTOR_RULES="$SRC/rules" bash -c "source '$bash_file'; COMP_WORDS=(rocm-doctor check --ignore gpu.none-f); COMP_CWORD=3; _rocm_doctor; echo \${COMPREPLY[*]}")
[ "$out" = "gpu.none-found" ] || fail "completing '--ignore gpu.none-f' gave '$out'"
out=$(PATH="$rules_path:$PATH" ROCM_DOCTOR_RULES="$SRC/rules" bash -c "source '$bash_file'; COMP_WORDS=(rocm-doctor explain 2); COMP_CWORD=2; _rocm_doctor; echo \${COMPREPLY[*]}")
[ -z "$out" ] || fail "completing 'explain 2' gave '$out' (the count line?)"
echo "completion_sync: ok"
