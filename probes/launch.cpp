// Kernel launches through the module API (issue 16): the kernels of the current device come from
// code_objects.cpp; arguments go by address, in the order of the extern "C" signatures in
// kernels.hip. Launch errors are returned like hipGetLastError after a <<<>>> launch.
#include "code_objects.h"
#include "probe_api.h"
#include "probe_util.h"

namespace probe {

namespace {

const DeviceKernels& Current() {
  int device = 0;
  Check(hipGetDevice(&device), "hipGetDevice");
  return KernelsFor(device);
}

#ifdef RD_PROBE_CUDA
// %globaltimer counts nanoseconds.
constexpr double kTicksPerMs = 1e6;
#else
// wall_clock64 runs at 100 MHz on gfx9 Instinct and RDNA parts (TransferBench's assumption too).
constexpr double kTicksPerMs = 1e5;
#endif

}  // namespace

hipError_t LaunchScale(const float* in, float* out, float factor, size_t n, hipStream_t stream) {
  unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  if (blocks > 65535) blocks = 65535;
  void* args[] = {&in, &out, &factor, &n};
  return hipModuleLaunchKernel(Current().scale, blocks, 1, 1, 256, 1, 1, 0, stream, args, nullptr);
}

hipError_t LaunchEmpty(hipStream_t stream) {
  return hipModuleLaunchKernel(Current().empty, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr);
}

hipError_t LaunchSpin(volatile int* flag, int* timed_out, double ms, hipStream_t stream) {
  auto ticks = static_cast<unsigned long long>(ms * kTicksPerMs);
  void* args[] = {&flag, &timed_out, &ticks};
  return hipModuleLaunchKernel(Current().spin, 1, 1, 1, 1, 1, 1, 0, stream, args, nullptr);
}

double SpinTicksPerMs() { return kTicksPerMs; }

}  // namespace probe
