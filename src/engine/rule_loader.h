#pragma once
#include <string>
#include <vector>

#include "engine/rule.h"

namespace rd {

/// Loads *.toml from each dir (and dir/data/*.toml as data tables). A rule with any problem is
/// reported in diagnostics and left out; the others load. A later dir's rule replaces an
/// earlier one's with the same id (user rules override installed ones); twice in one dir is
/// a duplicate-id error. The fact catalog is dir/facts.toml of each of catalog_dirs (those not
/// in dirs: `rules lint DIR` checks DIR against the installed catalog) and of each dir.
RuleDatabase LoadRules(const std::vector<std::string>& dirs, const std::vector<std::string>& catalog_dirs = {});

/// Parses one rules file's text (for tests and fuzzing); appends to db.
void LoadRuleText(const std::string& text, const std::string& file, RuleDatabase& db);

}  // namespace rd
