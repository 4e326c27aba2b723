#include "engine/section_verdicts.h"

#include "engine/evaluator.h"
#include "engine/template.h"

namespace rd {

namespace {

// issue 14 item 2, ux-review U9: the versions and paths a user looks for, from facts, through
// templates in data. A part naming a fact that is not there is left out, never "(unknown)".
std::string Summary(const SectionRequirements& section, const Facts& facts, const nlohmann::json& data) {
  std::string out;
  for (const auto& part : section.summary) {
    if (part.when) {
      std::vector<std::string> used;
      std::string reason;
      if (EvaluateCondition(*part.when, facts, data, "", "", used, reason) != Truth::True) continue;
    }
    bool complete = true;
    std::string text = RenderTemplate(part.text, [&](const std::string& path) -> std::optional<std::string> {
      auto found = facts.Get(path);
      std::string value = found.state == FactState::Present && found.value ? FactValueText(*found.value) : "";
      if (value.empty()) complete = false;
      return value;
    });
    if (complete) out += (out.empty() ? "" : " · ") + text;
  }
  return out;
}

SectionVerdict Evaluate(const SectionRequirements& section, const Facts& facts, const nlohmann::json& data) {
  SectionVerdict verdict{section.id, SectionMark::Ok, "", section.required, Summary(section, facts, data)};
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
