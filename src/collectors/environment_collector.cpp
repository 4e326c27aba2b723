// Environment section: the variables that steer ROCm, HIP, HSA, PyTorch and friends. Which ones
// is data (rules/data/environment.toml). Never a variable whose name says it holds a secret.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "collectors/collectors.h"
#include "report/redaction.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kEnvironmentFacts = {
    {"env.*", "string", "A ROCm-related environment variable, by name (env.HSA_OVERRIDE_GFX_VERSION)"},
    {"summary.environment", "string", "How many ROCm-related variables are set"},
};

std::vector<std::string> StringList(const nlohmann::json& table, const char* key) {
  std::vector<std::string> out;
  if (!table.contains(key) || !table[key].is_array()) return out;
  for (const auto& item : table[key]) {
    if (item.is_string()) out.push_back(item.get<std::string>());
  }
  return out;
}

bool Wanted(const std::string& name, const std::vector<std::string>& prefixes, const std::vector<std::string>& names) {
  for (const auto& exact : names) {
    if (name == exact) return true;
  }
  for (const auto& prefix : prefixes) {
    if (StartsWith(name, prefix)) return true;
  }
  return false;
}

// Variable names used as fact keys: letters, digits, underscore (what every shell allows).
bool IsPlainName(const std::string& name) {
  if (name.empty() || name.size() > 128) return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

void CollectEnvironment(CollectContext& context, Facts& facts) {
  const auto& table = context.data.value("environment", nlohmann::json::object());
  auto prefixes = StringList(table, "prefixes");
  auto names = StringList(table, "names");
  if (prefixes.empty() && names.empty()) {
    facts.MarkAbsent("env", "rules/data/environment.toml lists no variables (missing or malformed)");
    return;
  }
  facts.Set("env", nlohmann::json::object());
  size_t count = 0;
  for (const auto& [name, value] : context.system.Environment()) {
    if (!Wanted(name, prefixes, names) || IsSecretName(name) || !IsPlainName(name)) continue;
    facts.Set("env." + name, Printable(value, 4096), {"env", ""});
    if (Wanted(name, prefixes, {})) ++count;  // PATH and friends are context, not ROCm settings
  }
  facts.Set("summary.environment", count == 0 ? std::string("no ROCm-related variables set")
                                              : fmt::format("{} ROCm-related variable{} set", count, count == 1 ? "" : "s"));
}

}  // namespace

Collector EnvironmentCollector() { return {"environment", "environment", CollectEnvironment, &kEnvironmentFacts}; }

}  // namespace rd
