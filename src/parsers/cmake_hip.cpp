#include "parsers/cmake_hip.h"

#include "util/strings.h"

namespace rd {

namespace {

bool Has(std::string_view s, std::string_view needle) { return s.find(needle) != std::string_view::npos; }

std::string QuotedAfter(std::string_view s, std::string_view marker) {
  size_t at = s.find(marker);
  if (at == std::string_view::npos) return "";
  size_t open = s.find('"', at + marker.size());
  size_t close = open == std::string_view::npos ? open : s.find('"', open + 1);
  return close == std::string_view::npos ? "" : std::string(s.substr(open + 1, close - open - 1));
}

}  // namespace

bool LooksLikeCmakeHip(std::string_view text) {
  return Has(text, "CMAKE_HIP_") || Has(text, "default HIP architecture") || (Has(text, "package configuration file provided by") &&
                                     (Has(text, "\"hip") || Has(text, "\"roc") || Has(text, "\"HIP")));
}

std::vector<CmakeHipError> ParseCmakeHip(std::string_view text) {
  std::vector<CmakeHipError> out;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size() && out.size() < 20; ++i) {
    std::string_view s = Trim(lines[i]);
    CmakeHipError e{i, "", "", std::string(s.substr(0, 400))};
    if (Has(s, "package configuration file provided by")) {
      e.problem = "package_not_found";
      // The package name may be on this line or wrapped onto the next.
      e.package = QuotedAfter(s, "provided by");
      if (e.package.empty() && i + 1 < lines.size()) e.package = QuotedAfter(" " + lines[i + 1], " ");
    } else if (Has(s, "No CMAKE_HIP_COMPILER could be found") || (Has(s, "CMAKE_HIP_COMPILER") && Has(s, "not"))) {
      e.problem = "no_hip_compiler";
    } else if (Has(s, "CMAKE_HIP_ARCHITECTURES") || Has(s, "Failed to detect a default HIP architecture")) {
      e.problem = "hip_architectures";
    } else {
      continue;
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace rd
