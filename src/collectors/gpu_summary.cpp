// Counts across the GPU list, and the one-line summary (pitfalls.md #22: iGPU beside a dGPU).
#include <set>

#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/gpu_sysfs.h"
#include "util/strings.h"

namespace rd {

namespace {
bool Flag(const Facts& facts, const std::string& path) {
  auto v = facts.Get(path);
  return v.value && v.value->is_boolean() && v.value->get<bool>();
}
// Each unreadable node is named (up to four; the rest counted): "7 × MI300X" must not hide which.
std::string UnreadableList(const std::vector<std::string>& unreadable) {
  std::vector<std::string> shown;
  for (size_t i = 0; i < unreadable.size() && i < 4; ++i) shown.push_back(Printable(unreadable[i], 160));
  std::string list = Join(shown, "; ");
  if (unreadable.size() > shown.size()) list += fmt::format("; and {} more", unreadable.size() - shown.size());
  return list;
}
}  // namespace

void SetGpuSummary(Facts& facts, size_t count, const KfdView& kfd, const PciView& pci) {
  Evidence kfd_ev = FileEvidence(kKfdNodes, kfd.present ? "" : "does not exist");
  if (!kfd.error.empty()) {
    facts.MarkAbsent("gpu.kfd_present", kfd.error);
    facts.MarkAbsent("gpu.kfd_gpu_count", kfd.error);
  } else {
    facts.Set("gpu.kfd_present", kfd.present, kfd_ev);
    facts.Set("gpu.kfd_gpu_count", kfd.gpus.size(), kfd_ev);
    if (kfd.present) {
      facts.Set("gpu.kfd_node_count", kfd.nodes_listed, kfd_ev);
      facts.Set("gpu.kfd_nodes_skipped", kfd.nodes_skipped, kfd_ev);
      facts.Set("gpu.kfd_unreadable_count", kfd.unreadable.size(), kfd_ev);
      if (!kfd.unreadable.empty()) facts.Set("gpu.kfd_unreadable_first", UnreadableList(kfd.unreadable), kfd_ev);
    }
  }
  if (pci.listed) facts.Set("gpu.pci_count", pci.gpus.size(), FileEvidence(kPciDevices, "vendor 0x1002, class 0x03xxxx"));
  else facts.MarkAbsent("gpu.pci_count", pci.error);
  // m15: a layer that could not be looked at is not "no GPU there".
  std::vector<std::string> unlooked;
  if (!kfd.error.empty()) unlooked.push_back(Printable(kfd.error, 160));
  if (!pci.listed && !pci.error.empty() && !pci.missing) unlooked.push_back(Printable(pci.error, 160));
  if (!unlooked.empty()) facts.Set("gpu.sysfs_error", Join(unlooked, "; "), FileEvidence(kPciDevices));
  facts.Set("gpu.count", count);
  int pci_only = 0;
  for (size_t i = 0; i < count; ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    if (facts.Get(at + ".in_kfd").value && !Flag(facts, at + ".in_kfd")) ++pci_only;
  }
  if (kfd.error.empty() && pci.listed && kfd.unreadable.empty()) facts.Set("gpu.pci_not_in_kfd_count", pci_only);
  // Counts by kind (iGPU/dGPU) and the named summary need the GPU table: the derive stage
  // writes them (src/derive/gpus.cpp), the same on every route.
  if (count == 0 && !unlooked.empty()) {
    facts.Set("summary.gpu", "GPUs could not be looked for (" + Join(unlooked, "; ") + ")");
  } else if (count == 0) {
    facts.Set("summary.gpu", !kfd.unreadable.empty() ? fmt::format("KFD is up but {} of its node(s) could not be read", kfd.unreadable.size())
                             : kfd.present ? "KFD is up but lists no GPU"
                             // issue 14, ux-review U2: "no AMD display device on PCI" only when PCI was listed.
                             : pci.listed ? "no AMD GPU found (no KFD topology, no AMD display device on PCI)"
                                          : "no AMD GPU found in the KFD topology; PCI not listed (" + Printable(pci.error, 160) + ")");
  }
}

}  // namespace rd
