// Environment section: the variables that steer ROCm, HIP, HSA, PyTorch and friends. Which ones
// is data (rules/data/environment.toml). Never a variable whose name says it holds a secret.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>

#include "collectors/collectors.h"
#include "util/secret_names.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kEnvironmentFacts = {
    {"env.*", "string", "A ROCm-related environment variable, by name (env.HSA_OVERRIDE_GFX_VERSION)"},
    {"summary.environment", "string", "How many ROCm-related variables are set"},
    {"doctor.temp_dir", "string", "Where rocm-doctor makes its private temp dir (TMPDIR when absolute, else /tmp)"},
    {"doctor.temp_dir_usable", "bool", "That directory exists and this user may create entries in it"},
    {"doctor.temp_dir_problem", "string", "Why it cannot be used"},
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

// Every child view (rocminfo, hipcc, the torch import, the probes) runs in a private directory
// made under this one; when it cannot be made they all say only "did not start" (hostile-input
// report m12). Mirrors system/temp_dir.cpp's choice.
void CheckTempDir(CollectContext& context, Facts& facts) {
  auto tmpdir = context.system.GetEnv("TMPDIR");
  bool from_env = tmpdir && !tmpdir->empty() && (*tmpdir)[0] == '/';
  std::string dir = from_env ? *tmpdir : "/tmp";
  Evidence ev{from_env ? "env" : "default", from_env ? "TMPDIR=" + Printable(dir, 200) : "/tmp"};
  facts.Set("doctor.temp_dir", Printable(dir, 200), ev);
  auto info = context.system.Stat(dir);
  std::string problem;
  if (!info) {
    // A snapshot that did not record /tmp says nothing about it.
    if (info.error().kind == ErrorKind::NotFound && !from_env) {
      facts.MarkAbsent("doctor.temp_dir_usable", info.error().message);
      return;
    }
    problem = info.error().message;
  } else if (info->type != FileType::Directory) {
    problem = dir + " is not a directory";
  } else if (auto writable = context.system.Access(dir, W_OK | X_OK); !writable || !*writable) {
    problem = writable ? dir + " is not writable by this user (or is on a read-only file system)" : writable.error().message;
  }
  facts.Set("doctor.temp_dir_usable", problem.empty(), ev);
  if (!problem.empty()) facts.Set("doctor.temp_dir_problem", Printable(problem, 300), ev);
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
  CheckTempDir(context, facts);
  facts.Set("summary.environment", count == 0 ? std::string("no ROCm-related variables set")
                                              : fmt::format("{} ROCm-related variable{} set", count, count == 1 ? "" : "s"));
}

}  // namespace

Collector EnvironmentCollector() { return {"environment", "environment", CollectEnvironment, &kEnvironmentFacts}; }

}  // namespace rd
