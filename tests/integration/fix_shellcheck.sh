#!/usr/bin/env bash
# issue 14 items 4 and 9: every fix command of every rule that fires on a fixture, with its
# template filled from that fixture, passes `shellcheck -s sh`, and so does the `fix` script of
# every snapshot fixture; paste fixtures (triage) fill the same templates. A command line that is prose or a placeholder ("Use a …", "<gid>", "docker run
# ... ...") fails too: advice that is not a command belongs in a `# …` comment. Batched: one
# shellcheck run for all snippets and one for all scripts (a few seconds).
source "$(dirname "$0")/lib.bash"
# The fix texts are rule data, the same in every build: the release build (CI's first pass)
# checks them, and the sanitizer pass does not replay 170 reports again for it (CI budget).
[ -z "${ROCM_DOCTOR_SANITIZED:-}" ] || { echo "SKIP: sanitizer build; the release build checks every filled fix"; exit 0; }
command -v shellcheck >/dev/null || fail "shellcheck is not installed (scripts/install-deps.sh installs it)"
python3 - "$DOCTOR" "$SRC/tests/fixtures" "$WORK" <<'PY'
import json, os, re, subprocess, sys
doctor, fixtures, work = sys.argv[1:4]
names = sorted(n for n in os.listdir(fixtures)
               if os.path.isfile(os.path.join(fixtures, n, "meta.json")) or os.path.isfile(os.path.join(fixtures, n, "env.json")))
assert len(names) >= 30, f"only {len(names)} snapshot fixtures"
problems, snippets, scripts, by_text = [], {}, {}, {}  # snippet -> [(fixture, rule)]; script -> fixture
# Prose and placeholders parse as commands often enough that shellcheck alone does not see them.
PROSE = [(re.compile(r"^[A-Z][a-z]+\b(?!=)"), "starts like a sentence"),
         (re.compile(r"[.:]$"), "ends like a sentence"),
         (re.compile(r"<[a-z][\w ./-]*>"), "has a <placeholder>"),
         (re.compile(r"(^|\s)(\.\.\.|…)(\s|$)"), "has a ... placeholder")]
def add_fixes(name, argv):
    """The filled fixes of one report into snippets; prose lines into problems."""
    r = subprocess.run([doctor, *argv, "-f", "json", "--no-redact", "--fail-on", "never"], capture_output=True, text=True)
    if r.returncode != 0:
        problems.append(f"{name}: {argv[0]} exited {r.returncode}: {r.stderr.strip()}")
        return
    for f in json.loads(r.stdout)["findings"]:
        fix = f.get("fix", "")
        if not fix.strip():
            continue
        for line in fix.splitlines():
            command = re.sub(r"\s+#.*$", "", line.strip())  # a trailing comment is no command
            if not command or command.startswith("#"):
                continue
            for pattern, why in PROSE:
                if pattern.search(command):
                    problems.append(f"{name}: {f['id']}: fix line {why}, make it a # comment: {line.strip()}")
        if fix not in by_text:
            by_text[fix] = os.path.join(work, f"snippet{len(by_text):03d}.sh")
            with open(by_text[fix], "w") as out:
                out.write("#!/bin/sh\n" + fix + "\n")
        snippets.setdefault(by_text[fix], []).append((name, f["id"]))

# Pastes fill the same templates (triage): every paste fixture too.
pastes = sorted(os.path.join(d, n) for d in ("triage", "triage-pastes") for n in os.listdir(os.path.join(fixtures, d))
                if n != "README.md")
for paste in pastes:
    add_fixes(paste, ["triage", os.path.join(fixtures, paste)])
for name in names:
    add_fixes(name, ["check", "--replay", os.path.join(fixtures, name)])
    r = subprocess.run([doctor, "fix", "--replay", os.path.join(fixtures, name)], capture_output=True, text=True)
    if r.returncode != 0:
        problems.append(f"{name}: fix exited {r.returncode}: {r.stderr.strip()}")
        continue
    path = os.path.join(work, f"script-{name}.sh")
    with open(path, "w") as out:
        out.write(r.stdout)
    scripts[path] = name

def shellcheck(files):
    """{file: ["line:col SCnnnn message", …]} from one run over all files."""
    if not files:
        return {}
    r = subprocess.run(["shellcheck", "-s", "sh", "-f", "json1", *files], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"shellcheck failed to run ({r.returncode}): {r.stderr}")
    found = {}
    for c in json.loads(r.stdout)["comments"]:
        found.setdefault(c["file"], []).append(f"line {c['line'] - 1}:{c['column']} SC{c['code']} {c['message']}")
    return found

for path, messages in shellcheck(list(snippets)).items():
    fix = open(path).read().split("\n", 1)[1].rstrip("\n")
    for fixture, rule in snippets[path]:
        for m in messages:
            problems.append(f"{fixture}: {rule}: shellcheck: {m}\n    in: {fix!r}")
for path, messages in shellcheck(list(scripts)).items():
    for m in messages:
        problems.append(f"{scripts[path]}: `rocm-doctor fix` script: shellcheck: {m}")
if problems:
    sys.exit("\n".join(problems))
print(f"{len(names)} snapshot and {len(pastes)} paste fixtures: {sum(len(w) for w in snippets.values())} filled fixes ({len(snippets)} distinct) "
      f"and {len(scripts)} fix scripts pass shellcheck")
PY
