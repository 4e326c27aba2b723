#include "parsers/gpu_runtime_warnings.h"

#include "util/strings.h"

namespace rd {

GpuRuntimeWarnings ScanGpuRuntimeWarnings(std::string_view text) {
  GpuRuntimeWarnings out;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(std::string_view(lines[i]).substr(0, 4096));
    auto at = [&] { return WarningLine{i, std::string(s.substr(0, 400))}; };
    // ollama amd_linux.go: an iGPU (small carve-out) is dropped from the device list.
    if (!out.ollama_igpu_skipped && Contains(s, "iGPU detected skipping")) out.ollama_igpu_skipped = at();
    // ollama reads /sys/module/amdgpu/version to tell the AMD driver from the in-tree one.
    if (!out.amdgpu_version_file_missing && Contains(s, "amdgpu version file missing")) out.amdgpu_version_file_missing = at();
    // RCCL init.cc; the quotes may arrive escaped or stripped by a markdown paste.
    if (!out.rccl_iommu_pt_missing && Contains(s, "Missing ") && Contains(s, "iommu=pt") && Contains(s, "kernel command line")) {
      out.rccl_iommu_pt_missing = at();
    }
  }
  return out;
}

}  // namespace rd
