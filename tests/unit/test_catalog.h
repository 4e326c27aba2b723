#pragma once
// A RuleDatabase holding only the fact catalog of rules/ (rules/facts.toml), for tests that
// load rule text with LoadRuleText: fact names are checked against it.
#include "engine/rule_loader.h"

namespace rd {

inline RuleDatabase CatalogOnly() { return LoadRules({}, {ROCM_DOCTOR_RULES_DIR}); }

}  // namespace rd
