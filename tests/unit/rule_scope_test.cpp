// ux-review m2: a live or replayed check counts as "not evaluated" only the rules that could
// apply to it; the rules only a paste can decide (log.*, commands.*) are derived from the fact
// catalog's sources, not listed by hand.
#include "engine/rule_scope.h"

#include <gtest/gtest.h>

#include <sstream>

#include "cli/io.h"
#include "engine/rule_loader.h"
#include "scenario.h"

namespace rd {
namespace {

const Rule& RuleById(const RuleDatabase& db, const std::string& id) {
  for (const auto& rule : db.rules) {
    if (rule.id == id) return rule;
  }
  ADD_FAILURE() << "no rule " << id;
  return db.rules.front();
}

TEST(RuleScope, PasteOnlyRulesAreDerivedFromTheCatalog) {
  static const RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  EXPECT_TRUE(IsPasteOnlyFact("commands.all.text", db.catalog));
  EXPECT_TRUE(IsPasteOnlyFact("commands", db.catalog));  // a prefix: every entry below it
  EXPECT_FALSE(IsPasteOnlyFact("gpus.gfx", db.catalog));
  EXPECT_FALSE(IsPasteOnlyFact("kernel_log", db.catalog));  // the live kernel-log collector writes it too
  EXPECT_TRUE(NeedsPastedInput(RuleById(db, "ollama.serve-ignores-systemd-unit"), db.catalog));
  EXPECT_TRUE(NeedsPastedInput(RuleById(db, "runtime.invalid-device-function"), db.catalog));
  EXPECT_FALSE(NeedsPastedInput(RuleById(db, "arch.rdna2-consumer-unsupported"), db.catalog));
  EXPECT_FALSE(NeedsPastedInput(RuleById(db, "gpu.none-found"), db.catalog));
}

TEST(RuleScope, ReplayDoesNotListPasteOnlyRulesAsNotEvaluated) {
  std::ostringstream out, err;
  Io io{out, err, false, true};
  std::string fixture = testing::FixturePath("debian13-host");
  const char* argv[] = {"rocm-doctor", "check", "--replay", fixture.c_str(), "-v"};
  RunCli(5, argv, io);
  std::string text = out.str();
  EXPECT_EQ(text.find("no facts about 'commands'"), std::string::npos) << text;
  EXPECT_EQ(text.find("no facts about 'log'"), std::string::npos) << text;
  EXPECT_EQ(text.find("ollama.serve-ignores-systemd-unit"), std::string::npos) << text;
  // Rules a live check can decide are still listed when a fact is missing.
  EXPECT_NE(text.find("not evaluated"), std::string::npos) << text;
}

}  // namespace
}  // namespace rd
