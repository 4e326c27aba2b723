// Every piece of device code of rocm-doctor-probe. Only this file is compiled for the GPU
// targets (one --offload-arch per target, or sm_90 + PTX), which keeps the build short.
#ifdef RD_PROBE_CUDA
#include <cuda_runtime.h>
#else
#include <hip/hip_runtime.h>
#endif
#include "probe_api.h"

namespace probe {

namespace {

#ifdef RD_PROBE_CUDA
// %globaltimer counts nanoseconds on every NVIDIA GPU since Volta.
constexpr double kTicksPerMs = 1e6;
__device__ inline unsigned long long Ticks() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
#else
// wall_clock64() runs at a constant rate (100 MHz on gfx9 Instinct and RDNA parts), the clock
// TransferBench uses for its kernel timings; HIP 5.2 has no attribute to ask for it.
constexpr double kTicksPerMs = 1e5;
__device__ inline unsigned long long Ticks() {
#ifdef __HIP_DEVICE_COMPILE__
  long long t = wall_clock64();
  // Targets without s_memrealtime answer -1: fall back to the core clock scaled for ~2 GHz, so
  // the spin still ends (its timeout is then only roughly right).
  return static_cast<unsigned long long>(t >= 0 ? t : clock64() / 20);
#else
  return 0;
#endif
}
#endif

__global__ void ScaleKernel(const float* in, float* out, float factor, size_t n) {
  size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (; i < n; i += stride) out[i] = in[i] * factor;
}

__global__ void EmptyKernel() {}

__global__ void SpinKernel(volatile int* flag, int* timed_out, unsigned long long ticks) {
  unsigned long long start = Ticks();
  while (*flag == 0) {
    if (Ticks() - start > ticks) {
      *timed_out = 1;
      return;
    }
  }
  *timed_out = 0;
}

}  // namespace

hipError_t LaunchScale(const float* in, float* out, float factor, size_t n, hipStream_t stream) {
  unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  if (blocks > 65535) blocks = 65535;
#ifdef RD_PROBE_CUDA
  ScaleKernel<<<blocks, 256, 0, stream>>>(in, out, factor, n);
#else
  hipLaunchKernelGGL(ScaleKernel, dim3(blocks), dim3(256), 0, stream, in, out, factor, n);
#endif
  return hipGetLastError();
}

hipError_t LaunchEmpty(hipStream_t stream) {
#ifdef RD_PROBE_CUDA
  EmptyKernel<<<1, 1, 0, stream>>>();
#else
  hipLaunchKernelGGL(EmptyKernel, dim3(1), dim3(1), 0, stream);
#endif
  return hipGetLastError();
}

hipError_t LaunchSpin(volatile int* flag, int* timed_out, double ms, hipStream_t stream) {
  auto ticks = static_cast<unsigned long long>(ms * kTicksPerMs);
#ifdef RD_PROBE_CUDA
  SpinKernel<<<1, 1, 0, stream>>>(flag, timed_out, ticks);
#else
  hipLaunchKernelGGL(SpinKernel, dim3(1), dim3(1), 0, stream, flag, timed_out, ticks);
#endif
  return hipGetLastError();
}

double SpinTicksPerMs() { return kTicksPerMs; }

}  // namespace probe
