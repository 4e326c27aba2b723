#pragma once
/// amdgpu and kfd lines of `dmesg` / `journalctl -k` output: probe failures with their error
/// codes, firmware load failures, ring timeouts, GPU page faults, "PCI rejects atomics",
/// "not supported in kfd". Timestamps ("[    8.84]", "Mar 15 20:30:56 host kernel:") are skipped.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace rd {

struct KernelLogEvent {
  enum Type { ProbeFailed, FirmwareFailed, RingTimeout, PageFault, AtomicsRejected, KfdUnsupported, GpuInit };
  Type type;
  size_t line;          ///< 0-based line in the text.
  std::string text;     ///< The line without its timestamp.
  std::string pci;      ///< 0000:03:00.0 when the line names it.
  int error = 0;        ///< -12 of "failed with error -12".
  std::string detail;   ///< Firmware file, ring name, hub, device name.
};

struct KernelLog {
  size_t amd_lines = 0;  ///< Lines that mention amdgpu, kfd or [drm].
  std::vector<KernelLogEvent> events;
};

bool LooksLikeKernelLog(std::string_view text);
KernelLog ParseKernelLog(std::string_view text);

/// The kernel_log.<array>[i] element an event becomes (array "" for events that are no fact):
/// one naming for the live dmesg of the driver collector and a pasted kernel log (issue 13:
/// there were two dmesg parsers with two vocabularies, driver.log.* booleans and kernel_log.*).
struct KernelLogFacts {
  std::string array;  ///< probe_failures, firmware_failures, ring_timeouts, page_faults, atomics_rejected, kfd_unsupported
  std::vector<std::pair<std::string, nlohmann::json>> fields;  ///< Besides "message" (the line).
};
KernelLogFacts KernelLogEventFacts(const KernelLogEvent& event);

}  // namespace rd
