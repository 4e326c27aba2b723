#pragma once
/// Reads the two lowest layers that need no ROCm user space: the KFD topology and PCI sysfs.
/// Every file is bounded in size, every directory in entries; failures are kept as text.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/collector.h"
#include "parsers/kfd_topology.h"
#include "parsers/pci_sysfs.h"

namespace rd {

inline constexpr const char* kKfdNodes = "/sys/class/kfd/kfd/topology/nodes";
inline constexpr const char* kPciDevices = "/sys/bus/pci/devices";
inline constexpr size_t kMaxKfdNodes = 256;  ///< KFD nodes read; more are counted, not read

struct KfdGpu {
  int node = 0;
  KfdProperties props;
  std::optional<uint64_t> vram_bytes;  ///< Sum of FB_PUBLIC/FB_PRIVATE mem banks
  std::string bdf;                     ///< From domain + location_id
  std::string problem;                 ///< A file that could not be read, and why
};

struct KfdView {
  bool present = false;     ///< The topology directory exists
  std::string error;        ///< Why it could not be listed (other than "does not exist")
  std::vector<KfdGpu> gpus; ///< Nodes with simd_count > 0 (CPU nodes have none)
  /// Nodes whose properties could not be read, each "path: cause". Such a node may be a GPU:
  /// it is neither counted nor taken as "not in KFD" (hostile-input report D19).
  std::vector<std::string> unreadable;
  size_t nodes_listed = 0;   ///< Numeric node directories listed
  size_t nodes_skipped = 0;  ///< Beyond the kMaxKfdNodes read (m1)
};

struct PciGpu {
  std::string bdf, device_id, subsystem, driver;
  uint32_t class_code = 0;
  std::optional<double> link_speed, max_link_speed;
  std::optional<int> link_width, max_link_width;
  uint64_t bar_bytes = 0;  ///< Largest prefetchable BAR
  bool boot_vga = false;
};

struct PciView {
  bool listed = false;
  bool missing = false;  ///< The device list does not exist (no PCI sysfs), as opposed to unreadable
  std::string error;
  std::vector<PciGpu> gpus;  ///< vendor 0x1002, display class (0x03xxxx)
};

KfdView ReadKfdTopology(CollectContext& context);
PciView ReadPciGpus(CollectContext& context);
/// gpu.* counts and summary.gpu from the gpus[] facts already set (gpu_summary.cpp).
void SetGpuSummary(Facts& facts, size_t count, const KfdView& kfd, const PciView& pci);

}  // namespace rd
