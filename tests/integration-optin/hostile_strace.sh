#!/usr/bin/env bash
# Opt-in (not in ctest): "nothing written but -o and the private temp dir" (docs/hostile-input.md)
# seen from the kernel. Runs check, check --record, triage, fleet and check --replay under
# `strace -f` and fails on any path opened, created, renamed onto, linked, truncated or made for
# writing that is not the -o file, its temp sibling (FILE.tmp.XXXXXX), inside the private temp
# dir (TMPDIR) or inside the --record dir. Catches what the in-ctest cases (tests/hostile) see only
# indirectly: bytecode written by the torch child (hostile-input report D10), caches in $HOME,
# writes through symlinks.
#   apt-get install -y strace                 # Debian, once (done here when run as root)
#   tests/integration-optin/hostile_strace.sh build/rocm-doctor .
set -euo pipefail
DOCTOR=$(realpath "${1:?usage: $0 ROCM_DOCTOR_BINARY SOURCE_DIR}")
SRC=$(realpath "${2:?usage: $0 ROCM_DOCTOR_BINARY SOURCE_DIR}")
fail() { echo "FAIL: $*" >&2; exit 1; }
if ! command -v strace >/dev/null; then
  [ "$(id -u)" = 0 ] || fail "strace not found: apt-get install -y strace"
  apt-get install -y strace >/dev/null
fi
W=$(mktemp -d /tmp/rd-strace.XXXXXX)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/tmp" "$W/cwd" "$W/home" "$W/out"
export TMPDIR=$W/tmp HOME=$W/home NO_COLOR=1 ROCM_DOCTOR_RULES=$SRC/rules
FX=$SRC/tests/fixtures
status=0

# traced NAME OUTPUT [RECORD_DIR] -- ARGS…: runs the doctor under strace in the empty cwd, then
# checks every write-like call of the whole process tree.
traced() {
  local name=$1 out=$2 record=$3; shift 4
  local trace=$W/trace.$name/t
  mkdir -p "$W/trace.$name"
  set +e
  (cd "$W/cwd" && strace -ff -qq -y -s 4096 -e trace=%file,%process,write -o "$trace" "$DOCTOR" "$@" >/dev/null 2>"$W/err.$name")
  local rc=$?
  set -e
  [ "$rc" -le 2 ] || { echo "FAIL $name: exit $rc: $(tail -3 "$W/err.$name")"; status=1; return; }
  if python3 - "$trace" "$W/cwd" "$out" "$TMPDIR" "$record" <<'PY'; then echo "ok   $name"; else echo "FAIL $name"; status=1; fi
import glob, os, re, sys
# strace -ff: one file per process (trace.PID), so no call is split over lines. A process starts
# in its parent's working directory at the clone; chdir/fchdir change it.
trace, cwd0, out, tmpdir, record = sys.argv[1:6]
allowed_dirs = [os.path.realpath(tmpdir)] + ([os.path.realpath(record)] if record != "-" else [])
out = os.path.realpath(out) if out != "-" else None
WRITE_FLAGS = re.compile(r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND")
MAKES = ("creat", "mkdir", "mkdirat", "truncate", "mknod", "mknodat", "symlink", "symlinkat", "rename", "renameat",
         "renameat2", "link", "linkat")
line_re = re.compile(r"^(\w+)\((.*)\)\s+=\s+(-?\d+|\?)")
path_arg = re.compile(r'(?:(AT_FDCWD|\d+)(?:<([^>]*)>)?,\s*)?"((?:[^"\\]|\\.)*)"')
files = {int(f.rsplit(".", 1)[1]): f for f in glob.glob(trace + ".*")}
start_cwd = {min(files): cwd0}
bad = []


def resolve(cwd, dirpath, p):
    p = p.encode().decode("unicode_escape")
    return os.path.normpath(p if p.startswith("/") else os.path.join(dirpath or cwd, p))


def ok(path):
    if path in ("/dev/null", "/dev/tty") or path.startswith(("/proc/", "/dev/pts/")):
        return True
    if out and (path == out or path.startswith(out + ".tmp.")):
        return True
    real = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
    return any(real == d or real.startswith(d + "/") for d in allowed_dirs)


def scan(pid):
    cwd = start_cwd.get(pid, cwd0)
    for raw in open(files[pid], errors="replace"):
        m = line_re.match(raw)
        if not m:
            continue
        call, args, ret = m.groups()
        if ret == "?" or ret.startswith("-"):
            continue
        if call in ("clone", "clone3", "fork", "vfork"):
            start_cwd[int(ret)] = cwd
            continue
        paths = [resolve(cwd, b, c) for a, b, c in path_arg.findall(args)]
        if call == "chdir" and paths:
            cwd = paths[0]
        elif call == "fchdir":
            fd = re.match(r"\d+<([^>]*)>", args)
            cwd = fd.group(1) if fd else cwd
        elif call in ("open", "openat", "openat2") and WRITE_FLAGS.search(args):
            bad.extend("%d %s(%s)" % (pid, call, p) for p in paths[:1] if not ok(p))
        elif call in MAKES:  # what is made or replaced: the last path argument
            bad.extend("%d %s(%s)" % (pid, call, p) for p in paths[-1:] if not ok(p))


for pid in sorted(files):  # a parent's pid is lower than its children's (no pid wrap in one run)
    scan(pid)
for b in sorted(set(bad)):
    print("  written outside -o and the private temp dir:", b)
sys.exit(1 if bad else 0)
PY
}

traced check "$W/out/check.json" - -- check -f json -o "$W/out/check.json"
traced record "$W/out/record.json" "$W/rec" -- check --record "$W/rec" -f json -o "$W/out/record.json"
traced triage "$W/out/triage.json" - -- triage "$FX/triage-pastes/rocminfo-gfx1031-partial.txt" -f json -o "$W/out/triage.json"
# a venv whose torch is pure Python: the torch-import child must not write __pycache__ (D10)
python3 -m venv --without-pip "$W/venv"
SP=$(echo "$W"/venv/lib/python3*/site-packages)
mkdir -p "$SP/torch/cuda"
printf 'from . import version, cuda\n__version__ = "2.4.0+rocm6.1"\n' > "$SP/torch/__init__.py"
printf '__version__ = "2.4.0+rocm6.1"\nhip = "6.1"\ncuda = None\n' > "$SP/torch/version.py"
printf 'def is_available():\n    return False\ndef device_count():\n    return 0\n' > "$SP/torch/cuda/__init__.py"
(unset PYTHONDONTWRITEBYTECODE
 traced python "$W/out/python.json" - -- check --no-probes --no-compile --python "$W/venv/bin/python3" -f json -o "$W/out/python.json"
 exit $status) || status=1
traced fleet "$W/out/fleet.json" - -- fleet "$W/out/check.json" -f json -o "$W/out/fleet.json"
traced replay "$W/out/replay.json" - -- check --replay "$FX/mi300x-healthy" -f json -o "$W/out/replay.json"
left=$(find "$W/cwd" "$W/home" -mindepth 1 | head -5)
[ -z "$left" ] || fail "written into the working directory or HOME: $left"
[ "$status" = 0 ] || fail "writes outside -o and the private temp dir (above)"
echo "hostile_strace: ok"
