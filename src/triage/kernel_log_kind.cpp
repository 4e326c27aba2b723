// dmesg / journalctl -k lines of amdgpu and kfd (pitfalls.md #28, #29, #30).
#include "parsers/kernel_log.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  KernelLog log = ParseKernelLog(text);
  auto lines = Split(text, '\n');
  auto prev = facts.Get("kernel_log.amd_lines");
  int before = prev.value && prev.value->is_number_integer() ? prev.value->get<int>() : 0;
  facts.Set("kernel_log.amd_lines", before + static_cast<int>(log.amd_lines));
  for (const auto& e : log.events) {
    Evidence ev = PasteLine(origin, e.line, lines[e.line]);
    KernelLogFacts element = KernelLogEventFacts(e);  // the driver collector names dmesg's the same
    if (element.array.empty()) continue;
    std::string array = "kernel_log." + element.array;
    std::string at = array + "[" + std::to_string(NextIndex(facts, array)) + "]";
    for (const auto& [key, value] : element.fields) facts.Set(at + "." + key, value, ev);
    facts.Set(at + ".message", e.text, ev);
  }
}

}  // namespace

namespace {
const std::vector<FactSpec>& KernelLogFactSpecs() {
  static const std::vector<FactSpec> specs = {
      {"kernel_log.amd_lines", "int", "amdgpu/kfd/drm lines in pasted kernel logs"},
      {"kernel_log.probe_failures", "array", "amdgpu: probe of <pci> failed with error <n>"},
      {"kernel_log.probe_failures.pci", "string", "PCI address of the failed probe"},
      {"kernel_log.probe_failures.error", "int", "Negative errno of the failed probe (-12 ENOMEM: BAR space)"},
      {"kernel_log.probe_failures.message", "string", "The kernel line"},
      {"kernel_log.firmware_failures", "array", "Direct firmware load for amdgpu/<file> failed"},
      {"kernel_log.firmware_failures.file", "string", "Firmware file the driver asked for"},
      {"kernel_log.firmware_failures.error", "int", "Negative errno (-2: file missing)"},
      {"kernel_log.firmware_failures.message", "string", "The kernel line"},
      {"kernel_log.ring_timeouts", "array", "ring <name> timeout lines (GPU hang)"},
      {"kernel_log.ring_timeouts.ring", "string", "Ring that timed out (gfx, sdma0, comp_1.0.0 …)"},
      {"kernel_log.ring_timeouts.pci", "string", "PCI address, when the line names it"},
      {"kernel_log.ring_timeouts.message", "string", "The kernel line"},
      {"kernel_log.page_faults", "array", "GPU page fault lines"},
      {"kernel_log.page_faults.hub", "string", "gfxhub0 / mmhub0"},
      {"kernel_log.page_faults.pci", "string", "PCI address, when the line names it"},
      {"kernel_log.page_faults.message", "string", "The kernel line"},
      {"kernel_log.atomics_rejected", "array", "kfd: skipped device …, PCI rejects atomics"},
      {"kernel_log.atomics_rejected.device", "string", "vendor:device of the skipped GPU"},
      {"kernel_log.atomics_rejected.message", "string", "The kernel line"},
      {"kernel_log.kfd_unsupported", "array", "kfd: amdgpu: <ASIC> not supported in kfd"},
      {"kernel_log.kfd_unsupported.asic", "string", "ASIC name the kfd driver does not support"},
      {"kernel_log.kfd_unsupported.message", "string", "The kernel line"},
  };
  return specs;
}
}  // namespace

PasteKind KernelLogKind() { return {"kernel-log", LooksLikeKernelLog, Parse, &KernelLogFactSpecs()}; }

}  // namespace rd
