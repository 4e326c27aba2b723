#include "parsers/runtime_error_log.h"

#include <algorithm>

#include "parsers/gfx_names.h"
#include "util/strings.h"

namespace rd {

namespace {

void AddUnique(std::vector<std::string>& list, const std::string& value) {
  if (!value.empty() && std::find(list.begin(), list.end(), value) == list.end() && list.size() < 64) list.push_back(value);
}

// "Missing CO for these ISAs - amdgcn-amd-amdhsa--gfx1031 amdgcn-amd-amdhsa--gfx1036"
void ParseMissingIsas(std::string_view line, RuntimeErrorLog& out) {
  std::string_view rest = line.substr(line.find("Missing CO for these ISAs") + 25);
  for (const auto& word : Split(rest, ' ')) {
    size_t at = word.find("amdgcn-amd-amdhsa--");
    if (at == std::string::npos) continue;
    std::string isa = Printable(Trim(word.substr(at + 19)), 64);
    while (!isa.empty() && (isa.back() == ',' || isa.back() == '.')) isa.pop_back();
    AddUnique(out.missing_isas, isa);
    if (Contains(isa, ":xnack")) out.xnack_mentioned = true;
  }
}

}  // namespace

bool LooksLikeRuntimeErrorLog(std::string_view text) {
  return Contains(text, "hipErrorNoBinaryForGpu") || Contains(text, "invalid device function") || Contains(text, "TensileLibrary") ||
         Contains(text, "Missing CO for these ISAs") || (Contains(text, "amdgpu [") && Contains(text, "is not supported by"));
}

RuntimeErrorLog ParseRuntimeErrorLog(std::string_view text) {
  RuntimeErrorLog out;
  for (const auto& line : SplitLines(text)) {
    bool hit = false;
    if (Contains(line, "hipErrorNoBinaryForGpu")) out.no_binary_for_gpu = hit = true;
    if (Contains(line, "invalid device function")) out.invalid_device_function = hit = true;
    if (Contains(line, "TensileLibrary") && (Contains(line, "Cannot read") || Contains(line, "Could not load") || Contains(line, "No paths matched"))) {
      out.tensile_missing = hit = true;
      size_t arch = line.find("GPU arch");
      if (auto gfx = ExtractGfx(arch == std::string::npos ? std::string_view(line) : std::string_view(line).substr(arch))) {
        if (out.tensile_arch.empty()) out.tensile_arch = *gfx;
      }
    }
    if (Contains(line, "Missing CO for these ISAs")) {
      ParseMissingIsas(line, out);
      hit = true;
    }
    size_t ollama = line.find("amdgpu [");
    if (ollama != std::string::npos && Contains(line, "is not supported by")) {
      if (auto gfx = ExtractGfx(std::string_view(line).substr(ollama))) AddUnique(out.ollama_unsupported, *gfx);
      hit = true;
    }
    if (hit && out.lines.size() < 8) out.lines.push_back(Printable(Trim(line), 300));
  }
  return out;
}

}  // namespace rd
