#pragma once
/// Reading one TOML document of rocm-doctor's own (a rules file, the fact catalog, a data table):
/// a syntax error or a stray top-level key becomes a Diagnostic at its file:line:column.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "engine/rule.h"

namespace rd {

/// The document's root table, or nullopt after adding the parse error to `diagnostics`.
std::optional<toml::table> ParseTomlDocument(std::string_view text, const std::string& file, std::vector<Diagnostic>& diagnostics);

/// One diagnostic per top-level key other than `key`; `hint` says what the file holds
/// ("rules are [[rule]] tables").
void RejectOtherTopLevelKeys(const toml::table& root, const std::string& file, std::string_view key, std::string_view hint,
                             std::vector<Diagnostic>& diagnostics);

/// A diagnostic located at `node`.
Diagnostic DiagnosticAt(const std::string& file, const toml::node& node, std::string message);

}  // namespace rd
