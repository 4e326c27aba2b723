#pragma once
/// Entities in any line of a paste, whatever tool printed it (issue 13 item 3): gfx targets and
/// amdgcn ISA strings, PCI ids and addresses, ROCm/HIP versions and install paths, wheel tags,
/// Windows and WSL paths, site-packages ROCm SDK folders, kernel releases. Known paste kinds
/// still parse their structure; this is what catches the pieces no kind claims, and it is what
/// lets a fragment (one agent's block, the tail of a log, a line merged into prose) still say
/// which GPU and which release it is about.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct PasteEntity {
  std::string kind;   ///< gfx, isa, pci_id, pci_bdf, rocm_path, hip_version, rocm_wheel, rocm_package,
                      ///< amdgpu_dkms, windows_path, wsl_path, python_path, rocm_sdk_wheel,
                      ///< kernel_release, kernel_mention, kernel_machine, os_name, os_form (an issue form's OS answer), platform_form (linux | wsl | macos | windows | posix: a form's platform-only answer), linux_marker,
                      ///< os_release_id/_version/_name/_version_text, ubuntu_version
  std::string value;  ///< normalised: gfx lower-case, pci_id "1002:73df", versions as written
  size_t line = 0;    ///< 0-based line in the text
  /// gfx: the line speaks of a device (an agent, "GPU", a detected card), not of a build
  /// target list, a file name or an override setting. pci_bdf: a GPU's address (amdgpu's log
  /// lines, lspci's VGA/Display lines).
  bool device = false;
};

/// Every entity in `text`, in line order; at most `max` (a hostile paste stays bounded).
std::vector<PasteEntity> ScanPasteEntities(std::string_view text, size_t max = 400);

}  // namespace rd
