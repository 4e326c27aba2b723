#pragma once
#include <set>
#include <string>
#include <vector>

#include "cli/io.h"
#include "engine/rule.h"

namespace rd {

/// `rules list`: id, severity, section, title of every loaded rule.
int RunRulesList(const std::vector<std::string>& dirs, Io& io);
/// `rules lint [DIR…]`: file:line:column messages; exit 2 when any rule has a problem.
int RunRulesLint(const std::vector<std::string>& dirs, const std::vector<std::string>& catalog_dirs, Io& io);
/// `rules facts`: the fact catalog (collectors and triage), as Markdown table rows.
int RunRulesFacts(const std::vector<std::string>& dirs, Io& io);
/// ux-review m8: an --ignore id that names no loaded rule is a usage error (with "did you mean"),
/// not a typo that silently ignores nothing. False after printing one line per unknown id.
bool IgnoredRulesExist(const RuleDatabase& db, const std::set<std::string>& ignored, Io& io);
/// `explain ID`: the rule's explanation, fix and references; "did you mean" for typos.
int RunExplain(const std::vector<std::string>& dirs, const std::string& id, Io& io);

}  // namespace rd
