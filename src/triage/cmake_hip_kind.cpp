// CMake configuration errors around HIP (find_package(hip), CMAKE_HIP_COMPILER/ARCHITECTURES).
#include "parsers/cmake_hip.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  for (const auto& e : ParseCmakeHip(text)) {
    Evidence ev = PasteLine(origin, e.line, e.message);
    std::string at = "cmake_hip.errors[" + std::to_string(NextIndex(facts, "cmake_hip.errors")) + "]";
    facts.Set(at + ".problem", e.problem, ev);
    if (!e.package.empty()) facts.Set(at + ".package", e.package, ev);
    facts.Set(at + ".message", e.message, ev);
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"cmake_hip.errors", "array", "CMake errors about HIP in a paste"},
      {"cmake_hip.errors.problem", "string", "package_not_found | no_hip_compiler | hip_architectures"},
      {"cmake_hip.errors.package", "string", "Package find_package could not find (hip, hipblas …)"},
      {"cmake_hip.errors.message", "string", "The error line"},
  };
  return specs;
}

}  // namespace

PasteKind CmakeHipKind() { return {"cmake-hip", LooksLikeCmakeHip, Parse, &Specs()}; }

}  // namespace rd
