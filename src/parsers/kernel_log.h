#pragma once
/// amdgpu and kfd lines of `dmesg` / `journalctl -k` output: probe failures with their error
/// codes, firmware load failures, ring timeouts, GPU page faults, "PCI rejects atomics",
/// "not supported in kfd". Timestamps ("[    8.84]", "Mar 15 20:30:56 host kernel:") are skipped.
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace rd
