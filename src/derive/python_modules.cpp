// "ModuleNotFoundError: No module named 'yaml'": the import name a Python exception reports, and
// what installs it when that is not `pip install <name>` (rules/data/python_modules.toml). Every
// route writes python.exceptions[] (a pasted traceback, a probe's stderr); this gives rules one
// fact to act on instead of a pattern per paste (ROCm/amdsmi#19, jax-ml/jax#20955).
#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"

namespace rd {

namespace {

// "No module named 'google.protobuf'" / "No module named yaml" -> the quoted or bare name.
std::string MissingModule(std::string_view message) {
  constexpr std::string_view kLead = "No module named ";
  size_t at = message.find(kLead);
  if (at == std::string_view::npos) return "";
  std::string_view rest = message.substr(at + kLead.size());
  if (!rest.empty() && (rest.front() == '\'' || rest.front() == '"')) {
    char quote = rest.front();
    size_t end = rest.find(quote, 1);
    return end == std::string_view::npos ? "" : std::string(rest.substr(1, end - 1));
  }
  size_t end = rest.find_first_of(" \t,;)");
  return std::string(rest.substr(0, end));
}

const nlohmann::json* ModuleRow(const nlohmann::json& rows, const std::string& module) {
  for (const std::string& name : {module, module.substr(0, module.find('.'))}) {
    for (const auto& row : rows) {
      if (Field(row, "module") == name) return &row;
    }
  }
  return nullptr;
}

}  // namespace

void DeriveMissingModules(Facts& facts, const nlohmann::json& data) {
  const auto& rows = DataTable(data, "python_modules").value("module", nlohmann::json::array());
  const auto& exceptions = FactArray(facts, "python.exceptions");
  size_t next = 0;
  for (size_t i = 0; i < exceptions.size() && next < 16; ++i) {
    std::string type = Field(exceptions[i], "type");
    if (type != "ModuleNotFoundError" && type != "ImportError") continue;
    std::string module = MissingModule(Field(exceptions[i], "message"));
    if (module.empty() || module.size() > 128) continue;
    const Evidence* seen = facts.EvidenceFor("python.exceptions[" + std::to_string(i) + "].message");
    Evidence ev = seen ? *seen : Evidence{"derived", "python.exceptions"};
    std::string at = "python.missing_modules[" + std::to_string(next++) + "]";
    facts.Set(at + ".module", module, ev);
    if (const auto* row = rows.is_array() ? ModuleRow(rows, module) : nullptr) {
      Evidence table{"rules/data/python_modules.toml", module};
      if (std::string package = Field(*row, "package"); !package.empty()) facts.Set(at + ".package", package, table);
      if (std::string share = Field(*row, "rocm_share"); !share.empty()) facts.Set(at + ".rocm_share", share, table);
      facts.Set(at + ".why", Field(*row, "why"), table);
    }
  }
}

}  // namespace rd
