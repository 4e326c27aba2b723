#!/usr/bin/env bash
# Builds the CUDA variant of rocm-doctor-probe and the reference copy tool on a machine with nvcc
# but not necessarily the doctor's build dependencies (the lent H200): the same sources and
# steps as probes/CMakeLists.txt's cuda mode (kernels.hip -> fatbin, .incbin, host code against
# runtime_api.h, abi_check.cpp against cuda_runtime_api.h), with no CUDA library linked.
#   bench/build_cuda_probe.sh OUTDIR
set -euo pipefail
out=${1:?usage: $0 OUTDIR}
mkdir -p "$out"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cuda_include=$(dirname "$(dirname "$nvcc")")/include
src=$(cd "$(dirname "$0")/.." && pwd)/probes
gencode=(-gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=sm_90 -gencode=arch=compute_90,code=compute_90)
"$nvcc" -x cu --fatbin -O2 -DRD_PROBE_CUDA "${gencode[@]}" "$src/kernels.hip" -o "$out/kernels.fatbin"
g++ -std=c++20 -fsyntax-only -DRD_PROBE_CUDA -I"$src" -I"$cuda_include" "$src/abi_check.cpp"
hosts=()
for f in main probe_util pcie_link runtime_loader code_objects jit launch runtime_probe kernel_probe memcpy_probe \
         async_probe streams_probe p2p_probe; do hosts+=("$src/$f.cpp"); done
g++ -std=c++20 -O2 -DRD_PROBE_CUDA '-DRD_PROBE_TARGETS="sm_80,sm_90,compute_90"' -I"$src" "${hosts[@]}" \
    -x assembler-with-cpp "-DRD_KERNELS_FILE=\"$out/kernels.fatbin\"" "$src/embed_kernels.S" -x none \
    -ldl -pthread -o "$out/rocm-doctor-probe"
"$nvcc" -O2 "${gencode[@]}" "$(dirname "$0")/ref_copy.cu" -o "$out/ref_copy"
echo "built $out/rocm-doctor-probe (NEEDED: $(readelf -d "$out/rocm-doctor-probe" | grep -o 'Shared library: \[[^]]*\]' | tr '\n' ' '))"
