#!/usr/bin/env bash
# Plants every kind of secret and identifier (hostile-input report D4, D8) into (a) a triage paste,
# (b) a `check --from` report's facts and free-text evidence, (c) fleet node reports, and asserts
# that none is left in the redacted JSON and Markdown of triage, check and fleet, while the
# --no-redact output still has them (so the test cannot pass by dropping the text).
source "$(dirname "$0")/lib.bash"
# One marker per kind; the redacted outputs must contain none of them.
cat > "$WORK/markers" <<'M'
hf_Pl4ntedHf0123456789abcdefghij
ghp_Pl4ntedGhp0123456789abcdefghijklmn
gho_Pl4ntedGho0123456789
ghu_Pl4ntedGhu0123456789
ghs_Pl4ntedGhs0123456789
ghr_Pl4ntedGhr0123456789
github_pat_11PLANTED0123456789_abcdefghijklmnopqrstuv
sk-proj-Pl4ntedOpenAi0123456789xyz
AKIAPLANTED012345678
xoxb-1234567890-Pl4ntedSlack
glpat-Pl4ntedGitlab01234567
Pl4ntedAwsSecret/K7MDENG/bPxRfiCYEXAMPLE
Pl4ntedPassw0rd
PLSERIAL9911
PLSERIAL9922
PLSERIAL9933
5a1e7ed0c0ffee00ba5eba11deadbeef
planteduser
plantedhost
10.77.66.55
2001:db8:77::5
02:42:ac:77:66:55
planted.person@example.org
M
# Free text carrying every kind (as pasted, as a child's stderr, as a fact's evidence).
cat > "$WORK/freetext" <<'T'
planteduser@plantedhost:/home/planteduser/proj$ env | sort
AWS_ACCESS_KEY_ID=AKIAPLANTED012345678
AWS_SECRET_ACCESS_KEY=Pl4ntedAwsSecret/K7MDENG/bPxRfiCYEXAMPLE
GITHUB_TOKEN=ghp_Pl4ntedGhp0123456789abcdefghijklmn
export MY_DB_PASSWORD=Pl4ntedPassw0rd
HSA_OVERRIDE_GFX_VERSION=10.3.0
tokens seen: hf_Pl4ntedHf0123456789abcdefghij gho_Pl4ntedGho0123456789 ghu_Pl4ntedGhu0123456789 ghs_Pl4ntedGhs0123456789
more: ghr_Pl4ntedGhr0123456789 github_pat_11PLANTED0123456789_abcdefghijklmnopqrstuv sk-proj-Pl4ntedOpenAi0123456789xyz
slack xoxb-1234567890-Pl4ntedSlack gitlab glpat-Pl4ntedGitlab01234567
/sys/class/dmi/id/product_serial:PLSERIAL9911
	Serial Number: PLSERIAL9922
$ cat /sys/class/dmi/id/board_serial
PLSERIAL9933
         Machine ID: 5a1e7ed0c0ffee00ba5eba11deadbeef
    inet 10.77.66.55/24 brd 10.77.66.255 scope global eth0
    inet6 2001:db8:77::5/64 scope global
    link/ether 02:42:ac:77:66:55 brd ff:ff:ff:ff:ff:ff
mail planted.person@example.org
T
leaks() {  # file [marker to skip]: prints each marker found
  local found=0
  while IFS= read -r m; do
    [ "$m" = "${2:-}" ] && continue
    if grep -qF -- "$m" "$1"; then echo "  leaked in $(basename "$1"): $m"; found=1; fi
  done < "$WORK/markers"
  return $found
}
some_present() { grep -qF -e Pl4nted -e planteduser "$1" || fail "$1 has no planted text: the test would prove nothing"; }

# (a) triage paste: a prompt, an env dump, a loader error that makes a finding quote the paste.
# Each line again as a prompt's command, which triage quotes as evidence (but the bare serial,
# which is only a serial by the `cat` line above it).
{ cat "$WORK/freetext"; echo 'ImportError: libamdhip64.so.6: cannot open shared object file: No such file or directory'
  grep -vx PLSERIAL9933 "$WORK/freetext" | sed 's/^/planteduser@plantedhost:~$ echo /'; } > "$WORK/paste.txt"
for f in json markdown; do
  "$DOCTOR" triage "$WORK/paste.txt" -f "$f" -o "$WORK/triage.$f" || true
  "$DOCTOR" triage "$WORK/paste.txt" -f "$f" --no-redact -o "$WORK/triage-raw.$f" || true
done
some_present "$WORK/triage-raw.json"

# (b) a --from report: identity facts, secret-named fact keys, free text in values and evidence.
"$DOCTOR" check --replay "$SRC/tests/fixtures/mi300x-healthy" -f json --no-redact > "$WORK/good.json" || true
python3 - "$WORK/good.json" "$WORK/freetext" "$WORK/planted.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); text = open(sys.argv[2]).read()
v = r["facts"]["values"]
v.setdefault("host", {})["hostname"] = "plantedhost"
v.setdefault("identity", {}).update(user="planteduser", home="/home/planteduser")
# A fact a rule quotes in its title (the override format rule), and free text in evidence.
v.setdefault("env", {})["HSA_OVERRIDE_GFX_VERSION"] = " ".join(text.split())
r["facts"].setdefault("evidence", {})["env.HSA_OVERRIDE_GFX_VERSION"] = {"source": "env", "excerpt": text}
v["os"]["pretty_name"] = "Debian 12 " + " ".join(text.split())  # a skew value in fleet
json.dump(r, open(sys.argv[3], "w"))
PY
for f in json markdown; do
  "$DOCTOR" check --from "$WORK/planted.json" -f "$f" -o "$WORK/from.$f" || true
  "$DOCTOR" check --from "$WORK/planted.json" -f "$f" --no-redact -o "$WORK/from-raw.$f" || true
done
some_present "$WORK/from-raw.json"
some_present "$WORK/from-raw.markdown"

# (c) fleet of two --no-redact node reports (D8): skewed os.pretty_name and findings quote them.
# A node's own host name is its node name in fleet output, kept by design (docs/fleet-schema.md),
# so the free text of node N names host N, and "plantedhost" is the one marker fleet keeps.
mkdir "$WORK/fleet"
python3 - "$WORK/from-raw.json" "$WORK/fleet" <<'PY'
import json, sys
raw = open(sys.argv[1]).read()
for i, node in enumerate(("plantedhost", "plantedhost-b")):
    n = json.loads(raw.replace("plantedhost", node)) if i else json.loads(raw)
    n["facts"]["values"]["os"]["pretty_name"] += " #%d" % i
    json.dump(n, open("%s/%s.json" % (sys.argv[2], node), "w"))
PY
for f in json markdown; do
  "$DOCTOR" fleet "$WORK/fleet" -f "$f" -o "$WORK/fleet.$f" || true
  "$DOCTOR" fleet "$WORK/fleet" -f "$f" --no-redact -o "$WORK/fleet-raw.$f" || true
done
some_present "$WORK/fleet-raw.json"
some_present "$WORK/fleet-raw.markdown"
expect_contains "$WORK/fleet.json" '"plantedhost-b"'   # node names stay

bad=0
for out in triage.json triage.markdown from.json from.markdown fleet.json fleet.markdown; do
  [ -s "$WORK/$out" ] || fail "$out is empty"
  skip=""; [[ $out == fleet.* ]] && skip=plantedhost
  leaks "$WORK/$out" "$skip" || bad=1
done
[ "$bad" = 0 ] || fail "planted secrets left in redacted output"
python3 -c "import json,sys; [json.load(open(f)) for f in sys.argv[1:]]" "$WORK"/triage.json "$WORK"/from.json "$WORK"/fleet.json
echo "redaction_planted: ok"
