// kernel: launch the scale kernel and check every value; median empty-launch round trip; a
// binary without code for this GPU (hipErrorNoBinaryForGpu / invalid device function) is caught
// and named with the device's arch and the targets the probe was built for.
#include <cmath>
#include <string>
#include <vector>

#include "probes.h"

#ifndef RD_PROBE_TARGETS
#define RD_PROBE_TARGETS "unknown"
#endif

namespace probe {

namespace {

void CheckLaunch(hipError_t result, int device) {
  if (result == hipSuccess) return;
  std::string message = std::string("kernel launch: ") + hipGetErrorString(result);
  if (result == hipErrorNoBinaryForGpu || result == hipErrorInvalidDeviceFunction) {
    hipDeviceProp_t prop{};
    (void)hipGetDeviceProperties(&prop, device);
#ifdef RD_PROBE_CUDA
    std::string arch = "sm_" + std::to_string(prop.major) + std::to_string(prop.minor);
#else
    std::string arch = prop.gcnArchName;
#endif
    message += "; this GPU is " + arch + ", the probe has code for " RD_PROBE_TARGETS;
  }
  throw Failure(hipGetErrorName(result), message);
}

}  // namespace

void KernelProbe(int device, const Options&, Line& line) {
  constexpr size_t kCount = 1u << 20;
  std::vector<float> host(kCount), back(kCount);
  for (size_t i = 0; i < kCount; ++i) host[i] = static_cast<float>(i % 4099) - 2000.0f;
  DeviceBuffer in(kCount * sizeof(float)), out(kCount * sizeof(float));
  Check(hipMemcpy(in.get(), host.data(), kCount * sizeof(float), hipMemcpyHostToDevice), "hipMemcpy");
  Check(hipMemset(out.get(), 0xff, kCount * sizeof(float)), "hipMemset");  // poison: NaN
  CheckLaunch(LaunchScale(static_cast<float*>(in.get()), static_cast<float*>(out.get()), 3.0f, kCount, nullptr), device);
  Check(hipDeviceSynchronize(), "hipDeviceSynchronize after the scale kernel");
  Check(hipMemcpy(back.data(), out.get(), kCount * sizeof(float), hipMemcpyDeviceToHost), "hipMemcpy");
  size_t wrong = 0;
  for (size_t i = 0; i < kCount; ++i) wrong += back[i] != host[i] * 3.0f;
  if (wrong) FailVerification("scale kernel: " + std::to_string(wrong) + " of " + std::to_string(kCount) + " values wrong");
  line.Bool("scale_verified", true).Int("scale_elements", kCount);

  // Empty-launch round trip: launch + synchronize, median of 200 after 20 warmups.
  std::vector<double> us;
  for (int i = 0; i < 220; ++i) {
    auto start = Clock::now();
    CheckLaunch(LaunchEmpty(nullptr), device);
    Check(hipDeviceSynchronize(), "hipDeviceSynchronize");
    if (i >= 20) us.push_back(MsSince(start) * 1000);
  }
  line.Num("launch_latency_us", Median(us));
  line.Str("targets", RD_PROBE_TARGETS);
}

}  // namespace probe
