#include "parsers/cmake_hip.h"

#include "util/strings.h"

namespace rd {

bool LooksLikeCmakeHip(std::string_view text) {
  bool hip_package = Contains(text, "\"hip") || Contains(text, "\"roc") || Contains(text, "\"HIP");
  return Contains(text, "CMAKE_HIP_") || Contains(text, "default HIP architecture") ||
         (Contains(text, "package configuration file provided by") && hip_package);
}

std::vector<CmakeHipError> ParseCmakeHip(std::string_view text) {
  std::vector<CmakeHipError> out;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size() && out.size() < 20; ++i) {
    std::string_view s = Trim(lines[i]);
    CmakeHipError e{i, "", "", std::string(s.substr(0, 400))};
    if (Contains(s, "package configuration file provided by")) {
      e.problem = "package_not_found";
      // The package name may be on this line or wrapped onto the next.
      e.package = QuotedAfter(s, "provided by");
      if (e.package.empty() && i + 1 < lines.size()) e.package = QuotedAfter(" " + lines[i + 1], " ");
    } else if (Contains(s, "No CMAKE_HIP_COMPILER could be found") || (Contains(s, "CMAKE_HIP_COMPILER") && Contains(s, "not"))) {
      e.problem = "no_hip_compiler";
    } else if (Contains(s, "CMAKE_HIP_ARCHITECTURES") || Contains(s, "Failed to detect a default HIP architecture")) {
      e.problem = "hip_architectures";
    } else {
      continue;
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace rd
