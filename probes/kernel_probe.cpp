// kernel: load the kernels for this device (embedded, or compiled with the user's hipcc for its
// target: code_objects.cpp), launch the scale kernel and check every value; median empty-launch
// round trip. Where the code came from is part of the result (issue 16).
#include <cmath>
#include <string>
#include <vector>

#include "code_objects.h"
#include "probes.h"

namespace probe {

void KernelProbe(int device, const Options&, Line& line) {
  const DeviceKernels& kernels = KernelsFor(device);
  line.Str("code_object", kernels.source).Num("code_object_load_ms", kernels.load_ms);
  if (!kernels.target.empty()) line.Str("code_object_target", kernels.target);
  constexpr size_t kCount = 1u << 20;
  std::vector<float> host(kCount), back(kCount);
  for (size_t i = 0; i < kCount; ++i) host[i] = static_cast<float>(i % 4099) - 2000.0f;
  DeviceBuffer in(kCount * sizeof(float)), out(kCount * sizeof(float));
  Check(hipMemcpy(in.get(), host.data(), kCount * sizeof(float), hipMemcpyHostToDevice), "hipMemcpy");
  Check(hipMemset(out.get(), 0xff, kCount * sizeof(float)), "hipMemset");  // poison: NaN
  Check(LaunchScale(static_cast<float*>(in.get()), static_cast<float*>(out.get()), 3.0f, kCount, nullptr), "scale kernel launch");
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
    Check(LaunchEmpty(nullptr), "empty kernel launch");
    Check(hipDeviceSynchronize(), "hipDeviceSynchronize");
    if (i >= 20) us.push_back(MsSince(start) * 1000);
  }
  line.Num("launch_latency_us", Median(us));
  line.Str("targets", EmbeddedTargets());
}

}  // namespace probe
