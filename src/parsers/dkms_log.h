#pragma once
/// DKMS and amdgpu-install output and make.log: which module failed to build for which kernel
/// and the compiler errors that say why (pitfalls.md #23).
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct DkmsLogLine {
  size_t line;  ///< 0-based line in the text.
  std::string text;
};

struct DkmsLog {
  bool build_failed = false;
  std::string kernel;            ///< 6.14.0-24-generic
  std::string module;            ///< amdgpu/6.12.12-2164967.24.04
  std::string make_log;          ///< Path named by "Consult … for more information."
  std::vector<DkmsLogLine> evidence;  ///< The failure line(s).
  std::vector<DkmsLogLine> errors;    ///< Compiler and make errors of make.log (at most 20).
};

bool LooksLikeDkmsLog(std::string_view text);
DkmsLog ParseDkmsLog(std::string_view text);

}  // namespace rd
