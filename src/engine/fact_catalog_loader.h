#pragma once
/// Loads the fact catalog (facts.toml of a rules directory) into RuleDatabase::catalog; a
/// malformed entry is a lint diagnostic at its file:line and is left out.
#include <string>

#include "engine/rule.h"

namespace rd {

/// The catalog's file name in a rules directory; LoadRules reads it as the catalog, not as rules.
inline constexpr const char* kFactCatalogFile = "facts.toml";

/// Parses one catalog file's text; adds (or, same path, replaces) entries in db.catalog.
void LoadFactCatalogText(const std::string& text, const std::string& file, RuleDatabase& db);

}  // namespace rd
