#include "engine/section_verdicts.h"

#include "engine/evaluator.h"

namespace rd {

namespace {

SectionVerdict Evaluate(const SectionRequirements& section, const Facts& facts, const nlohmann::json& data) {
  SectionVerdict verdict{section.id, SectionMark::Ok, "", section.required};
  for (const auto& check : section.checks) {
    std::vector<std::string> used;
    std::string unknown_reason;
    Truth truth = EvaluateCondition(check.when, facts, data, "", "", used, unknown_reason);
    if (truth == Truth::True) continue;
    // U2: what could not be read is said as such, with the reader's own reason, never as ✓.
    if (truth == Truth::Unknown) {
      verdict.mark = SectionMark::Unknown;
      verdict.reason = check.reason + (unknown_reason.empty() ? "" : " (" + unknown_reason + ")");
    } else {
      verdict.mark = check.otherwise;
      verdict.reason = check.reason;
    }
    return verdict;
  }
  return verdict;
}

}  // namespace

std::vector<SectionVerdict> EvaluateSections(const RuleDatabase& db, const Facts& facts) {
  std::vector<SectionVerdict> out;
  for (const auto& section : db.sections) out.push_back(Evaluate(section, facts, db.data));
  return out;
}

}  // namespace rd
