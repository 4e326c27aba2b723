#pragma once
// The probes of rocm-doctor-probe. Each checks its own results, fills one JSON line per device
// and throws probe::Failure on a failed call or wrong data (main turns that into status "fail").
#include "probe_util.h"

namespace probe {

struct ProbeDef {
  const char* name;
  bool in_default;  ///< Part of the default set (the set must finish in about 2 s on one GPU).
  bool per_device;  ///< Run once per visible device; otherwise once (device -1).
  void (*run)(int device, const Options& options, Line& line);
};

const std::vector<ProbeDef>& AllProbes();

void RuntimeProbe(int device, const Options& options, Line& line);
void KernelProbe(int device, const Options& options, Line& line);
void MemcpyProbe(int device, const Options& options, Line& line);
void AsyncProbe(int device, const Options& options, Line& line);
void StreamsProbe(int device, const Options& options, Line& line);
void P2pProbe(int device, const Options& options, Line& line);

/// PCIe link state of a device by PCI bus id ("0000:65:00.0"): NVML on NVIDIA when it loads,
/// else sysfs. Fields stay 0 when unknown.
struct PcieLink {
  int gen = 0, width = 0, max_gen = 0, max_width = 0;
  std::string source;  ///< "nvml", "sysfs" or "" when unknown.
};
PcieLink ReadPcieLink(const std::string& bus_id);
void AddLink(Line& line, const PcieLink& link, const char* prefix);
std::string BusId(int device);
/// "0x1002" from /sys/bus/pci/devices/BDF/vendor (file "vendor" or "device"); "" when unreadable.
std::string ReadPciId(const std::string& bus_id, const char* file);

}  // namespace probe
