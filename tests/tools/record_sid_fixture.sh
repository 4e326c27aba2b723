#!/usr/bin/env bash
# Records tests/fixtures/debian-sid-rocm from the real Debian sid ROCm root (issue 15 item 6):
# the given rocm-doctor (the release build of this checkout: a bookworm build runs in sid) runs
# `check --record` inside the root, then tests/tools/compact_snapshot.py keeps only the bytes
# read of each library, so a 1.3 GB libggml-hip.so is kilobytes. Re-run it after a collector
# starts reading something new (hipBLASLt's Debian layout, ggml-hip's bundles): a replay only
# has what the recording read.
#
#   sudo bash tests/tools/record_sid_fixture.sh build/rocm-doctor [OUT=tests/fixtures/debian-sid-rocm]
#
# Uses /work/shared/reference/debian-sid-rocm/make-sid-root.sh run under /tmp/rd-sidroot.lock.
set -euo pipefail
bin=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${2:-$repo/tests/fixtures/debian-sid-rocm}
sid=${SIDROOT:-/var/tmp/sidroot}
maker=${MAKE_SID_ROOT:-/work/shared/reference/debian-sid-rocm/make-sid-root.sh}
[[ -x $sid/usr/bin/hipcc ]] || { echo "no Debian sid ROCm root at $sid" >&2; exit 1; }
stage=$sid/tmp/rd-record.$$
# The .deb's relative layout: bin/ and share/rocm-doctor/{rules,probes}.
mkdir -p "$stage/bin" "$stage/share/rocm-doctor/probes"
cp "$bin" "$stage/bin/rocm-doctor"
cp -r "$repo/rules" "$stage/share/rocm-doctor/rules"
cp "$repo/probes/compile_check.hip" "$stage/share/rocm-doctor/probes/"
trap 'rm -rf "$stage"' EXIT
inside=${stage#"$sid"}
flock /tmp/rd-sidroot.lock env SIDROOT="$sid" bash "$maker" run \
  "cd /tmp && $inside/bin/rocm-doctor check --no-probes --record $inside/snap -o $inside/report.txt; echo exit=\$?"
keep=$(mktemp -d)
for f in README.md ground-truth.txt; do [[ -f $out/$f ]] && cp "$out/$f" "$keep/"; done
rm -rf "$out"
cp -a "$stage/snap" "$out"
cp "$keep"/* "$out/" 2>/dev/null || true
rm -rf "$keep"
# Tensile kernel files are only listed (their names carry the targets): empty the big ones.
python3 "$repo/tests/tools/compact_snapshot.py" "$out" --strip-dynstr --drop '\.(co|hsaco|dat)$' --drop-over 65536
du -sh --apparent-size "$out"
