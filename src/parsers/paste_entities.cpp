#include "parsers/paste_entities.h"

#include <map>
#include <set>

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

struct Pattern {
  const char* kind;
  Regex regex;
  int group;  ///< submatch holding the value
};

const std::vector<Pattern>& Patterns() {
  static const std::vector<Pattern> patterns = [] {
    Regex::Options ci{true, false};
    std::vector<Pattern> p;
    p.push_back({"isa", Regex::Literal(R"(amdgcn-amd-amdhsa-{1,2}(gfx[0-9a-f]{3,4}[a-z]?(?::[a-z]+[+-])*))", ci), 1});
    p.push_back({"gfx", Regex::Literal(R"((?:^|[^A-Za-z0-9_])((?:gfx|GFX)(?:[0-9]{3,4}[a-fA-F]?|9-4-generic|9-generic|10-1-generic|10-3-generic|11-generic|12-generic))(?:[^A-Za-z0-9]|$))"), 1});
    p.push_back({"pci_id", Regex::Literal(R"((?:^|[^0-9A-Fa-fx])(?:0x)?(1002):(?:0x)?([0-9A-Fa-f]{4})(?:[^0-9A-Fa-f]|$))"), 0});
    p.push_back({"pci_bdf", Regex::Literal(R"((?:^|[^0-9a-fA-F:])((?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])(?:[^0-9]|$))"), 1});
    p.push_back({"rocm_path", Regex::Literal(R"((/opt/rocm(?:-[0-9]+\.[0-9]+(?:\.[0-9]+)?|/core-[0-9]+(?:\.[0-9]+)*|/core)?)(?:[/ :'"]|$))"), 1});
    p.push_back({"hip_version", Regex::Literal(R"((?:HIP version|HIP runtime version|HIP_VERSION|hip version|HIP Version)\s*[:=]?\s*([0-9]+\.[0-9]+\.[0-9]+))"), 1});
    p.push_back({"rocm_wheel", Regex::Literal(R"(\+(rocm[0-9]+\.[0-9]+(?:\.[0-9]+)?))"), 1});
    p.push_back({"rocm_package", Regex::Literal(R"((?:^|[\s/])(rocm-core|rocm-hip-runtime|rocm-hip-sdk|rocm-dev|rocm-libs|hip-runtime-amd|rocm-language-runtime|rocm|amdgpu-install)[_ =/:]+(?:now )?([0-9]+\.[0-9]+\.[0-9]+(?:\.[0-9]+)?))"), 0});
    p.push_back({"amdgpu_dkms", Regex::Literal(R"((?:amdgpu-dkms[ _=:]+|amdgpu/|amdgpu, )(?:1:)?([0-9]+\.[0-9]+\.[0-9]+))"), 1});
    p.push_back({"windows_path", Regex::Literal(R"((?:^|[\s"'(=])([A-Za-z]:\\[^\s"'<>|]*))"), 1});
    p.push_back({"wsl_path", Regex::Literal(R"((?:^|[\s"'(=])(/mnt/[a-z]/[^\s"']*))"), 1});
    p.push_back({"python_path", Regex::Literal(R"(((?:/|[A-Za-z]:\\)[^\s"'<>|]*(?:site-packages|dist-packages|python_embeded|/bin/python[0-9.]*|\\python\.exe|/envs/[^\s/"']+)))"), 1});
    p.push_back({"rocm_sdk_wheel", Regex::Literal(R"((_rocm_sdk_[a-z_]+|rocm_sdk_[a-z_]+|rocm-sdk-[a-z-]+))"), 1});
    p.push_back({"kernel_release", Regex::Literal(R"((?:^|[\s(])([2-7]\.[0-9]+\.[0-9]+(?:[.-][0-9A-Za-z_.+~-]*)?-(?:generic|amd64|arm64|lowlatency|azure|aws|gcp|oem|microsoft-standard-WSL2|arch[0-9]-[0-9]|default|rt|cachyos)[A-Za-z0-9_.+-]*|[2-7]\.[0-9]+\.[0-9]+[.-][0-9.]*-microsoft-standard-WSL2|[2-7]\.[0-9]+\.[0-9]+-[0-9]+\.fc[0-9]+\.x86_64|[2-7]\.[0-9]+\.[0-9]+-[0-9.]+\.el[0-9_.]+\.x86_64))"), 1});
    return p;
  }();
  return patterns;
}

// Lines that list build targets, set an override, or name a library file: a gfx there is
// not a GPU in the machine (AMDGPU_TARGETS="gfx1030;gfx1100", TensileLibrary_gfx90a.co).
bool TargetContext(std::string_view line) {
  static const Regex context = Regex::Literal(
      R"((?i)(targets?\b|_TARGETS|ARCH|offload-arch|--amdgpu-target|HSA_OVERRIDE|override|TensileLibrary|\.co\b|\.hsaco|\.dat\b|\.kpack|supported (?:gpus|targets|architectures)|arch list|\.so\b|kernels? for|compiled for|built for|code objects? for (?:gfx|these)))");
  return context.Search(line);
}

std::string Normalise(const std::string& kind, const RegexMatch& m, int group) {
  if (kind == "pci_id") return "1002:" + ToLower(m[2]);
  if (kind == "gfx") return ToLower(m[static_cast<size_t>(group)]);
  if (kind == "rocm_package") return m[1] + " " + m[2];
  return m[static_cast<size_t>(group)];
}

}  // namespace

std::vector<PasteEntity> ScanPasteEntities(std::string_view text, size_t max) {
  std::vector<PasteEntity> out;
  std::set<std::pair<std::string, std::string>> seen;
  std::map<std::string, size_t> gfx_index;  // gfx value -> its entity
  size_t line_no = 0, start = 0;
  while (start <= text.size() && out.size() < max) {
    size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (line.size() > 4096) line = line.substr(0, 4096);  // one huge line costs no more than 4 KiB
    std::set<std::string> gfx_on_line;
    size_t first_of_line = out.size();
    for (const auto& pattern : Patterns()) {
      size_t from = 0;
      while (from < line.size() && out.size() < max) {
        auto m = pattern.regex.Find(line, from);
        if (!m || !m->groups[0]) break;
        size_t next = static_cast<size_t>(m->groups[0]->data() + m->groups[0]->size() - line.data());
        from = next > from ? next : from + 1;
        std::string kind = pattern.kind;
        std::string value = Normalise(kind, *m, pattern.group);
        if (kind == "gfx") gfx_on_line.insert(value);
        if (!seen.insert({kind, value}).second) continue;
        out.push_back({kind, value, line_no, false});
      }
    }
    // A gfx is a device sighting unless the line lists several targets or is about targets; a
    // gfx first seen on a target line becomes one when a later line speaks of it as a device.
    bool device = gfx_on_line.size() == 1 && !TargetContext(line);
    for (size_t i = first_of_line; i < out.size(); ++i) {
      if (out[i].kind == "isa") out[i].device = true;
      if (out[i].kind == "gfx") gfx_index[out[i].value] = i;
    }
    auto found = device ? gfx_index.find(*gfx_on_line.begin()) : gfx_index.end();
    if (found != gfx_index.end() && !out[found->second].device) {
      out[found->second].device = true;
      out[found->second].line = line_no;
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
    ++line_no;
  }
  return out;
}

}  // namespace rd
