#include "engine/toml_document.h"

namespace rd {

Diagnostic DiagnosticAt(const std::string& file, const toml::node& node, std::string message) {
  return {file, static_cast<int>(node.source().begin.line), static_cast<int>(node.source().begin.column), std::move(message)};
}

std::optional<toml::table> ParseTomlDocument(std::string_view text, const std::string& file, std::vector<Diagnostic>& diagnostics) {
  toml::parse_result parsed = toml::parse(text, file);
  if (!parsed) {
    const auto& err = parsed.error();
    diagnostics.push_back({file, static_cast<int>(err.source().begin.line), static_cast<int>(err.source().begin.column),
                           std::string(err.description())});
    return std::nullopt;
  }
  return std::move(parsed).table();
}

void RejectOtherTopLevelKeys(const toml::table& root, const std::string& file, std::string_view key, std::string_view hint,
                             std::vector<Diagnostic>& diagnostics) {
  for (const auto& [name, value] : root) {
    if (name.str() != key) {
      diagnostics.push_back(DiagnosticAt(file, value, "unknown top-level key '" + std::string(name.str()) + "' (" + std::string(hint) + ")"));
    }
  }
}

}  // namespace rd
