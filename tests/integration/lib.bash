# Shared helpers for end-to-end tests: each test script gets the binary and the source dir.
set -euo pipefail
DOCTOR=${1:?usage: $0 ROCM_DOCTOR_BINARY SOURCE_DIR}
SRC=${2:?usage: $0 ROCM_DOCTOR_BINARY SOURCE_DIR}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export NO_COLOR=1
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_contains() { grep -qF -- "$2" "$1" || { echo "--- $1:"; cat "$1"; fail "expected '$2' in $1"; }; }
expect_status() { local want=$1; shift; set +e; "$@"; local got=$?; set -e; [ "$got" = "$want" ] || fail "exit $got, wanted $want: $*"; }
validate_json() {
  python3 - "$SRC/docs/report.schema.json" "$1" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
jsonschema.validate(report, schema, cls=jsonschema.Draft202012Validator)
PY
}
