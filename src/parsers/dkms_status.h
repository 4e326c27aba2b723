#pragma once
/// `dkms status` output: one line per module build, old and new layouts
///   amdgpu/6.8.5-2041575.24.04, 6.8.0-45-generic, x86_64: installed
///   amdgpu, 6.8.5-2041575.24.04, 6.8.0-45-generic, x86_64: installed (WARNING! Diff between built and installed module!)
///   amdgpu/6.8.5-2041575.24.04: added
/// and the "Your kernel headers for kernel X cannot be found" error of `dkms install/autoinstall`.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct DkmsModuleLine {
  size_t line = 0;       ///< 0-based line in the text
  std::string module;    ///< amdgpu
  std::string version;   ///< 6.8.5-2041575.24.04
  std::string kernel;    ///< 6.8.0-45-generic, empty for "added"
  std::string arch;      ///< x86_64, empty for "added"
  std::string state;     ///< added | built | installed | broken
  std::string warning;   ///< the "(WARNING …)" tail, empty when none
  std::string text;
};

struct DkmsStatus {
  std::vector<DkmsModuleLine> modules;  ///< at most 64 (a hostile paste stays bounded)
  std::string headers_missing_kernel;   ///< kernel whose headers DKMS could not find
  size_t headers_line = 0;
  std::string headers_text;
};

bool LooksLikeDkmsStatus(std::string_view text);
DkmsStatus ParseDkmsStatus(std::string_view text);

}  // namespace rd
