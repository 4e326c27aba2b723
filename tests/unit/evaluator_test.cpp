#include "engine/evaluator.h"

#include <gtest/gtest.h>

#include "test_catalog.h"

#include "engine/rule_loader.h"

namespace rd {
namespace {

class EvaluatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    facts.Set("os.id", "ubuntu");
    facts.Set("os.version_id", "22.04");
    facts.Set("kernel.release", "6.2.0-66-generic");
    facts.Set("cpu.logical_cpus", 16);
    facts.Set("os.id_like", nlohmann::json::array({"debian"}));
    facts.Set("env", nlohmann::json::object());
    facts.Set("env.AMD_LOG_LEVEL", "4");
    facts.MarkAbsent("memory", "open /proc/meminfo: Permission denied");
  }
  Truth Eval(const std::string& when) {
    RuleDatabase db = CatalogOnly();
    db.data = nlohmann::json::parse(R"({"m": {"list": ["ubuntu-22.04", "debian-12"]}})");
    LoadRuleText("[[rule]]\nid=\"t.t\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[" + when + "]\n", "t.toml", db);
    EXPECT_TRUE(db.diagnostics.empty()) << (db.diagnostics.empty() ? "" : db.diagnostics[0].Format());
    if (db.rules.empty()) return Truth::Unknown;
    std::vector<std::string> used;
    reason.clear();
    return EvaluateCondition(db.rules[0].when, facts, db.data, "", "", used, reason);
  }
  Facts facts;
  std::string reason;
};

TEST_F(EvaluatorTest, EqNeInNotIn) {
  EXPECT_EQ(Eval(R"({fact="os.id", eq="ubuntu"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.id", ne="ubuntu"})"), Truth::False);
  EXPECT_EQ(Eval(R"({fact="os.id", in=["rhel","ubuntu"]})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.id", not_in=["rhel","ubuntu"]})"), Truth::False);
  EXPECT_EQ(Eval(R"({fact="cpu.logical_cpus", eq=16})"), Truth::True);
}

TEST_F(EvaluatorTest, MatchesContainsAndNumbers) {
  EXPECT_EQ(Eval(R"({fact="kernel.release", matches="generic$"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="kernel.release", contains="-66-"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.id_like", contains="debian"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="cpu.logical_cpus", gt=8})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="cpu.logical_cpus", le=8})"), Truth::False);
  EXPECT_EQ(Eval(R"({fact="env.AMD_LOG_LEVEL", gt=0})"), Truth::True);  // numeric string
  EXPECT_EQ(Eval(R"({fact="os.id", gt=0})"), Truth::Unknown);           // not a number
}

TEST_F(EvaluatorTest, Versions) {
  EXPECT_EQ(Eval(R"({fact="kernel.release", version_eq="6.2.0"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="kernel.release", version_lt="6.10"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.version_id", version_ge="22.04"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.version_id", version_gt="22.10"})"), Truth::False);
  EXPECT_EQ(Eval(R"({fact="os.id", version_gt="1"})"), Truth::Unknown);
}

TEST_F(EvaluatorTest, ExistsMissingOnNotPresentAndUnknown) {
  EXPECT_EQ(Eval(R"({fact="env.HSA_OVERRIDE_GFX_VERSION", missing=true})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="env.HSA_OVERRIDE_GFX_VERSION", exists=true})"), Truth::False);
  EXPECT_EQ(Eval(R"({fact="env.HSA_OVERRIDE_GFX_VERSION", eq="10.3.0"})"), Truth::False);
  EXPECT_EQ(Eval(R"({fact="memory.total_bytes", missing=true})"), Truth::Unknown);
  EXPECT_EQ(reason, "open /proc/meminfo: Permission denied");
  EXPECT_EQ(Eval(R"({fact="triage.pieces.kind", missing=true})"), Truth::Unknown);  // nothing triaged
}

TEST_F(EvaluatorTest, DataTablesAndFactComparisons) {
  facts.Set("os.support_key", "ubuntu-22.04");
  facts.Set("os.support_key_major", "ubuntu-22");
  EXPECT_EQ(Eval(R"({fact="os.support_key", in_data="m.list"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.support_key_major", not_in_data="m.list"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.support_key", ne_fact="os.support_key_major"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="os.support_key", eq_fact="memory.total_bytes"})"), Truth::Unknown);
}

TEST_F(EvaluatorTest, GroupsAreThreeValued) {
  const char* unknown = R"({fact="memory.total_bytes", gt=1})";
  EXPECT_EQ(Eval(std::string(R"({all=[{fact="os.id", eq="rhel"}, )") + unknown + "]}"), Truth::False);
  EXPECT_EQ(Eval(std::string(R"({all=[{fact="os.id", eq="ubuntu"}, )") + unknown + "]}"), Truth::Unknown);
  EXPECT_EQ(Eval(std::string(R"({any=[{fact="os.id", eq="ubuntu"}, )") + unknown + "]}"), Truth::True);
  EXPECT_EQ(Eval(std::string(R"({any=[{fact="os.id", eq="rhel"}, )") + unknown + "]}"), Truth::Unknown);
  EXPECT_EQ(Eval(std::string("{not=") + unknown + "}"), Truth::Unknown);
  EXPECT_EQ(Eval(R"({not={fact="os.id", eq="rhel"}})"), Truth::True);
}

TEST_F(EvaluatorTest, RegexOnHugeValueDoesNotBlowTheStack) {
  facts.Set("os.pretty_name", std::string(1 << 20, 'a'));
  EXPECT_EQ(Eval(R"({fact="os.pretty_name", matches="^(a|b)*c"})"), Truth::False);
}

TEST(EvaluateRulesTest, ForEachFiresPerElementWithInterpolatedTitles) {
  Facts facts;
  facts.Set("triage.pieces[0].kind", "rocminfo");
  facts.Set("triage.pieces[1].kind", "unknown");
  facts.Set("triage.pieces[1].source", "paste.txt:3-9");
  RuleDatabase db = CatalogOnly();
  LoadRuleText(R"([[rule]]
id = "t.unknown-piece"
section = "system"
severity = "info"
for_each = "triage.pieces"
when = [ { fact = "triage.pieces.kind", eq = "unknown" } ]
title = "piece {triage.pieces.source} is {triage.pieces.kind}"
)", "t.toml", db);
  ASSERT_TRUE(db.diagnostics.empty()) << db.diagnostics[0].Format();
  Evaluation e = EvaluateRules(db, facts, {});
  ASSERT_EQ(e.findings.size(), 1u);
  EXPECT_EQ(e.findings[0].title, "piece paste.txt:3-9 is unknown");
  EXPECT_EQ(e.findings[0].element, 1);
  ASSERT_FALSE(e.findings[0].evidence.empty());
  EXPECT_EQ(e.findings[0].evidence[0].fact, "triage.pieces[1].kind");
}

TEST(EvaluateRulesTest, AbsentFactsMeanNotEvaluatedAndIgnoredRulesAreSkipped) {
  Facts facts;
  facts.MarkAbsent("os", "open /etc/os-release: Permission denied");
  RuleDatabase db = CatalogOnly();
  LoadRuleText(R"([[rule]]
id = "t.a"
section = "system"
severity = "error"
when = [ { fact = "os.id", eq = "debian" } ]
title = "a"
[[rule]]
id = "t.b"
section = "system"
severity = "error"
when = [ { fact = "os.id", ne = "debian" } ]
title = "b"
)", "t.toml", db);
  Evaluation e = EvaluateRules(db, facts, {"t.b"});
  EXPECT_TRUE(e.findings.empty());
  ASSERT_EQ(e.not_evaluated.size(), 1u);
  EXPECT_EQ(e.not_evaluated[0].rule_id, "t.a");
  EXPECT_EQ(e.not_evaluated[0].reason, "open /etc/os-release: Permission denied");
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// A for_each rule whose elements render the same message is one finding (gpustack#4962 repeated
// one loader error eight times and got eight identical findings).
TEST(EvaluatorCollapse, RepeatedIdenticalFindingsCollapse) {
  RuleDatabase db = CatalogOnly();
  LoadRuleText(R"([[rule]]
id = "loader.repeat-test"
section = "libraries"
severity = "error"
for_each = "loader.errors"
when = [ { fact = "loader.errors.library", exists = true } ]
title = "{loader.errors.library} is missing"
)", "t.toml", db);
  ASSERT_TRUE(db.diagnostics.empty()) << db.diagnostics.front().Format();
  Facts facts;
  for (int i = 0; i < 8; ++i) facts.Set("loader.errors[" + std::to_string(i) + "].library", "libdrm_amdgpu.so");
  facts.Set("loader.errors[8].library", "libhsa-runtime64.so");
  auto eval = EvaluateRules(db, facts, {});
  ASSERT_EQ(eval.findings.size(), 2u);
  EXPECT_EQ(eval.findings[0].title, "libdrm_amdgpu.so is missing");
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// A leaf whose path crosses an array without an index holds for some element (docs/rules.md).
TEST_F(EvaluatorTest, PathsThroughArraysHoldForSomeElement) {
  facts.Set("python.exceptions[0].type", "ImportError");
  facts.Set("python.exceptions[1].type", "RuntimeError");
  facts.Set("python.exceptions[1].message", "HIP error: invalid device function");
  EXPECT_EQ(Eval(R"({fact="python.exceptions.type", eq="RuntimeError"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="python.exceptions.type", eq="KeyError"})"), Truth::False);
  EXPECT_EQ(Eval(R"({not={fact="python.exceptions.type", eq="KeyError"}})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="python.exceptions.message", matches="invalid device"})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="python.exceptions.message", exists=true})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="python.exceptions.message", missing=true})"), Truth::False);
  facts.Set("loader.errors", nlohmann::json::array());
  EXPECT_EQ(Eval(R"({fact="loader.errors.library", exists=true})"), Truth::False);  // no element
  EXPECT_EQ(Eval(R"({fact="loader.errors.library", missing=true})"), Truth::True);
  EXPECT_EQ(Eval(R"({fact="loader.errors.library", eq="libamdhip64.so.6"})"), Truth::False);
  // an indexed path is read as written
  EXPECT_EQ(Eval(R"({fact="python.exceptions[0].type", eq="RuntimeError"})"), Truth::False);
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// fuzz_triage: an object fact holding bytes that are not UTF-8 (a paste's) ended the triage with
// "internal error" when a condition printed it; it prints with U+FFFD now.
TEST(FactValueTextTest, BytesThatAreNotUtf8DoNotThrow) {
  nlohmann::json object = {{"message", std::string("containe\x84s: 73e")}};
  std::string text;
  EXPECT_NO_THROW(text = FactValueText(object));
  EXPECT_NE(text.find("containe"), std::string::npos);
  EXPECT_NO_THROW(FactValueText(nlohmann::json::array({object, 1.5})));
}

}  // namespace
}  // namespace rd
