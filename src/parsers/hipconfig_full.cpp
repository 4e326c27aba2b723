#include "parsers/hipconfig_full.h"

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

// "HIP_PLATFORM : nvidia" with hipconfig's column padding; a Markdown bullet or a prompt's
// indentation in front is common in pastes.
const Regex& FieldLine() {
  static const Regex regex = Regex::Literal(
      R"(^\s*[-*]?\s*(HIP version|HIP_PATH|ROCM_PATH|HIP_COMPILER|HIP_PLATFORM|HIP_RUNTIME|HIP_CLANG_PATH)\s+:\s*(\S.*?)\s*$)");
  return regex;
}

std::string NormalisedPlatform(std::string value) {
  value = ToLower(value);
  if (value == "hcc" || value == "amd") return "amd";
  if (value == "nvcc" || value == "nvidia") return "nvidia";
  return value;
}

}  // namespace

bool LooksLikeHipconfigFull(std::string_view text) {
  if (Contains(text, "== hipconfig")) return true;
  int fields = 0;
  for (auto line : Split(text, '\n')) {
    if (FieldLine().Search(line) && ++fields >= 2) return true;
  }
  return false;
}

HipconfigFull ParseHipconfigFull(std::string_view text) {
  HipconfigFull out;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    auto m = FieldLine().Find(lines[i]);
    if (!m || !m->matched(2)) continue;
    const std::string key = (*m)[1];
    HipconfigField* field = key == "HIP version"    ? &out.version
                            : key == "HIP_PATH"     ? &out.hip_path
                            : key == "ROCM_PATH"    ? &out.rocm_path
                            : key == "HIP_COMPILER" ? &out.compiler
                            : key == "HIP_PLATFORM" ? &out.platform
                            : key == "HIP_RUNTIME"  ? &out.runtime
                                                    : &out.clang_path;
    if (field->found) continue;  // the first is hipconfig's own; a later one is an echo
    *field = {key == "HIP_PLATFORM" ? NormalisedPlatform((*m)[2]) : (*m)[2], i, true};
  }
  return out;
}

}  // namespace rd
