#pragma once
/// Pure parsers for small /proc files the system section reads.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct CpuInfo {
  std::string vendor;     ///< vendor_id (GenuineIntel, AuthenticAMD)
  std::string model;      ///< "model name" of the first processor
  int logical_cpus = 0;   ///< "processor" entries
  bool hypervisor = false;  ///< The "hypervisor" CPU flag: running under a hypervisor.
};
CpuInfo ParseCpuInfo(std::string_view text);

/// MemTotal from /proc/meminfo, in bytes.
std::optional<uint64_t> ParseMemTotal(std::string_view text);

/// "Max locked memory" soft limit from /proc/self/limits: bytes, or -1 for unlimited.
std::optional<int64_t> ParseMemlockLimit(std::string_view text);

/// The value of a "Name:\tvalue" field of /proc/self/status (Seccomp, CapEff, …).
std::optional<std::string> ParseStatusField(std::string_view text, std::string_view name);

/// A tmpfs mount's size= option for mount point `target` from /proc/self/mounts, in bytes.
std::optional<uint64_t> ParseMountSize(std::string_view mounts, std::string_view target);
/// The filesystem type mounted at `target` (last one wins, as the kernel stacks them).
std::optional<std::string> ParseMountType(std::string_view mounts, std::string_view target);

}  // namespace rd
