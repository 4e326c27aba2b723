// Every piece of device code of rocm-doctor-probe, built alone into a code-object bundle
// (hipcc --genco, one --offload-arch per target) or an NVIDIA fatbin (nvcc --fatbin), which the
// probe embeds and loads with hipModuleLoadData / cuModuleLoadData (issue 16): no registration
// code ties the probe to one runtime. The same file is what the probe compiles with the user's
// own hipcc when no embedded object fits the GPU, so it must build with every hipcc from 5.2 on.
// Names are extern "C": the probe looks them up with hipModuleGetFunction.
#ifdef RD_PROBE_CUDA
#include <cuda_runtime.h>
#else
#include <hip/hip_runtime.h>
#endif
#include <stddef.h>

#ifdef RD_PROBE_CUDA
// %globaltimer counts nanoseconds on every NVIDIA GPU since Volta.
__device__ inline unsigned long long RdTicks() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
#else
// wall_clock64() runs at a constant rate (100 MHz on gfx9 Instinct and RDNA parts), the clock
// TransferBench uses for its kernel timings; targets without it answer -1, then the core clock
// scaled for ~2 GHz keeps the spin bounded (its timeout is then only roughly right).
__device__ inline unsigned long long RdTicks() {
  long long t = wall_clock64();
  return static_cast<unsigned long long>(t >= 0 ? t : clock64() / 20);
}
#endif

extern "C" __global__ void rd_scale(const float* in, float* out, float factor, size_t n) {
  size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (; i < n; i += stride) out[i] = in[i] * factor;
}

extern "C" __global__ void rd_empty() {}

// One thread spins until *flag != 0 or `ticks` of the device clock have passed.
extern "C" __global__ void rd_spin(volatile int* flag, int* timed_out, unsigned long long ticks) {
  unsigned long long start = RdTicks();
  while (*flag == 0) {
    if (RdTicks() - start > ticks) {
      *timed_out = 1;
      return;
    }
  }
  *timed_out = 0;
}
