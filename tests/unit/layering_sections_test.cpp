// The report finds a section's collectors and fact roots in core/sections.cpp (data), not in the
// collector registry (cli/, a higher layer: docs/ARCHITECTURE.md). That data must say what the
// collectors say of themselves.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "cli/registry.h"
#include "core/sections.h"

namespace rd {
namespace {

bool Lists(const std::vector<const char*>& list, const std::string& name) {
  return std::any_of(list.begin(), list.end(), [&](const char* item) { return name == item; });
}

TEST(LayeringSections, EveryCollectorIsListedInItsSectionWithItsFactRoots) {
  for (const auto& collector : AllCollectors()) {
    const SectionInfo* section = FindSection(collector.section);
    ASSERT_NE(section, nullptr) << collector.name;
    EXPECT_TRUE(Lists(section->collectors, collector.name)) << collector.name << " missing from section " << collector.section;
    for (const auto& spec : collector.facts ? *collector.facts : std::vector<FactSpec>{}) {
      std::string path = spec.path;
      std::string root = path.substr(0, path.find_first_of(".["));
      if (root == "summary") continue;
      EXPECT_TRUE(Lists(section->roots, root)) << collector.name << " writes " << path << ", root not in section " << collector.section;
    }
  }
}

TEST(LayeringSections, EverySectionsCollectorExistsInThatSection) {
  for (const auto& section : AllSections()) {
    for (const char* name : section.collectors) {
      auto it = std::find_if(AllCollectors().begin(), AllCollectors().end(), [&](const Collector& c) { return std::string(c.name) == name; });
      ASSERT_NE(it, AllCollectors().end()) << name;
      EXPECT_EQ(std::string(it->section), section.id) << name;
    }
  }
}

}  // namespace
}  // namespace rd
