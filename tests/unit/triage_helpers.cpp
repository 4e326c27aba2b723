#include "triage_helpers.h"

#include <gtest/gtest.h>

#include "cli/check_command.h"
#include "engine/rule_loader.h"
#include "system/local_files.h"
#include "triage/triage.h"

namespace rd::testing {

std::string TriageFixture(const std::string& name) {
  auto text = ReadLocalFile(std::string(ROCM_DOCTOR_FIXTURES) + "/triage/" + name + ".txt");
  EXPECT_TRUE(text.ok()) << name;
  return text.ok() ? text.value() : "";
}

Report TriageTexts(const std::vector<std::pair<std::string, std::string>>& texts) {
  static const RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  std::vector<PastePiece> pieces;
  for (const auto& [source, text] : texts) {
    auto split = SplitPaste(text, source);
    pieces.insert(pieces.end(), split.begin(), split.end());
  }
  Facts facts = TriageFacts(pieces, &db.data);
  Report report = EvaluateReport(std::move(facts), {}, db, {});
  report.mode = "triage";
  return report;
}

Report TriageFixtures(const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, std::string>> texts;
  for (const auto& name : names) texts.push_back({name + ".txt", TriageFixture(name)});
  return TriageTexts(texts);
}

}  // namespace rd::testing
