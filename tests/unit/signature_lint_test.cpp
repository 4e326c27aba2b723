#include "cli/signature_lint.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

Condition Leaf(const std::string& fact, const std::string& op, nlohmann::json operand) {
  Condition c;
  c.kind = Condition::Kind::Leaf;
  c.fact = fact;
  c.op = op;
  c.operand = std::move(operand);
  c.line = 7;
  return c;
}

TEST(SignatureLint, RulesMustNameSignaturesThatExist) {
  RuleDatabase db;
  db.data["signatures_t"]["signature"] = {{{"id", "known"}, {"pattern", "known error"}}, {{"id", "BAD"}, {"pattern", "x"}}};
  Rule good;
  good.id = "t.good";
  good.when.children = {Leaf("triage.signatures", "contains", "known")};
  good.fix = "# {triage.signature_text.known}";
  Rule typo;
  typo.id = "t.typo";
  typo.file = "rules/t.toml";
  Condition any;
  any.kind = Condition::Kind::Any;
  any.children = {Leaf("triage.signatures", "contains", "knwon"), Leaf("triage.signature_text.other", "exists", true)};
  typo.when.children = {any};
  typo.title = "x {triage.signature_text.missing} y";
  db.rules = {good, typo};
  auto d = SignatureDiagnostics(db);
  ASSERT_EQ(d.size(), 4u);  // BAD id, knwon, other, missing
  EXPECT_NE(d[0].message.find("BAD"), std::string::npos);
  EXPECT_NE(d[1].message.find("'knwon'"), std::string::npos);
  EXPECT_EQ(d[1].file, "rules/t.toml");
  EXPECT_EQ(d[1].line, 7);
  EXPECT_NE(d[2].message.find("'other'"), std::string::npos);
  EXPECT_NE(d[3].message.find("'missing'"), std::string::npos);
}

}  // namespace
}  // namespace rd
