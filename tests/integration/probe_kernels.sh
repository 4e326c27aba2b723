#!/usr/bin/env bash
# Issue 16: the probe's embedded kernels and its JIT, on the real build.
# 1. The bundle embedded in rocm-doctor-probe (--dump-kernels), listed by clang-offload-bundler,
#    holds exactly the targets the probe names, and every other gfx target of
#    rules/data/gpus.toml is one the build's hipcc rejects: every target it accepts is embedded.
# 2. The probe links to no HIP library.
# 3. The JIT with this machine's hipcc: --compile-kernels compiles, the second run hits the cache,
#    and the code object holds that target.
# Skipped (exit 0 with a note) when the build has no HIP probe.
source "$(dirname "$0")/lib.bash"
PROBE=$(dirname "$DOCTOR")/rocm-doctor-probe
[ -x "$PROBE" ] || { echo "SKIP: no rocm-doctor-probe in this build"; exit 0; }
[ "$("$PROBE" --platform)" = hip ] || { echo "SKIP: not a HIP probe"; exit 0; }
HIPCC=$(command -v hipcc || true)
BUNDLER=$(command -v clang-offload-bundler || ls /usr/lib/llvm-*/bin/clang-offload-bundler /opt/rocm/llvm/bin/clang-offload-bundler 2>/dev/null | tail -n 1 || true)
[ -n "$HIPCC" ] && [ -n "$BUNDLER" ] || fail "a HIP probe was built but hipcc ($HIPCC) or clang-offload-bundler ($BUNDLER) is missing"

if readelf -d "$PROBE" | grep -q 'NEEDED.*libamdhip64'; then fail "rocm-doctor-probe is linked to libamdhip64"; fi

"$PROBE" --dump-kernels="$WORK/kernels.co"
"$BUNDLER" --list --type=o --input="$WORK/kernels.co" | sed -n 's/^hip[^-]*-amdgcn-amd-amdhsa--//p' | sort > "$WORK/bundled"
"$PROBE" --list-targets | tr ',' '\n' | sort > "$WORK/named"
diff "$WORK/named" "$WORK/bundled" || fail "the embedded bundle and --list-targets disagree"
[ -s "$WORK/bundled" ] || fail "no code object in the embedded bundle"
echo "embedded ($(wc -l < "$WORK/bundled")): $(paste -sd' ' "$WORK/bundled")"

sed -n 's/^name = "\(gfx[0-9a-z-]*\)".*/\1/p' "$SRC/rules/data/gpus.toml" | sort -u > "$WORK/table"
comm -23 "$WORK/table" "$WORK/bundled" > "$WORK/left_out"
echo "not embedded ($(wc -l < "$WORK/left_out")): $(paste -sd' ' "$WORK/left_out")"
while read -r target; do
  if "$HIPCC" --genco --offload-arch="$target" "$SRC/probes/arch_check.hip" -o "$WORK/check.co" > /dev/null 2>&1; then
    fail "$HIPCC accepts $target, but the probe has no code object for it"
  fi
done < "$WORK/left_out"

# The JIT step with this machine's hipcc, for the first embedded target (any target it accepts).
target=$(head -n 1 "$WORK/bundled")
jit=("$PROBE" --hipcc="$HIPCC" --kernel-source="$SRC/probes/kernels.hip" --cache-dir="$WORK/cache" --compile-kernels="$target")
"${jit[@]}" > "$WORK/first.json"
"${jit[@]}" > "$WORK/second.json"
expect_contains "$WORK/first.json" '"source":"jit-compiled"'
expect_contains "$WORK/second.json" '"source":"jit-cache"'
object=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["code_object"])' "$WORK/first.json")
"$BUNDLER" --list --type=o --input="$object" | grep -q -- "--$target$" || fail "the JIT's code object has no $target"
# A target name that is not one is refused before hipcc runs.
"$PROBE" --hipcc="$HIPCC" --kernel-source="$SRC/probes/kernels.hip" --cache-dir="$WORK/cache" --compile-kernels='gfx1030;rm' > "$WORK/bad.json"
expect_contains "$WORK/bad.json" "is not a target name"
echo "PASS: $(cat "$WORK/first.json")"
