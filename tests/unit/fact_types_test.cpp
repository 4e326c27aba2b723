// --from: values of the wrong type are dropped and marked absent, never evaluated (m6).
#include "core/fact_types.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(FactTypes, MistypedValuesBecomeAbsentWithTheReason) {
  Facts facts;
  facts.Set("env.HSA_OVERRIDE_GFX_VERSION", nlohmann::json{{"x", 1}});
  facts.Set("env.PATH", "/usr/bin");
  facts.Set("gpus", nlohmann::json::array({{{"marketing_name", 12}, {"gfx", "gfx942"}}, {{"marketing_name", "MI300X"}}}));
  facts.Set("gpu.count", "two");
  FactCatalog catalog;
  for (auto [path, type] : {std::pair{"env.*", "string"}, {"gpus", "array"}, {"gpus.marketing_name", "string"},
                            {"gpus.gfx", "string"}, {"gpu.count", "int"}}) {
    catalog.Put({path, type, "", "", {"test"}, "", 0});
  }
  EXPECT_EQ(DropMistypedFacts(facts, catalog), 3u);
  auto override_value = facts.Get("env.HSA_OVERRIDE_GFX_VERSION");
  EXPECT_EQ(override_value.state, FactState::Unknown);
  EXPECT_EQ(override_value.reason, "wrong type in the report: string expected, object found");
  EXPECT_EQ(facts.Get("gpus[0].marketing_name").state, FactState::Unknown);
  EXPECT_EQ(facts.Get("gpus[0].gfx").value->get<std::string>(), "gfx942");
  EXPECT_EQ(facts.Get("gpus[1].marketing_name").value->get<std::string>(), "MI300X");
  EXPECT_EQ(facts.Get("gpu.count").state, FactState::Unknown);
  EXPECT_EQ(facts.Get("env.PATH").value->get<std::string>(), "/usr/bin");
}

TEST(FactTypes, WellTypedFactsAreUntouched) {
  Facts facts;
  facts.Set("gpu.count", 8);
  facts.Set("unknown.thing", nlohmann::json{{"a", 1}});
  FactCatalog catalog;
  catalog.Put({"gpu.count", "int", "", "", {"test"}, "", 0});
  EXPECT_EQ(DropMistypedFacts(facts, catalog), 0u);
  EXPECT_EQ(facts.Get("gpu.count").value->get<int>(), 8);
}

}  // namespace
}  // namespace rd
