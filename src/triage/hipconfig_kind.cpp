// `hipconfig --full`: the platform, compiler and paths HIP chose, with the names the live
// toolchain collector writes (toolchain.hip_platform, toolchain.hip_version) so the same rules
// read both (issue 13 item 1).
#include "parsers/hipconfig_full.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  HipconfigFull h = ParseHipconfigFull(text);
  auto lines = Split(text, '\n');
  auto set = [&](const char* path, const HipconfigField& f) {
    if (f.found && !f.value.empty()) facts.Set(path, f.value, PasteLine(origin, f.line, lines[f.line]));
  };
  set("toolchain.hip_version", h.version);
  set("toolchain.hip_platform", h.platform);
  set("toolchain.hip_compiler", h.compiler);
  set("toolchain.hip_runtime", h.runtime);
  set("toolchain.hip_path", h.hip_path);
  set("toolchain.hip_rocm_path", h.rocm_path);
  set("toolchain.hip_clang_path", h.clang_path);
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"toolchain.hip_version", "string", "HIP version of the hipcc on PATH, as hipconfig --version prints it (from share/hip/version or bin/.hipVersion)"},
      {"toolchain.hip_platform", "string", "amd or nvidia, decided as hipconfig --platform does (HIP_PLATFORM, else the compilers present)"},
      {"toolchain.hip_compiler", "string", "HIP_COMPILER as hipconfig --full printed it: clang or nvcc"},
      {"toolchain.hip_runtime", "string", "HIP_RUNTIME as hipconfig --full printed it: rocclr or cuda"},
      {"toolchain.hip_path", "string", "HIP_PATH as hipconfig --full printed it"},
      {"toolchain.hip_rocm_path", "string", "ROCM_PATH as hipconfig --full printed it"},
      {"toolchain.hip_clang_path", "string", "HIP_CLANG_PATH as hipconfig --full printed it"},
  };
  return specs;
}

}  // namespace

PasteKind HipconfigKind() { return {"hipconfig", LooksLikeHipconfigFull, Parse, &Specs()}; }

}  // namespace rd
