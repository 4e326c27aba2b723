#!/usr/bin/env bash
# Opt-in (issue 15 items 4 and 6): the doctor's library closure against ldd on Debian sid's real
# ROCm packages, with a transitive dependency removed. An overlay is mounted over the sid root
# (tests/integration-optin/README.md; /work/shared/reference/debian-sid-rocm/make-sid-root.sh) and
# libz.so.1 is deleted in the overlay only: the shared root itself is never changed. Then for every
# library the doctor checks, its misses (libs.checked[].missing) must equal ldd's "not found" lines
# run inside the same root, and the doctor must give one finding per missing name.
#
#   sudo bash tests/integration-optin/sid_closure_vs_ldd.sh build/rocm-doctor .
#   SIDROOT=/var/tmp/sidroot REMOVE="libz.so.1 libzstd.so.1" sudo bash ... (names to delete)
#
# Takes /tmp/rd-sidroot.lock (the root's users share it). Needs root (mount, chroot); ~30 s.
set -euo pipefail
bin=$(realpath "$1")
repo=$(realpath "${2:-.}")
sid=${SIDROOT:-/var/tmp/sidroot}
remove=${REMOVE:-libz.so.1}
[[ -x $sid/usr/bin/hipcc ]] || { echo "SKIP: no Debian sid ROCm root at $sid (make-sid-root.sh builds it)"; exit 0; }
[[ $(id -u) == 0 ]] || { echo "SKIP: needs root (overlay mount, chroot)"; exit 0; }

exec 9>/tmp/rd-sidroot.lock
flock 9
work=$(mktemp -d /tmp/rd-closure-ov.XXXXXX)
merged=$work/merged
cleanup() {
  for d in dev proc; do umount "$merged/$d" 2>/dev/null || true; done
  umount "$merged" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/upper" "$work/work" "$merged"
mount -t overlay overlay -o "lowerdir=$sid,upperdir=$work/upper,workdir=$work/work" "$merged"
for d in proc dev; do mount --bind "/$d" "$merged/$d"; done
in_root() { chroot "$merged" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 /bin/bash -c "$*"; }

mkdir -p "$merged/opt/rd-closure/bin"
cp "$bin" "$merged/opt/rd-closure/bin/rocm-doctor"
cp -r "$repo/rules" "$merged/opt/rd-closure/rules"
for name in $remove; do
  for dir in usr/lib/x86_64-linux-gnu lib/x86_64-linux-gnu; do
    [[ -L $merged/$dir ]] && continue  # merged /usr: /lib is a link to usr/lib
    if [[ -e $merged/$dir/$name ]]; then
      target=$(readlink -f "$merged/$dir/$name")
      rm -f "$merged/$dir/$name" "$target"
      echo "removed in the overlay: /$dir/$name (and ${target#"$merged"})"
    fi
  done
done

in_root "ROCM_DOCTOR_RULES=/opt/rd-closure/rules /opt/rd-closure/bin/rocm-doctor check --quick --format json -o /tmp/rd-closure.json" || true
[[ -s $merged/tmp/rd-closure.json ]] || { echo "FAIL: the doctor wrote no report"; exit 1; }
python3 - "$merged" <<'EOF'
import json, subprocess, sys
merged = sys.argv[1]
report = json.load(open(merged + "/tmp/rd-closure.json"))
libs = report["facts"]["values"]["libs"]
checked = libs["checked"]
ours_total = ldd_total = 0
unequal = []
for entry in checked:
    path = entry["path"]
    ours = set(entry.get("missing", []))
    out = subprocess.run(["chroot", merged, "/usr/bin/ldd", path], capture_output=True, text=True).stdout
    theirs = {line.split("=>")[0].strip() for line in out.splitlines() if "=> not found" in line}
    ours_total += len(ours)
    ldd_total += len(theirs)
    mark = "equal" if ours == theirs else "DIFFERENT"
    if ours != theirs:
        unequal.append(path)
    print(f"  {path}: doctor {sorted(ours)} ldd {sorted(theirs)} {mark}")
names = {m["name"] for m in libs["missing"]}
findings = [f for f in report["findings"] if f["id"] in ("lib.dependency-missing", "lib.loader-path")]
print(f"libraries checked: {len(checked)}  (closure objects: {libs.get('closure_objects')})")
print(f"misses by doctor: {ours_total} over all libraries, {len(names)} distinct name(s): {sorted(names)}")
print(f"misses by ldd:    {ldd_total} over all libraries")
print(f"findings: {len(findings)}")
for f in findings:
    print(f"  [{f['id']}] {f['title']}")
    print("    " + f.get("fix", "").replace("\n", "\n    "))
print("equal" if not unequal else f"NOT equal on {len(unequal)} librar(y/ies): {unequal}")
ok = not unequal and ours_total > 0 and len(findings) == len(names)
sys.exit(0 if ok else 1)
EOF
