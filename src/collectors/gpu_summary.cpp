// Counts across the GPU list, and the one-line summary (pitfalls.md #22: iGPU beside a dGPU).
#include <set>

#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/gpu_sysfs.h"
#include "util/strings.h"

namespace rd {

namespace {
std::string Text(const Facts& facts, const std::string& path) {
  auto v = facts.Get(path);
  return v.value && v.value->is_string() ? v.value->get<std::string>() : std::string();
}
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
  int igpu = 0, dgpu = 0, pci_only = 0;
  std::set<std::string> gfx_set;
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    (Flag(facts, at + ".is_apu") ? igpu : dgpu)++;
    if (facts.Get(at + ".in_kfd").value && !Flag(facts, at + ".in_kfd")) ++pci_only;
    std::string gfx = Text(facts, at + ".gfx");
    if (!gfx.empty()) gfx_set.insert(gfx);
    std::string name = Text(facts, at + ".marketing_name");
    names.push_back(fmt::format("{}{}", name.empty() ? "AMD GPU" : name, gfx.empty() ? "" : " (" + gfx + ")"));
  }
  if (kfd.error.empty() && pci.listed && kfd.unreadable.empty()) facts.Set("gpu.pci_not_in_kfd_count", pci_only);
  facts.Set("gpu.igpu_count", igpu);
  facts.Set("gpu.dgpu_count", dgpu);
  facts.Set("gpu.has_igpu_and_dgpu", igpu > 0 && dgpu > 0);
  facts.Set("gpu.distinct_gfx_count", gfx_set.size());
  if (count == 0 && !unlooked.empty()) {
    facts.Set("summary.gpu", "GPUs could not be looked for (" + Join(unlooked, "; ") + ")");
  } else if (count == 0) {
    facts.Set("summary.gpu", !kfd.unreadable.empty() ? fmt::format("KFD is up but {} of its node(s) could not be read", kfd.unreadable.size())
                             : kfd.present ? "KFD is up but lists no GPU"
                                           : "no AMD GPU found (no KFD topology, no AMD display device on PCI)");
  } else {
    // "8 × AMD Instinct MI300X (gfx942)" rather than eight copies.
    std::vector<std::string> grouped;
    for (size_t i = 0; i < names.size(); ++i) {
      if (i > 0 && names[i] == names[i - 1]) continue;
      size_t n = 1;
      while (i + n < names.size() && names[i + n] == names[i]) ++n;
      grouped.push_back(n > 1 ? fmt::format("{} × {}", n, names[i]) : names[i]);
    }
    facts.Set("summary.gpu", Join(grouped, " · "));
  }
}

}  // namespace rd
