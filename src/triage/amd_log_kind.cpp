// AMD_LOG_LEVEL trace lines of the HIP runtime: which API calls failed with which hipError_t.
#include <algorithm>

#include "parsers/amd_log.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  AmdLog log = ParseAmdLog(text);
  auto lines = Split(text, '\n');
  auto count = [&](const char* path, size_t add) {
    auto prev = facts.Get(path);
    long long before = prev.value && prev.value->is_number_integer() ? prev.value->get<long long>() : 0;
    facts.Set(path, before + static_cast<long long>(add));
  };
  count("amd_log.lines", log.lines);
  count("amd_log.calls", log.calls);
  auto level = facts.Get("amd_log.max_level");
  if (!level.value || level.value->get<int>() < log.max_level) facts.Set("amd_log.max_level", log.max_level);
  auto apis = facts.Get("amd_log.apis");
  nlohmann::json all = apis.value && apis.value->is_array() ? *apis.value : nlohmann::json::array();
  for (const auto& api : log.apis) {
    if (std::find(all.begin(), all.end(), api) == all.end() && all.size() < 100) all.push_back(api);
  }
  facts.Set("amd_log.apis", all);
  for (const auto& e : log.errors) {
    Evidence ev = PasteLine(origin, e.line, lines[e.line]);
    std::string at = "amd_log.errors[" + std::to_string(NextIndex(facts, "amd_log.errors")) + "]";
    facts.Set(at + ".level", e.level, ev);
    facts.Set(at + ".file", e.file, ev);
    if (!e.api.empty()) facts.Set(at + ".api", e.api, ev);
    if (!e.result.empty()) facts.Set(at + ".error", e.result, ev);
    if (!e.pid.empty()) facts.Set(at + ".pid", e.pid, ev);
    facts.Set(at + ".message", e.message, ev);
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"amd_log.lines", "int", "AMD_LOG_LEVEL trace lines in the paste"},
      {"amd_log.calls", "int", "HIP API calls traced"},
      {"amd_log.max_level", "int", "Highest log level seen (the AMD_LOG_LEVEL in effect is at least this)"},
      {"amd_log.apis", "array", "Distinct HIP APIs called"},
      {"amd_log.errors", "array", "Calls that returned an error, and level-1 (error) lines"},
      {"amd_log.errors.level", "int", "Log level of the line"},
      {"amd_log.errors.file", "string", "Runtime source file that logged it"},
      {"amd_log.errors.api", "string", "HIP API, when the line is a call result"},
      {"amd_log.errors.error", "string", "hipError_t it returned"},
      {"amd_log.errors.pid", "string", "Process id"},
      {"amd_log.errors.message", "string", "The logged message"},
  };
  return specs;
}

}  // namespace

PasteKind AmdLogKind() { return {"amd-log", LooksLikeAmdLog, Parse, &Specs()}; }

}  // namespace rd
