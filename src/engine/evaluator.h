#pragma once
/// facts + rules -> findings. Pure: no I/O.
#include <set>
#include <string>
#include <vector>

#include "core/facts.h"
#include "core/finding.h"
#include "engine/rule.h"

namespace rd {

enum class Truth { False, True, Unknown };

struct Evaluation {
  std::vector<Finding> findings;
  std::vector<NotEvaluated> not_evaluated;
  size_t rules_evaluated = 0;
};

/// Evaluates one condition; facts that decided it are appended to `used`, and the reason of
/// the first Unknown to `unknown_reason`. `element` is "gpus[2]" inside a for_each.
Truth EvaluateCondition(const Condition& condition, const Facts& facts, const nlohmann::json& data,
                        const std::string& for_each, const std::string& element,
                        std::vector<std::string>& used, std::string& unknown_reason);

Evaluation EvaluateRules(const RuleDatabase& db, const Facts& facts, const std::set<std::string>& ignored);

/// A fact value as a finding or template shows it: strings bare, arrays joined by ", ".
std::string FactValueText(const nlohmann::json& value);

}  // namespace rd
