#pragma once
/// Warnings GPU runtimes print about the host, whatever else the log holds:
///   ollama: msg="unsupported Radeon iGPU detected skipping" id=0 total="512.0 MiB"
///   ollama: amdgpu version file missing: /sys/module/amdgpu/version stat …: no such file or directory
///   RCCL:   NCCL WARN Missing "iommu=pt" from kernel command line which can lead to system instablity or hang!
#include <optional>
#include <string>
#include <string_view>

namespace rd {

struct WarningLine {
  size_t line = 0;  ///< 0-based line in the text
  std::string text;
};

struct GpuRuntimeWarnings {
  std::optional<WarningLine> ollama_igpu_skipped;
  std::optional<WarningLine> amdgpu_version_file_missing;
  std::optional<WarningLine> rccl_iommu_pt_missing;
};

GpuRuntimeWarnings ScanGpuRuntimeWarnings(std::string_view text);

}  // namespace rd
