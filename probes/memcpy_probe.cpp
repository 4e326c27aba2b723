// memcpy: H2D and D2H from pinned and pageable memory, both directions at once, and D2D. Warmups,
// then the median of repeated copies of a size on the bandwidth plateau (64 MiB, RBT's and
// TransferBench's default, for the host link); D2D at 256 MiB, where the copy engine's fixed cost
// is under 1% (at 64 MiB it cost 14% on an H200: issue 16); bytes counted once; every path's data
// verified; pinned H2D also with hipMemcpyDefault. The PCIe link is read right after the pinned
// copies, while the link is up to speed.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "probes.h"

namespace probe {

namespace {

double GBps(size_t bytes, double ms) { return ms > 0 ? static_cast<double>(bytes) / (ms * 1e6) : 0; }

// Pinned and D2D: one event pair around each copy on a non-blocking stream.
double TimedAsync(void* dst, const void* src, size_t bytes, hipMemcpyKind kind, const Options& o, hipStream_t stream) {
  Event start, end;
  std::vector<double> ms;
  for (int i = 0; i < o.warmups + o.repeats; ++i) {
    Check(hipEventRecord(start.get(), stream), "hipEventRecord");
    Check(hipMemcpyAsync(dst, src, bytes, kind, stream), "hipMemcpyAsync");
    Check(hipEventRecord(end.get(), stream), "hipEventRecord");
    double t = ElapsedMs(start, end);
    if (i >= o.warmups) ms.push_back(t);
  }
  return Median(ms);
}

// Pageable: hipMemcpy is synchronous anyway; time it with the host clock (bandwidthTest does).
double TimedSync(void* dst, const void* src, size_t bytes, hipMemcpyKind kind, const Options& o) {
  std::vector<double> ms;
  for (int i = 0; i < o.warmups + o.repeats; ++i) {
    auto start = Clock::now();
    Check(hipMemcpy(dst, src, bytes, kind), "hipMemcpy");
    if (i >= o.warmups) ms.push_back(MsSince(start));
  }
  return Median(ms);
}

// H2D on one stream and D2H on another, started together (the second waits on the first's start
// event): bytes of both directions over the time until both are done. This is the figure that
// collapses on real systems (a shared root port, a switch, IOMMU translation).
double TimedBidirectional(void* dev_dst, const void* host_src, void* host_dst, const void* dev_src, size_t bytes,
                          const Options& o) {
  Stream up(true), down(true);
  Event start, up_done, down_done;
  std::vector<double> ms;
  // Twice the repeats: two directions sharing a link vary more from copy to copy than one
  // (on the H200 a median of 10 ranged 89-100 GB/s between runs, a median of 20 far less).
  for (int i = 0; i < o.warmups + 2 * o.repeats; ++i) {
    Check(hipEventRecord(start.get(), up.get()), "hipEventRecord");
    Check(hipStreamWaitEvent(down.get(), start.get(), 0), "hipStreamWaitEvent");
    Check(hipMemcpyAsync(dev_dst, host_src, bytes, hipMemcpyHostToDevice, up.get()), "hipMemcpyAsync");
    Check(hipMemcpyAsync(host_dst, dev_src, bytes, hipMemcpyDeviceToHost, down.get()), "hipMemcpyAsync");
    Check(hipEventRecord(up_done.get(), up.get()), "hipEventRecord");
    Check(hipEventRecord(down_done.get(), down.get()), "hipEventRecord");
    double t = std::max(ElapsedMs(start, up_done), ElapsedMs(start, down_done));
    if (i >= o.warmups) ms.push_back(t);
  }
  return Median(ms);
}

// D2D on its own buffers of o.d2d_bytes; a GPU that cannot hold them measures at copy_bytes.
void MeasureDeviceToDevice(const Options& o, Line& line, const std::string& suffix, hipStream_t stream) {
  size_t bytes = o.d2d_bytes;
  void* a = nullptr;
  void* b = nullptr;
  if (hipMalloc(&a, bytes) != hipSuccess || hipMalloc(&b, bytes) != hipSuccess) {
    (void)hipFree(a);
    (void)hipGetLastError();
    bytes = o.copy_bytes;
    a = b = nullptr;
  }
  if (!a) {
    Check(hipMalloc(&a, bytes), "hipMalloc");
    Check(hipMalloc(&b, bytes), "hipMalloc");
  }
  struct Free {
    void* p;
    ~Free() { (void)hipFree(p); }
  } free_a{a}, free_b{b};
  Check(hipMemset(b, 0x5a, bytes), "hipMemset");
  double d2d = TimedAsync(a, b, bytes, hipMemcpyDeviceToDevice, o, stream);
  std::vector<unsigned char> head(4096);
  Check(hipMemcpy(head.data(), a, head.size(), hipMemcpyDeviceToHost), "hipMemcpy");
  for (unsigned char c : head) {
    if (c != 0x5a) FailVerification("D2D: copied data differs from the source");
  }
  line.Num(("d2d_gbps" + suffix).c_str(), GBps(bytes, d2d));
  if (suffix.empty()) line.Int("d2d_bytes", static_cast<long long>(bytes));
}

void Verify(const void* data, size_t bytes, uint32_t seed, const char* path) {
  if (!CheckPattern(data, bytes, seed)) FailVerification(std::string(path) + ": copied data differs from the source");
}

void MeasureSize(int device, size_t bytes, const Options& o, Line& line, const std::string& suffix) {
  PinnedBuffer pinned_src(bytes), pinned_dst(bytes);
  std::vector<unsigned char> pageable_src(bytes), pageable_dst(bytes);
  DeviceBuffer dev_a(bytes), dev_b(bytes);
  Stream stream(true);
  FillPattern(pinned_src.get(), bytes, 0x1111);
  FillPattern(pageable_src.data(), bytes, 0x2222);

  double h2d = TimedAsync(dev_a.get(), pinned_src.get(), bytes, hipMemcpyHostToDevice, o, stream.get());
  double d2h = TimedAsync(pinned_dst.get(), dev_a.get(), bytes, hipMemcpyDeviceToHost, o, stream.get());
  Verify(pinned_dst.get(), bytes, 0x1111, "pinned H2D then D2H");
  if (suffix.empty()) AddLink(line, ReadPcieLink(BusId(device)), "");
  double h2d_default = TimedAsync(dev_b.get(), pinned_src.get(), bytes, hipMemcpyDefault, o, stream.get());
  std::memset(pinned_dst.get(), 0, bytes);
  Check(hipMemcpy(pinned_dst.get(), dev_b.get(), bytes, hipMemcpyDefault), "hipMemcpy");
  Verify(pinned_dst.get(), bytes, 0x1111, "hipMemcpyDefault H2D then D2H");
  // dev_a holds pattern 0x1111 (from the pinned H2D): D2H of it runs beside an H2D into dev_b.
  double bidir = TimedBidirectional(dev_b.get(), pinned_src.get(), pinned_dst.get(), dev_a.get(), bytes, o);
  Verify(pinned_dst.get(), bytes, 0x1111, "bidirectional D2H");

  double h2d_pageable = TimedSync(dev_b.get(), pageable_src.data(), bytes, hipMemcpyHostToDevice, o);
  double d2h_pageable = TimedSync(pageable_dst.data(), dev_b.get(), bytes, hipMemcpyDeviceToHost, o);
  Verify(pageable_dst.data(), bytes, 0x2222, "pageable H2D then D2H");

  line.Num(("h2d_pinned_gbps" + suffix).c_str(), GBps(bytes, h2d));
  line.Num(("d2h_pinned_gbps" + suffix).c_str(), GBps(bytes, d2h));
  line.Num(("h2d_pinned_default_kind_gbps" + suffix).c_str(), GBps(bytes, h2d_default));
  line.Num(("bidir_pinned_gbps" + suffix).c_str(), GBps(2 * bytes, bidir));
  line.Num(("h2d_pageable_gbps" + suffix).c_str(), GBps(bytes, h2d_pageable));
  line.Num(("d2h_pageable_gbps" + suffix).c_str(), GBps(bytes, d2h_pageable));
}

}  // namespace

void MemcpyProbe(int device, const Options& o, Line& line) {
  line.Int("copy_bytes", static_cast<long long>(o.copy_bytes)).Int("warmups", o.warmups).Int("repeats", o.repeats);
  line.Str("bytes_counted", "once").Str("statistic", "median");
  MeasureSize(device, o.copy_bytes, o, line, "");
  {
    Stream stream(true);
    MeasureDeviceToDevice(o, line, "", stream.get());
  }
  if (!o.full) return;
  Stream stream(true);
  for (size_t mib : {1, 4, 16, 256, 1024}) {
    std::string suffix = "_" + std::to_string(mib) + "mib";
    if (mib <= 256) MeasureSize(device, mib << 20, o, line, suffix);
    Options sized = o;
    sized.d2d_bytes = mib << 20;
    MeasureDeviceToDevice(sized, line, suffix, stream.get());
  }
}

}  // namespace probe
