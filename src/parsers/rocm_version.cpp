#include "parsers/rocm_version.h"

#include <algorithm>

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

std::string ParseInfoVersion(std::string_view text) {
  static const Regex kVersion = Regex::Literal(R"(^\s*(\d+\.\d+(?:\.\d+)?))");
  auto m = kVersion.Find(text.substr(0, 200));
  return m ? (*m)[1] : std::string();
}

std::string ParseVersionHeader(std::string_view text, const std::string& prefix) {
  std::map<std::string, std::string> parts;
  for (const auto& raw : SplitLines(text.substr(0, 256 * 1024))) {
    std::string line(Trim(raw));
    if (!StartsWith(line, "#define " + prefix + "_")) continue;
    auto fields = Split(line, ' ');
    std::vector<std::string> words;
    for (auto& f : fields) if (!f.empty()) words.push_back(f);
    if (words.size() < 3 || !ParseInt(words[2])) continue;
    parts[words[1].substr(prefix.size() + 1)] = words[2];
  }
  if (!parts.count("MAJOR") || !parts.count("MINOR")) return "";
  std::string patch = parts.count("PATCH") ? parts["PATCH"] : parts.count("PATCHLEVEL") ? parts["PATCHLEVEL"] : "";
  return parts["MAJOR"] + "." + parts["MINOR"] + (patch.empty() ? "" : "." + patch);
}

std::string ParseHipVersionFile(std::string_view text) {
  std::map<std::string, std::string> parts;
  for (const auto& raw : SplitLines(text.substr(0, 64 * 1024))) {
    std::string line(Trim(raw));
    auto eq = line.find('=');
    if (!StartsWith(line, "HIP_VERSION_") || eq == std::string::npos) continue;
    std::string value(Trim(line.substr(eq + 1)));
    std::string key(Trim(line.substr(12, eq - 12)));
    bool hash = key == "GITHASH" && value.size() <= 40 && value.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
    if (ParseInt(value) || hash) parts[key] = value;
  }
  if (!parts.count("MAJOR") || !parts.count("MINOR")) return "";
  std::string version = parts["MAJOR"] + "." + parts["MINOR"] + (parts.count("PATCH") ? "." + parts["PATCH"] : "");
  return version + (parts["GITHASH"].empty() ? "" : "-" + parts["GITHASH"]);
}

namespace {

bool HasWantedPrefix(const std::string& name, const std::vector<std::string>& prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(), [&](const std::string& p) { return StartsWith(name, p); });
}

}  // namespace

std::vector<DpkgPackage> ParseDpkgStatus(std::string_view text, const std::vector<std::string>& prefixes) {
  std::vector<DpkgPackage> out;
  DpkgPackage current;
  bool installed = false;
  auto flush = [&] {
    if (HasWantedPrefix(current.name, prefixes) && installed && !current.version.empty()) out.push_back(current);
    current = {};
    installed = false;
  };
  for (const auto& line : SplitLines(text)) {
    if (line.empty()) flush();
    else if (StartsWith(line, "Package: ")) current.name = line.substr(9);
    else if (StartsWith(line, "Version: ")) current.version = line.substr(9);
    else if (StartsWith(line, "Architecture: ")) current.arch = line.substr(14);
    else if (StartsWith(line, "Status: ")) installed = line.find("ok installed") != std::string::npos;
  }
  flush();
  return out;
}

std::vector<DpkgPackage> ParseRpmQuery(std::string_view text, const std::vector<std::string>& prefixes) {
  std::vector<DpkgPackage> out;
  for (const auto& line : SplitLines(text)) {
    auto fields = Split(line, '\t');
    if (fields.size() != 3 || fields[0].empty() || fields[1].empty()) continue;
    if (HasWantedPrefix(fields[0], prefixes)) out.push_back({fields[0], fields[1], fields[2]});
  }
  std::sort(out.begin(), out.end(), [](const DpkgPackage& a, const DpkgPackage& b) { return a.name < b.name; });
  return out;
}

std::vector<DpkgPackage> ParsePackageListing(std::string_view text, const std::vector<std::string>& prefixes,
                                             std::vector<size_t>* lines) {
  std::vector<DpkgPackage> out;
  auto all = SplitLines(text);
  for (size_t i = 0; i < all.size() && i < 20000 && out.size() < 256; ++i) {
    std::string_view line = Trim(std::string_view(all[i]).substr(0, 1024));
    std::vector<std::string> words;
    for (const auto& w : Split(line, ' ')) {
      if (!w.empty()) words.push_back(w);
      if (words.size() == 4) break;
    }
    DpkgPackage pkg;
    if (words.size() >= 4 && (words[0] == "ii" || words[0] == "hi" || words[0] == "iU")) {
      pkg = {words[1].substr(0, words[1].find(':')), words[2], words[3]};
    } else if (words.size() >= 3 && words[0].find('/') != std::string::npos && Contains(line, "[installed")) {
      pkg = {words[0].substr(0, words[0].find('/')), words[1], words[2]};
    } else {
      continue;
    }
    if (pkg.name.empty() || pkg.version.empty() || !HasWantedPrefix(pkg.name, prefixes)) continue;
    out.push_back(pkg);
    if (lines) lines->push_back(i);
  }
  return out;
}

}  // namespace rd
