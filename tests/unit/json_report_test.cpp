// Reading a report back (check --from, fleet): bounded nesting, a real schema, real facts
// (hostile-input report D11, D18, m4, m6).
#include "report/json_report.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

std::string Minimal(const std::string& schema, const std::string& facts) {
  return R"({"schema": )" + schema + R"(, "tool": {"version": "0.1.0"}, "facts": )" + facts + "}";
}

Result<Report> Load(const std::string& text) {
  auto j = ParseReportText(text, "r.json");
  if (!j) return j.error();
  return ReportFromJson(*j, "r.json");
}

TEST(JsonReport, DeepNestingIsRefusedBeforeParsing) {
  std::string deep = Minimal("1", R"({"values": {"deep": )" + std::string(30000, '[') + std::string(30000, ']') + "}}");
  auto loaded = Load(deep);
  ASSERT_FALSE(loaded);
  EXPECT_NE(loaded.error().message.find("r.json: nested deeper than 256 levels"), std::string::npos);
  // Brackets inside strings are text, not nesting.
  std::string quoted = Minimal("1", R"({"values": {"s": ")" + std::string(1000, '[') + R"("}})");
  EXPECT_TRUE(Load(quoted)) << Load(quoted).error().message;
}

TEST(JsonReport, SchemaMustBeAPositiveIntegerNotNewer) {
  for (const char* bad : {"true", "1.9", "-1", "0", "\"1\"", "1e308", "null"}) {
    auto loaded = Load(Minimal(bad, R"({"values": {}})"));
    ASSERT_FALSE(loaded) << bad;
    EXPECT_NE(loaded.error().message.find("must be a positive integer"), std::string::npos) << loaded.error().message;
  }
  for (const char* newer : {"2", "3000000000", "18446744073709551615"}) {
    auto loaded = Load(Minimal(newer, R"({"values": {}})"));
    ASSERT_FALSE(loaded) << newer;
    EXPECT_NE(loaded.error().message.find("is newer than this rocm-doctor understands"), std::string::npos);
  }
  EXPECT_TRUE(Load(Minimal("1", R"({"values": {}})")));
}

TEST(JsonReport, ReportWithoutFactsIsRefused) {
  for (const char* facts : {"null", "\"x\"", "[]", R"({"values": []})", R"({"values": "x"})", "{}"}) {
    auto loaded = Load(Minimal("1", facts));
    ASSERT_FALSE(loaded) << facts;
    EXPECT_NE(loaded.error().message.find("no facts"), std::string::npos) << loaded.error().message;
  }
  auto no_tool = Load(R"({"schema": 1, "facts": {"values": {}}})");
  EXPECT_TRUE(no_tool) << no_tool.error().message;
}

}  // namespace
}  // namespace rd
