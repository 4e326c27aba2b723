// streams: copy/compute overlap on two non-blocking streams; null-stream work against a blocking
// and a non-blocking stream (pitfalls.md #41); how many of 8 streams run kernels at once
// (pitfalls.md #43, GPU_MAX_HW_QUEUES); cross-stream event ordering gives correct data.
// The "compute" is the bounded spin kernel: its duration is set, not calibrated.
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "probes.h"

namespace probe {

namespace {

constexpr int kCopies = 4;

// Copy alone, spin alone, then both on two streams, all timed with events.
void Overlap(const Options& o, Line& line) {
  const size_t bytes = o.copy_bytes;
  PinnedBuffer host(bytes);
  DeviceBuffer device(bytes);
  Stream copy_stream(true), compute_stream(true);
  SpinFlag never;  // never released: the spin kernel runs for its whole timeout
  Event start, end, kernel_done;
  auto copies = [&] {
    for (int i = 0; i < kCopies; ++i) Check(hipMemcpyAsync(device.get(), host.get(), bytes, hipMemcpyHostToDevice, copy_stream.get()), "hipMemcpyAsync");
  };
  copies();  // warmup
  Check(hipEventRecord(start.get(), copy_stream.get()), "hipEventRecord");
  copies();
  Check(hipEventRecord(end.get(), copy_stream.get()), "hipEventRecord");
  double copy_ms = ElapsedMs(start, end);

  Check(hipEventRecord(start.get(), compute_stream.get()), "hipEventRecord");
  Check(LaunchSpin(never.device_flag(), never.device_timed_out(), copy_ms, compute_stream.get()), "spin kernel launch");
  Check(hipEventRecord(end.get(), compute_stream.get()), "hipEventRecord");
  double kernel_ms = ElapsedMs(start, end);

  Check(hipEventRecord(start.get(), copy_stream.get()), "hipEventRecord");
  Check(hipStreamWaitEvent(compute_stream.get(), start.get(), 0), "hipStreamWaitEvent");
  Check(LaunchSpin(never.device_flag(), never.device_timed_out(), copy_ms, compute_stream.get()), "spin kernel launch");
  Check(hipEventRecord(kernel_done.get(), compute_stream.get()), "hipEventRecord");
  copies();
  Check(hipStreamWaitEvent(copy_stream.get(), kernel_done.get(), 0), "hipStreamWaitEvent");
  Check(hipEventRecord(end.get(), copy_stream.get()), "hipEventRecord");
  double both_ms = ElapsedMs(start, end);
  // 1: the shorter one hid completely behind the longer one; 0: they ran one after the other.
  double overlap = (copy_ms + kernel_ms - both_ms) / std::min(copy_ms, kernel_ms);
  line.Num("overlap_copy_ms", copy_ms).Num("overlap_kernel_ms", kernel_ms).Num("overlap_both_ms", both_ms);
  line.Num("overlap_fraction", std::clamp(overlap, 0.0, 1.0));
}

// Host wall time of spin kernels launched on `streams` at once, then a device synchronize.
double SpinWall(const std::vector<hipStream_t>& streams, double ms, SpinFlag& never) {
  auto start = Clock::now();
  for (hipStream_t s : streams) Check(LaunchSpin(never.device_flag(), never.device_timed_out(), ms, s), "spin kernel launch");
  Check(hipDeviceSynchronize(), "hipDeviceSynchronize");
  return MsSince(start);
}

void NullStreamAndQueues(Line& line) {
  constexpr double kSpinMs = 10;
  SpinFlag never;
  Stream blocking(false), non_blocking(true);
  double alone = SpinWall({non_blocking.get()}, kSpinMs, never);
  double with_blocking = SpinWall({blocking.get(), nullptr}, kSpinMs, never);
  double with_non_blocking = SpinWall({non_blocking.get(), nullptr}, kSpinMs, never);
  line.Num("null_spin_alone_ms", alone).Num("null_with_blocking_ms", with_blocking);
  line.Num("null_with_non_blocking_ms", with_non_blocking);
  line.Bool("null_stream_serializes", with_blocking > 1.6 * alone);
  line.Bool("non_blocking_overlaps_null", with_non_blocking < 1.4 * alone);

  std::vector<std::unique_ptr<Stream>> owned;
  std::vector<hipStream_t> eight;
  for (int i = 0; i < 8; ++i) {
    owned.push_back(std::make_unique<Stream>(true));
    eight.push_back(owned.back()->get());
  }
  double wall8 = SpinWall(eight, kSpinMs, never);
  line.Num("streams8_wall_ms", wall8).Num("streams8_concurrent", std::min(8.0, 8 * alone / wall8));
  if (const char* queues = std::getenv("GPU_MAX_HW_QUEUES")) line.Str("gpu_max_hw_queues", queues);
}

// A copy on stream A, an event recorded after it, stream B waits for the event and runs the
// kernel on the copied data: the result must be right. Recording the event before the copy
// lets B read the old data; the probe shows that too (stream A is held so the race is certain).
void EventOrdering(Line& line) {
  constexpr size_t kCount = 1u << 22;
  const size_t bytes = kCount * sizeof(float);
  PinnedBuffer host(bytes), back(bytes);
  DeviceBuffer data(bytes), out(bytes);
  Stream a(true), b(true);
  Event after_copy, before_copy;
  SpinFlag hold;
  auto* values = static_cast<float*>(host.get());
  for (size_t i = 0; i < kCount; ++i) values[i] = static_cast<float>(i % 4096);
  auto run = [&](bool record_after) {
    Check(hipMemset(data.get(), 0, bytes), "hipMemset");
    Check(hipMemset(out.get(), 0xff, bytes), "hipMemset");
    Check(hipDeviceSynchronize(), "hipDeviceSynchronize");
    hold.Arm();
    Check(hipEventRecord(before_copy.get(), a.get()), "hipEventRecord");
    Check(LaunchSpin(hold.device_flag(), hold.device_timed_out(), 20, a.get()), "spin kernel launch");
    Check(hipMemcpyAsync(data.get(), host.get(), bytes, hipMemcpyHostToDevice, a.get()), "hipMemcpyAsync");
    Check(hipEventRecord(after_copy.get(), a.get()), "hipEventRecord");
    Check(hipStreamWaitEvent(b.get(), record_after ? after_copy.get() : before_copy.get(), 0), "hipStreamWaitEvent");
    Check(LaunchScale(static_cast<float*>(data.get()), static_cast<float*>(out.get()), 2.0f, kCount, b.get()), "scale kernel launch");
    Check(hipMemcpyAsync(back.get(), out.get(), bytes, hipMemcpyDeviceToHost, b.get()), "hipMemcpyAsync");
    if (record_after) hold.Release();  // else B must finish while A is still held
    Check(hipStreamSynchronize(b.get()), "hipStreamSynchronize");
    hold.Release();
    Check(hipDeviceSynchronize(), "hipDeviceSynchronize");
    const auto* result = static_cast<const float*>(back.get());
    size_t wrong = 0;
    for (size_t i = 0; i < kCount; ++i) wrong += result[i] != 2.0f * values[i];
    return wrong;
  };
  size_t wrong_after = run(true);
  if (wrong_after) FailVerification("event recorded after the copy: " + std::to_string(wrong_after) + " values wrong on the waiting stream");
  line.Bool("event_order_ok", true);
  line.Bool("event_before_copy_reads_stale", run(false) > 0);
}

}  // namespace

void StreamsProbe(int, const Options& o, Line& line) {
  Overlap(o, line);
  NullStreamAndQueues(line);
  EventOrdering(line);
}

}  // namespace probe
