// p2p (2 or more GPUs): the can-access-peer matrix, and peer copy bandwidth between every pair
// that can access each other (64 MiB, median of repeats, data verified).
#include <string>
#include <vector>

#include "probes.h"

namespace probe {

namespace {

double PeerCopy(int src, int dst, const Options& o) {
  const size_t bytes = o.copy_bytes;
  Check(hipSetDevice(src), "hipSetDevice");
  DeviceBuffer from(bytes);
  PinnedBuffer host(bytes), back(bytes);
  FillPattern(host.get(), bytes, 0x5000u + static_cast<uint32_t>(src * 16 + dst));
  Check(hipMemcpy(from.get(), host.get(), bytes, hipMemcpyHostToDevice), "hipMemcpy");
  Check(hipSetDevice(dst), "hipSetDevice");
  DeviceBuffer to(bytes);
  Check(hipSetDevice(src), "hipSetDevice");
  Stream stream(true);
  Event start, end;
  std::vector<double> ms;
  for (int i = 0; i < o.warmups + o.repeats; ++i) {
    Check(hipEventRecord(start.get(), stream.get()), "hipEventRecord");
    Check(hipMemcpyPeerAsync(to.get(), dst, from.get(), src, bytes, stream.get()), "hipMemcpyPeerAsync");
    Check(hipEventRecord(end.get(), stream.get()), "hipEventRecord");
    double t = ElapsedMs(start, end);
    if (i >= o.warmups) ms.push_back(t);
  }
  Check(hipMemcpy(back.get(), to.get(), bytes, hipMemcpyDefault), "hipMemcpy");
  if (!CheckPattern(back.get(), bytes, 0x5000u + static_cast<uint32_t>(src * 16 + dst))) {
    FailVerification("peer copy " + std::to_string(src) + "->" + std::to_string(dst) + ": data differs");
  }
  return static_cast<double>(bytes) / (Median(ms) * 1e6);
}

}  // namespace

void P2pProbe(int, const Options& o, Line& line) {
  int count = 0;
  Check(hipGetDeviceCount(&count), "hipGetDeviceCount");
  line.Int("device_count", count);
  if (count < 2) throw Skipped("needs 2 or more devices, " + std::to_string(count) + " visible");
  std::string matrix = "[", pairs = "[";
  for (int i = 0; i < count; ++i) {
    matrix += (i ? ",[" : "[");
    for (int j = 0; j < count; ++j) {
      int can = i == j;
      if (i != j) Check(hipDeviceCanAccessPeer(&can, i, j), "hipDeviceCanAccessPeer");
      matrix += std::string(j ? "," : "") + (can ? "true" : "false");
      if (i == j || !can) continue;
      Check(hipSetDevice(i), "hipSetDevice");
      hipError_t enabled = hipDeviceEnablePeerAccess(j, 0);
      (void)hipGetLastError();  // "already enabled" is fine
      if (enabled != hipSuccess && std::string(hipGetErrorName(enabled)).find("AlreadyEnabled") == std::string::npos) Check(enabled, "hipDeviceEnablePeerAccess");
      double gbps = PeerCopy(i, j, o);
      pairs += std::string(pairs.size() > 1 ? "," : "") + "{\"src\":" + std::to_string(i) + ",\"dst\":" +
               std::to_string(j) + ",\"gbps\":" + std::to_string(gbps) + "}";
    }
    matrix += "]";
  }
  line.Raw("can_access_peer", matrix + "]").Raw("peer_copies", pairs + "]");
}

}  // namespace probe
