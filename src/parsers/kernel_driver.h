#pragma once
/// Pure parsers for what decides whether amdgpu loads: the kernel command line, modprobe.d
/// blacklist files, the SecureBoot EFI variable, and amdgpu/kfd lines of the kernel log.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct CmdlineFacts {
  bool nomodeset = false;
  bool blacklisted = false;             ///< modprobe.blacklist=…amdgpu… or amdgpu.modeset=0
  bool iommu_pt = false;                ///< iommu=pt
  std::vector<std::string> amdgpu_params;  ///< "amdgpu.ppfeaturemask=0xffffffff"
};
CmdlineFacts ParseKernelCmdline(std::string_view cmdline);

/// The first line of a modprobe.d file that keeps amdgpu from loading ("blacklist amdgpu",
/// "install amdgpu /bin/false"), or nullopt.
std::optional<std::string> FindAmdgpuBlacklist(std::string_view conf);

/// The SecureBoot efivar: 4 attribute bytes then one value byte (1 = enabled).
std::optional<bool> ParseSecureBootVar(std::string_view bytes);

struct KernelLogSummary {
  std::vector<std::string> errors;  ///< amdgpu/kfd error lines (first few)
  int error_count = 0;
  // Which error it is (atomics, firmware, kfd_unsupported …) is parsers/kernel_log.h's:
  // kernel_log.* facts, the same for dmesg and a pasted log (issue 13).
};
KernelLogSummary ScanKernelLog(std::string_view log, size_t keep = 5);

}  // namespace rd
