// Rules' `matches` run on RE2; a nested unbounded quantifier is a lint problem and makes the rule
// "not evaluated" with the reason (hostile-input report D14).
#include <chrono>

#include <gtest/gtest.h>

#include "test_catalog.h"

#include "engine/evaluator.h"
#include "engine/rule_loader.h"

namespace rd {
namespace {

std::string RuleWith(const std::string& pattern) {
  return "[[rule]]\nid = \"x.bomb\"\nsection = \"environment\"\nseverity = \"warning\"\n"
         "when = [ { fact = \"env.PATH\", matches = '" + pattern + "' } ]\ntitle = \"bomb\"\n";
}

TEST(RuleRegexTest, RegexBombIsALintProblemAndNotEvaluated) {
  RuleDatabase db = CatalogOnly();
  LoadRuleText(RuleWith("^(([a-z/:.]+)*)*$X"), "bomb.toml", db);
  ASSERT_EQ(db.diagnostics.size(), 1u);
  EXPECT_EQ(db.diagnostics[0].line, 5);
  EXPECT_NE(db.diagnostics[0].message.find("nested unbounded quantifier: catastrophic in backtracking engines"),
            std::string::npos)
      << db.diagnostics[0].Format();
  ASSERT_EQ(db.rules.size(), 1u);  // kept, so check can list it
  Facts facts;
  facts.Set("env.PATH", std::string(4000, 'a'));
  auto start = std::chrono::steady_clock::now();
  Evaluation e = EvaluateRules(db, facts, {});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_TRUE(e.findings.empty());
  ASSERT_EQ(e.not_evaluated.size(), 1u);
  EXPECT_EQ(e.not_evaluated[0].rule_id, "x.bomb");
  EXPECT_NE(e.not_evaluated[0].reason.find("nested unbounded quantifier"), std::string::npos);
}

TEST(RuleRegexTest, LookaroundIsABadRegexWithFileLine) {
  RuleDatabase db = CatalogOnly();
  LoadRuleText(RuleWith("^(?!\\d+$)"), "look.toml", db);
  ASSERT_EQ(db.diagnostics.size(), 1u);
  EXPECT_EQ(db.diagnostics[0].line, 5);
  EXPECT_NE(db.diagnostics[0].message.find("bad regular expression"), std::string::npos);
  EXPECT_NE(db.diagnostics[0].message.find("no lookaround"), std::string::npos);
  EXPECT_TRUE(db.rules.empty());
}

TEST(RuleRegexTest, GoodRegexEvaluates) {
  RuleDatabase db = CatalogOnly();
  LoadRuleText(RuleWith("(^|:)/opt/rocm[^:]*/bin(:|$)"), "good.toml", db);
  ASSERT_TRUE(db.diagnostics.empty()) << db.diagnostics[0].Format();
  Facts facts;
  facts.Set("env.PATH", "/usr/bin:/opt/rocm-6.2.0/bin");
  EXPECT_EQ(EvaluateRules(db, facts, {}).findings.size(), 1u);
  facts.Set("env.PATH", "/usr/bin");
  EXPECT_TRUE(EvaluateRules(db, facts, {}).findings.empty());
}

TEST(RuleRegexTest, BuiltinHsaOverrideFormatRuleWithoutLookahead) {
  // rules/environment.toml's env.hsa-override-bad-format used "^(?!\d+\.\d+\.\d+$)": the RE2 form
  // (exists + not matches) must fire and stay quiet exactly as before.
  RuleDatabase db = LoadRules({ROCM_DOCTOR_SOURCE_DIR "/rules"});
  for (const auto& d : db.diagnostics) ADD_FAILURE() << d.Format();
  auto fires = [&](const char* value) {
    Facts facts;
    facts.Set("env.PATH", "/usr/bin");
    if (value) facts.Set("env.HSA_OVERRIDE_GFX_VERSION", value);
    for (const auto& f : EvaluateRules(db, facts, {}).findings) {
      if (f.rule_id == "env.hsa-override-bad-format") return true;
    }
    return false;
  };
  EXPECT_TRUE(fires("10.3"));
  EXPECT_TRUE(fires("gfx1030"));
  EXPECT_TRUE(fires("10.3.0 "));
  EXPECT_TRUE(fires(""));
  EXPECT_FALSE(fires("10.3.0"));
  EXPECT_FALSE(fires("11.0.0"));
  EXPECT_FALSE(fires(nullptr));
}

}  // namespace
}  // namespace rd
