#include "engine/rule_loader.h"

#include <gtest/gtest.h>

#include "test_catalog.h"

namespace rd {
namespace {

RuleDatabase Load(const std::string& text) {
  RuleDatabase db = CatalogOnly();
  db.data = nlohmann::json::parse(R"({"support_matrix": {"linux": ["debian-12"]}})");
  LoadRuleText(text, "test.toml", db);
  return db;
}

std::string FirstDiagnostic(const RuleDatabase& db) { return db.diagnostics.empty() ? "" : db.diagnostics.front().Format(); }

constexpr const char* kGood = R"(
[[rule]]
id = "test.good-rule"
section = "system"
severity = "warning"
when = [ { fact = "os.id", eq = "debian" }, { any = [ { fact = "env.X", exists = true }, { not = { fact = "kernel.release", matches = "^6\\." } } ] } ]
title = "on {os.id}"
fix = "do it"
refs = ["https://example.invalid/1"]
)";

TEST(RuleLoaderTest, LoadsAValidRule) {
  auto db = Load(kGood);
  ASSERT_TRUE(db.diagnostics.empty()) << FirstDiagnostic(db);
  ASSERT_EQ(db.rules.size(), 1u);
  const Rule& rule = db.rules[0];
  EXPECT_EQ(rule.id, "test.good-rule");
  EXPECT_EQ(rule.severity, Severity::Warning);
  EXPECT_EQ(rule.when.children.size(), 2u);
  EXPECT_EQ(rule.when.children[1].kind, Condition::Kind::Any);
  EXPECT_EQ(rule.line, 2);
}

struct BadCase {
  const char* name;
  const char* toml;
  const char* expected;  // substring of the first diagnostic
  int line;
};

class RuleLoaderBadTest : public ::testing::TestWithParam<BadCase> {};

TEST_P(RuleLoaderBadTest, ReportsFileLineAndCause) {
  auto db = Load(GetParam().toml);
  ASSERT_FALSE(db.diagnostics.empty()) << GetParam().name;
  EXPECT_TRUE(db.rules.empty());
  std::string message = FirstDiagnostic(db);
  EXPECT_NE(message.find(GetParam().expected), std::string::npos) << message;
  EXPECT_EQ(db.diagnostics.front().file, "test.toml");
  EXPECT_EQ(db.diagnostics.front().line, GetParam().line) << message;
}

INSTANTIATE_TEST_SUITE_P(
    Lint, RuleLoaderBadTest,
    ::testing::Values(
        BadCase{"syntax", "[[rule]\nid = 1\n", "test.toml:1", 1},
        BadCase{"unknown operator", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", equals=\"x\"}]\n", "unknown operator 'equals'", 6},
        BadCase{"bad regex", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", matches=\"(\"}]\n", "bad regular expression", 6},
        BadCase{"unknown fact", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.idd\", eq=\"x\"}]\n", "unknown fact 'os.idd' (did you mean 'os.id'?)", 6},
        BadCase{"unknown section", "[[rule]]\nid=\"a.b\"\nsection=\"sytem\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "unknown section 'sytem'", 3},
        BadCase{"bad severity", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"fatal\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "severity must be", 4},
        BadCase{"unknown key", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\nsevrity=\"x\"\n", "unknown rule key 'sevrity'", 7},
        BadCase{"missing when", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\n", "rule has no 'when'", 1},
        BadCase{"operand type", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", in=\"debian\"}]\n", "needs an array", 6},
        BadCase{"bad version", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", version_lt=\"x\"}]\n", "needs a version string", 6},
        BadCase{"missing data table", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", in_data=\"nope.list\"}]\n", "existing array in rules/data", 6},
        BadCase{"two operators", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", eq=\"x\", ne=\"y\"}]\n", "two operators", 6},
        BadCase{"template fact", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"{os.nope}\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "template refers to unknown fact '{os.nope}'", 1},
        BadCase{"bad id", "[[rule]]\nid=\"Bad Id\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "is not of the form", 2},
        BadCase{"not a table", "rule = [1, 2]\n", "must be an array of tables", 1},
        BadCase{"top-level junk", "title = \"x\"\n", "unknown top-level key 'title'", 1},
        // hostile-input report m11: rule text reaches the terminal; for_each needs an array.
        BadCase{"escape in title", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"ok \\u001b[2J\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "'title' holds U+001B", 5},
        BadCase{"bell in fix", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nfix=\"\"\"\nline\n\\u0007\"\"\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "'fix' holds U+0007", 6},
        BadCase{"C1 CSI in explain", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nexplain=\"x\\u009b2J\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "'explain' holds U+009B", 6},
        BadCase{"bidi override in refs", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nrefs=[\"https://x.invalid/\\u202e\"]\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "'refs' holds U+202E", 6},
        BadCase{"control in an operand", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[\n{fact=\"os.id\", eq=\"x\\u0008\"}]\n", "'eq' holds U+0008", 7},
        BadCase{"for_each on a string", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nfor_each=\"os.id\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "'for_each' needs an array fact, but 'os.id' is of type string", 6},
        BadCase{"for_each on an object", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nfor_each=\"libs.loader\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "is of type object", 6},
        BadCase{"for_each on an env variable", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nfor_each=\"env.PATH\"\nwhen=[{fact=\"os.id\", eq=\"x\"}]\n", "is of type string", 6},
        BadCase{"no operator", "[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\"}]\n", "condition on 'os.id' has no operator", 6}),
    [](const auto& info) {
      std::string name = info.param.name;
      for (auto& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
      return name;
    });

TEST(RuleLoaderTest, DeepNestingIsRefusedNotRecursedForever) {
  std::string when = "{ fact = \"os.id\", eq = \"x\" }";
  for (int i = 0; i < 40; ++i) when = "{ not = " + when + " }";
  auto db = Load("[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[" + when + "]\n");
  ASSERT_FALSE(db.diagnostics.empty());
  EXPECT_NE(FirstDiagnostic(db).find("nested deeper than 32"), std::string::npos);
}

TEST(RuleLoaderTest, BinaryGarbageIsADiagnostic) {
  std::string junk("\x00\xff\xfe[[rule]]\x01\x02", 11);
  auto db = Load(junk);
  EXPECT_FALSE(db.diagnostics.empty());
  EXPECT_TRUE(db.rules.empty());
}

TEST(RuleLoaderTest, GoodRulesSurviveABadOneInTheSameFile) {
  auto db = Load(std::string(kGood) + "\n[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", equals=\"x\"}]\n");
  EXPECT_EQ(db.rules.size(), 1u);
  EXPECT_EQ(db.diagnostics.size(), 1u);
}

// hostile-input report m11: "no operator" used to be said only when nothing else was wrong.
TEST(RuleLoaderTest, NoOperatorIsReportedBesideTheRulesOtherProblems) {
  auto db = Load("[[rule]]\nid=\"a.b\"\nsection=\"sytem\"\nseverity=\"info\"\ntitle=\"t\"\n"
                 "when=[{fact=\"os.id\", equals=\"x\"},\n {fact=\"os.id\", eq=\"x\", ne=\"y\"},\n {fact=\"os.id\"}]\n");
  ASSERT_EQ(db.diagnostics.size(), 4u) << FirstDiagnostic(db);
  EXPECT_NE(db.diagnostics[0].message.find("unknown section"), std::string::npos);
  EXPECT_NE(db.diagnostics[1].message.find("unknown operator 'equals'"), std::string::npos);
  EXPECT_NE(db.diagnostics[2].message.find("two operators"), std::string::npos);
  EXPECT_EQ(db.diagnostics[3].message, "condition on 'os.id' has no operator");
  EXPECT_EQ(db.diagnostics[3].line, 8);
}

TEST(RuleLoaderTest, NewlinesTabsAndUnicodeInRuleTextAreFine) {
  auto db = Load("[[rule]]\nid=\"a.b\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"GPU — ✓ ü\"\n"
                 "fix=\"\"\"\nstep one\n\tstep two\n\"\"\"\nfor_each=\"gpus\"\nwhen=[{fact=\"gpus.gfx\", eq=\"gfx90a\"}]\n");
  EXPECT_TRUE(db.diagnostics.empty()) << FirstDiagnostic(db);
  EXPECT_EQ(db.rules.size(), 1u);
}

TEST(RuleLoaderTest, TheShippedRuleDatabaseLintsClean) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  for (const auto& d : db.diagnostics) ADD_FAILURE() << d.Format();
  EXPECT_GE(db.rules.size(), 10u);
  EXPECT_NE(db.version, "unversioned");
}

}  // namespace
}  // namespace rd
