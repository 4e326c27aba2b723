#include "core/facts.h"

#include <gtest/gtest.h>

#include "core/fact_path.h"

namespace rd {
namespace {

TEST(FactPathTest, ParsesKeysIndexesAndQuotedKeys) {
  auto p = ParseFactPath("libraries[\"libamdhip64.so.5\"].missing[2]");
  ASSERT_TRUE(p);
  ASSERT_EQ(p->size(), 4u);
  EXPECT_EQ(std::get<std::string>((*p)[1]), "libamdhip64.so.5");
  EXPECT_EQ(std::get<size_t>((*p)[3]), 2u);
  EXPECT_EQ(FormatFactPath(*p), "libraries[\"libamdhip64.so.5\"].missing[2]");
}

TEST(FactPathTest, RejectsMalformedPaths) {
  for (const char* bad : {"", ".os", "os.", "os..id", "gpus[", "gpus[x]", "gpus[]", "a b"}) {
    EXPECT_FALSE(ParseFactPath(bad)) << bad;
  }
}

TEST(FactPathTest, GenericPathDropsIndexes) { EXPECT_EQ(GenericFactPath("gpus[3].gfx"), "gpus.gfx"); }

TEST(FactsTest, SetCreatesParentsAndRecordsEvidence) {
  Facts facts;
  facts.Set("gpus[1].gfx", "gfx90a", {"file:/sys/x", "gfx_target_version 90010"});
  auto found = facts.Get("gpus[1].gfx");
  ASSERT_EQ(found.state, FactState::Present);
  EXPECT_EQ(*found.value, "gfx90a");
  EXPECT_EQ(facts.tree()["gpus"].size(), 2u);
  ASSERT_TRUE(facts.EvidenceFor("gpus[1].gfx"));
  EXPECT_EQ(facts.EvidenceFor("gpus[1].gfx")->source, "file:/sys/x");
}

TEST(FactsTest, TriStateLookup) {
  Facts facts;
  facts.Set("env", nlohmann::json::object());
  facts.Set("os.id", "debian");
  facts.MarkAbsent("cpu", "open /proc/cpuinfo: Permission denied");
  EXPECT_EQ(facts.Get("env.HSA_OVERRIDE_GFX_VERSION").state, FactState::NotPresent);
  EXPECT_EQ(facts.Get("os.version_id").state, FactState::NotPresent);
  auto cpu = facts.Get("cpu.model");
  EXPECT_EQ(cpu.state, FactState::Unknown);
  EXPECT_EQ(cpu.reason, "open /proc/cpuinfo: Permission denied");
  EXPECT_EQ(facts.Get("gpus[0].gfx").state, FactState::Unknown);  // nothing about gpus collected
}

TEST(FactsTest, MergeIsDeepForObjects) {
  Facts a, b;
  a.Set("summary.os", "Debian");
  b.Set("summary.platform", "docker");
  a.Merge(b);
  EXPECT_EQ(a.Get("summary.os").state, FactState::Present);
  EXPECT_EQ(a.Get("summary.platform").state, FactState::Present);
}

TEST(FactsTest, JsonRoundTrip) {
  Facts facts;
  facts.Set("os.id", "ubuntu", {"file:/etc/os-release", "line 3: ID=ubuntu"});
  facts.MarkAbsent("cpu", "no /proc");
  Facts back = Facts::FromJson(facts.ToJson());
  EXPECT_EQ(back.tree(), facts.tree());
  EXPECT_EQ(back.EvidenceFor("os.id")->excerpt, "line 3: ID=ubuntu");
  EXPECT_EQ(back.Get("cpu.model").reason, "no /proc");
}

TEST(FactsTest, FromJsonToleratesJunk) {
  Facts facts = Facts::FromJson(nlohmann::json::parse(R"({"values": 3, "evidence": {"a": 1}, "absent": {"b": 2}})"));
  EXPECT_TRUE(facts.tree().empty());
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {
// One source line for a whole object: its fields share it unless they have their own.
TEST(FactsEvidence, ObjectEvidenceCoversItsFields) {
  Facts facts;
  facts.Set("triage.prompts[0].user_name", "alice");
  facts.Set("triage.prompts[0].command", "rocminfo", Evidence{"paste:x:3", "own"});
  facts.SetEvidence("triage.prompts[0]", Evidence{"paste:x:1", "alice@box:~$ rocminfo"});
  ASSERT_NE(facts.EvidenceFor("triage.prompts[0].user_name"), nullptr);
  EXPECT_EQ(facts.EvidenceFor("triage.prompts[0].user_name")->source, "paste:x:1");
  EXPECT_EQ(facts.EvidenceFor("triage.prompts[0].command")->excerpt, "own");
  EXPECT_EQ(facts.EvidenceFor("triage.prompts[1].user_name"), nullptr);
  EXPECT_EQ(facts.evidence().size(), 2u);
}
}  // namespace
}  // namespace rd
