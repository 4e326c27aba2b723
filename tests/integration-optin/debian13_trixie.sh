#!/bin/bash
# Opt-in integration test (not run by ctest): rocm-doctor inside a real Debian 13 (trixie) root
# with Debian's hipcc + libamdhip64-dev. (a) the healthy install is reported and compiles;
# (b) with a GCC 15 directory planted that has no libstdc++-15-dev (only crtbegin.o, what
# libgcc-15-dev leaves), the compile check fails with "'cmath' file not found" and the report
# says to install libstdc++-15-dev or pass --gcc-install-dir. debian-rocm-notes.md "Debian 13".
# Usage (root, network for the first run; the root is cached, about 1.3 GB):
#   tests/integration-optin/debian13_trixie.sh BUILD_DIR [ROOT]
set -euo pipefail
BUILD=$(cd "${1:?usage: debian13_trixie.sh BUILD_DIR [ROOT]}" && pwd)
SRC=$(cd "$(dirname "$0")/../.." && pwd)
ROOT=${2:-${ROCM_DOCTOR_TRIXIE_ROOT:-/var/cache/rocm-doctor-trixie}}
"$SRC/tests/integration-optin/trixie_root.sh" "$ROOT"
PREFIX=/opt/rocm-doctor-test
GCC15=$ROOT/usr/lib/gcc/x86_64-linux-gnu/15
cleanup() { rm -rf "$ROOT$PREFIX"; [ -f "$GCC15/.planted-by-rocm-doctor" ] && rm -rf "$GCC15"; umount "$ROOT/proc" 2>/dev/null || true; }
trap cleanup EXIT
[ -e "$GCC15" ] && { echo "FAIL: $GCC15 already exists in the root; use a fresh root"; exit 1; }
mkdir -p "$ROOT$PREFIX/bin" "$ROOT$PREFIX/share/rocm-doctor"
cp "$BUILD/rocm-doctor" "$ROOT$PREFIX/bin/"
cp -r "$SRC/rules" "$ROOT$PREFIX/share/rocm-doctor/rules"
cp -r "$SRC/probes" "$ROOT$PREFIX/share/rocm-doctor/probes"
mount --bind /proc "$ROOT/proc"
doctor() { chroot "$ROOT" env -i PATH=/usr/bin:/bin HOME=/root "$PREFIX/bin/rocm-doctor" check --format json --no-redact --collector-timeout 120000 --fail-on never; }
fact() { python3 -c "import json,sys; v=json.load(open(sys.argv[1]))['facts']['values']
for k in sys.argv[2].replace(']','').replace('[','.').split('.'): v=v[int(k)] if isinstance(v,list) else v.get(k) if v is not None else None
print(v if not isinstance(v,bool) else str(v).lower())" "$1" "$2"; }
ids() { python3 -c "import json,sys; print(' '.join(sorted(f['id'] for f in json.load(open(sys.argv[1]))['findings'])))" "$1"; }
OUT=$(mktemp -d)
check() { local what=$1 got=$2 want=$3; if [ "$got" = "$want" ]; then echo "ok   $what = $got"; else echo "FAIL $what = $got (want $want)"; FAILED=1; fi; }
FAILED=0

echo "== (a) healthy trixie"
start=$(date +%s.%N); doctor > "$OUT/a.json"; echo "check took $(echo "$(date +%s.%N) - $start" | bc) s"
check os.version_id "$(fact "$OUT/a.json" os.version_id)" 13
check rocm.installs[0].path "$(fact "$OUT/a.json" rocm.installs.0.path)" /usr
echo "     rocm.installs[0].version = $(fact "$OUT/a.json" rocm.installs.0.version)"
check libs.missing_count "$(fact "$OUT/a.json" libs.missing_count)" 0
check libs.checked[0].dlopen_ok "$(fact "$OUT/a.json" libs.checked.0.dlopen_ok)" true
check compile.ok "$(fact "$OUT/a.json" compile.ok)" true
check toolchain.selected_gcc.version "$(fact "$OUT/a.json" toolchain.selected_gcc.version)" 14
echo "     findings: $(ids "$OUT/a.json")"
case " $(ids "$OUT/a.json") " in *" toolchain.libstdcxx-dev-missing-for-selected-gcc "*) echo "FAIL: GCC rule fired on the healthy root"; FAILED=1;; esac

echo "== (b) GCC 15 without libstdc++-15-dev"
mkdir -p "$GCC15"; touch "$GCC15/crtbegin.o" "$GCC15/.planted-by-rocm-doctor"
doctor > "$OUT/b.json"
check compile.ok "$(fact "$OUT/b.json" compile.ok)" false
check compile.missing_headers[0] "$(fact "$OUT/b.json" compile.missing_headers.0)" cmath
check toolchain.selected_gcc.version "$(fact "$OUT/b.json" toolchain.selected_gcc.version)" 15
echo "     first error: $(fact "$OUT/b.json" compile.first_error)"
python3 - "$OUT/b.json" <<'PY' || FAILED=1
import json, sys
r = json.load(open(sys.argv[1]))
f = [f for f in r["findings"] if f["id"] == "toolchain.libstdcxx-dev-missing-for-selected-gcc"]
if not f: print("FAIL: toolchain.libstdcxx-dev-missing-for-selected-gcc did not fire"); sys.exit(1)
fix = f[0].get("fix", "")
print("ok   finding:", f[0]["title"])
print("     fix:", fix.replace("\n", "\n          "))
ok = "libstdc++-15-dev" in fix and "--gcc-install-dir=/usr/lib/gcc/x86_64-linux-gnu/14" in fix
print("ok   fix names libstdc++-15-dev and --gcc-install-dir" if ok else "FAIL: fix text"); sys.exit(0 if ok else 1)
PY
rm -rf "$OUT"
[ "$FAILED" = 0 ] && echo "PASS debian13_trixie" || { echo "FAILED debian13_trixie"; exit 1; }
