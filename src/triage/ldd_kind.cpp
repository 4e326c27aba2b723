// Paste kind: `ldd FILE` output, and loader errors ("error while loading shared libraries",
// "version `GLIBCXX_3.4.32' not found", "undefined symbol: amdgpu_…"). Produces the libs.*
// facts the libraries collector produces. pitfalls.md #35, #36, #47.
#include "parsers/ldd_output.h"
#include "triage/triage.h"
#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

const Regex kLoadError = Regex::Literal(R"(error while loading shared libraries: ([^:\s]+): cannot open shared object file)");
const Regex kDlError = Regex::Literal(R"(([^\s:'"]+\.so[.0-9]*): cannot open shared object file)");
const Regex kUndefined = Regex::Literal(R"(([^\s:'"]+\.so[.0-9]*): undefined symbol: (\S+))");

bool RecognizeLdd(std::string_view text) {
  // A Python traceback quotes the same loader messages; the python-error kind owns those.
  for (const char* python : {"Traceback (most recent call last)", "ImportError:", "OSError:", "ModuleNotFoundError:"}) {
    if (text.find(python) != std::string_view::npos) return false;
  }
  LddOutput ldd = ParseLddOutput(text.substr(0, 256 * 1024));
  if (ldd.looks_like_ldd) return true;
  std::string head(text.substr(0, 256 * 1024));
  return head.find("error while loading shared libraries") != std::string::npos ||
         head.find("undefined symbol:") != std::string::npos ||
         (head.find("cannot open shared object file") != std::string::npos && head.find("error:") == std::string::npos);
}

void AddMissing(nlohmann::json& missing, const std::string& name, const std::string& needed_by) {
  for (const auto& m : missing) if (m["name"] == name) return;
  missing.push_back({{"name", name}, {"needed_by", needed_by}, {"elsewhere", ""}, {"other_majors", ""}});
}

void ParseLdd(std::string_view text, const PasteOrigin& /*origin*/, Facts& facts) {
  LddOutput ldd = ParseLddOutput(text);
  Evidence ev{"paste:ldd", ""};
  nlohmann::json missing = nlohmann::json::array(), versions = nlohmann::json::array(), checked = nlohmann::json::array();
  for (const auto& entry : ldd.entries) {
    if (entry.not_found) AddMissing(missing, entry.name, "the program given to ldd");
  }
  for (const auto& v : ldd.version_errors) {
    versions.push_back({{"needed_by", v.required_by}, {"file", v.file.substr(v.file.rfind('/') + 1)}, {"file_path", v.file},
                        {"version", v.version}});
  }
  for (const auto& raw : SplitLines(text)) {
    std::string line = raw.substr(0, 4096);
    std::optional<RegexMatch> m;
    bool cannot_open = Contains(line, "cannot open shared object file");  // literal in both patterns
    if (cannot_open && (m = kLoadError.Find(line))) AddMissing(missing, (*m)[1], line.substr(0, line.find(':')));
    else if (cannot_open && (m = kDlError.Find(line))) AddMissing(missing, (*m)[1], "dlopen");
    if (Contains(line, ": undefined symbol: ") && (m = kUndefined.Find(line))) {
      std::string path = (*m)[1];
      checked.push_back({{"name", path.substr(path.rfind('/') + 1)}, {"path", path}, {"dlopen_ok", false},
                         {"dlopen_error", std::string(Trim(line)).substr(0, 300)}});
    }
  }
  facts.Set("libs.missing", missing, ev);
  facts.Set("libs.missing_count", static_cast<int>(missing.size()), ev);
  facts.Set("libs.version_missing", versions, ev);
  if (!checked.empty()) facts.Set("libs.checked", checked, ev);
}

}  // namespace

PasteKind LddKind() { return {"ldd", RecognizeLdd, ParseLdd}; }

}  // namespace rd
