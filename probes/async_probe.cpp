// async: does hipMemcpyAsync return before the copy ends? measuring.md §3 recipe A: a bounded
// spin kernel holds the stream until the host releases a flag; the host times the call itself.
// An asynchronous call returns at once; a synchronous one (pageable memory, pitfalls.md #40)
// can only return after the spin times out. Binary verdict, no threshold to tune.
#include <string>
#include <vector>

#include "probes.h"

namespace probe {

namespace {

struct AsyncResult {
  double call_ms = 0;
  bool blocks = false;
};

AsyncResult TimeCall(void* dst, const void* src, size_t bytes, hipMemcpyKind kind, const Options& o,
                     SpinFlag& flag, hipStream_t stream) {
  flag.Arm();
  Check(LaunchSpin(flag.device_flag(), flag.device_timed_out(), o.spin_timeout_ms, stream), "spin kernel launch");
  auto start = Clock::now();
  Check(hipMemcpyAsync(dst, src, bytes, kind, stream), "hipMemcpyAsync");
  AsyncResult result;
  result.call_ms = MsSince(start);
  flag.Release();
  Check(hipStreamSynchronize(stream), "hipStreamSynchronize");
  result.blocks = result.call_ms > 0.5 * o.spin_timeout_ms;
  return result;
}

void Report(Line& line, const char* name, const AsyncResult& r) {
  line.Num((std::string("async_") + name + "_call_ms").c_str(), r.call_ms);
  line.Bool((std::string("async_") + name + "_blocks").c_str(), r.blocks);
}

}  // namespace

void AsyncProbe(int, const Options& o, Line& line) {
  const size_t bytes = 16u << 20;
  PinnedBuffer pinned(bytes), pinned_back(bytes);
  std::vector<unsigned char> pageable(bytes), pageable_back(bytes);
  DeviceBuffer device(bytes);
  Stream stream(true);
  SpinFlag flag;

  // The flag must reach a running kernel, or every verdict below would read "blocks".
  flag.Arm();
  Check(LaunchSpin(flag.device_flag(), flag.device_timed_out(), o.spin_timeout_ms, stream.get()), "spin kernel launch");
  flag.Release();
  Check(hipStreamSynchronize(stream.get()), "hipStreamSynchronize");
  if (flag.timed_out()) FailVerification("the spin kernel never saw the host's flag (host-mapped memory not coherent?)");

  FillPattern(pinned.get(), bytes, 0x3333);
  FillPattern(pageable.data(), bytes, 0x4444);
  Report(line, "h2d_pinned", TimeCall(device.get(), pinned.get(), bytes, hipMemcpyHostToDevice, o, flag, stream.get()));
  Report(line, "d2h_pinned", TimeCall(pinned_back.get(), device.get(), bytes, hipMemcpyDeviceToHost, o, flag, stream.get()));
  if (!CheckPattern(pinned_back.get(), bytes, 0x3333)) FailVerification("async pinned H2D then D2H: data differs");
  Report(line, "h2d_pageable", TimeCall(device.get(), pageable.data(), bytes, hipMemcpyHostToDevice, o, flag, stream.get()));
  Report(line, "d2h_pageable", TimeCall(pageable_back.data(), device.get(), bytes, hipMemcpyDeviceToHost, o, flag, stream.get()));
  if (!CheckPattern(pageable_back.data(), bytes, 0x4444)) FailVerification("async pageable H2D then D2H: data differs");
  line.Num("spin_timeout_ms", o.spin_timeout_ms).Int("async_bytes", static_cast<long long>(bytes));
}

}  // namespace probe
