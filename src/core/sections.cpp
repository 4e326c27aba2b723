#include "core/sections.h"

namespace rd {

const std::vector<SectionInfo>& AllSections() {
  static const std::vector<SectionInfo> sections = {
      {"system", "System", {"os", "platform"},
       {"cgroup", "container", "cpu", "host", "kernel", "libc", "limits", "memory", "os", "virt", "wsl"}},
      {"environment", "Environment", {"environment"}, {"doctor", "env"}},
      {"gpu", "GPUs and driver", {"gpu", "driver", "runtime"}, {"amd_smi", "driver", "gpu", "gpu_health", "gpus", "kernel_log", "mgmt", "rocminfo", "smi"}},
      {"access", "Device access", {"access"}, {"devices", "identity"}},
      {"rocm", "ROCm installs", {"rocm_installs"}, {"rocm"}},
      {"libraries", "Libraries", {"libraries"}, {"libs"}},
      {"toolchain", "Toolchain", {"toolchain", "compile_check"}, {"compile", "toolchain"}},
      {"frameworks", "Frameworks", {"torch_static", "torch_dynamic", "rocm_libs", "coverage"}, {"coverage", "frameworks"}},
      {"probes", "Runtime probes", {"probes"}, {"probes"}},
      {"paste", "Pasted input", {}, {"triage"}},  // triage: the pieces of a paste (facts under "triage")
  };
  return sections;
}

const SectionInfo* FindSection(const std::string& id) {
  for (const auto& section : AllSections()) {
    if (id == section.id) return &section;
  }
  return nullptr;
}

}  // namespace rd
