#include "core/sections.h"

namespace rd {

const std::vector<SectionInfo>& AllSections() {
  static const std::vector<SectionInfo> sections = {
      {"system", "System"},
      {"environment", "Environment"},
      {"gpu", "GPUs and driver"},
      {"access", "Device access"},
      {"rocm", "ROCm installs"},
      {"libraries", "Libraries"},
      {"toolchain", "Toolchain"},
      {"frameworks", "Frameworks"},
      {"probes", "Runtime probes"},
      {"paste", "Pasted input"},  // triage: the pieces of a paste (facts under "triage")
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
