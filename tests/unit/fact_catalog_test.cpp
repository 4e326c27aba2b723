// rules/facts.toml is THE fact vocabulary (issue 13): every declared FactSpec is in it with the
// same type, every fact a fixture replay or a fixture triage writes is in it, and `rules lint`
// says what is wrong with a malformed entry or an operator that does not fit a fact's type.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <set>

#include "cli/registry.h"
#include "core/fact_path.h"
#include "core/fact_types.h"
#include "engine/fact_catalog_loader.h"
#include "scenario.h"
#include "test_catalog.h"
#include "triage/triage.h"
#include "triage_helpers.h"
#include "util/strings.h"

namespace rd {
namespace {

namespace fs = std::filesystem;

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const FactCatalog& Catalog() {
  static const RuleDatabase db = CatalogOnly();
  return db.catalog;
}

TEST(FactCatalog, LoadsWithoutProblems) {
  RuleDatabase db = CatalogOnly();
  for (const auto& d : db.diagnostics) ADD_FAILURE() << d.Format();
  EXPECT_GT(db.catalog.entries.size(), 500u);
}

TEST(FactCatalog, EveryDeclaredFactSpecIsInTheCatalogWithItsType) {
  const FactCatalog& catalog = Catalog();
  for (const auto& spec : AllFactSpecs()) {
    const FactEntry* entry = catalog.Find(spec.path);
    if (!entry || entry->path != spec.path) {
      ADD_FAILURE() << "FactSpec '" << spec.path << "' (" << spec.description << ") is not in rules/facts.toml";
      continue;
    }
    EXPECT_EQ(entry->type, spec.type) << spec.path << ": rules/facts.toml:" << entry->line;
  }
}

// Every node of a fact tree, by canonical path, that the catalog does not know.
void CollectUnknown(const nlohmann::json& node, const std::string& path, std::set<std::string>& unknown) {
  if (!path.empty() && !Catalog().IsKnown(path)) {
    unknown.insert(GenericFactPath(path));
    return;
  }
  if (node.is_object()) {
    // A key below a pattern (env.MY_VAR) is its own fact: its value is not walked further.
    if (const FactEntry* entry = path.empty() ? nullptr : Catalog().Find(path); entry && EndsWith(entry->path, ".*")) return;
    for (const auto& [key, value] : node.items()) CollectUnknown(value, path.empty() ? key : path + "." + key, unknown);
  } else if (node.is_array()) {
    for (size_t i = 0; i < node.size(); ++i) {
      if (node[i].is_object()) CollectUnknown(node[i], path + "[" + std::to_string(i) + "]", unknown);
    }
  }
}

TEST(FactCatalog, EveryFactAFixtureReplayWritesIsInTheCatalog) {
  size_t replayed = 0;
  for (const auto& dir : fs::directory_iterator(ROCM_DOCTOR_FIXTURES)) {
    if (!fs::exists(dir.path() / "meta.json")) continue;  // bundles/, triage/ …: not snapshots
    Facts facts = testing::ReplayFacts(dir.path().string());  // collected and derived; rules add none
    std::set<std::string> unknown;
    CollectUnknown(facts.tree(), "", unknown);
    for (const auto& fact : unknown) ADD_FAILURE() << dir.path().filename().string() << " writes '" << fact << "', not in rules/facts.toml";
    ++replayed;
  }
  EXPECT_GE(replayed, 25u);
}

TEST(FactCatalog, EveryFactAFixtureTriageWritesIsInTheCatalog) {
  size_t triaged = 0;
  for (const auto& folder : fs::directory_iterator(ROCM_DOCTOR_FIXTURES)) {
    if (!folder.is_directory() || !StartsWith(folder.path().filename().string(), "triage")) continue;
    for (const auto& file : fs::directory_iterator(folder.path())) {
      std::string name = file.path().filename().string();
      if (name == "README.md" || !file.is_regular_file()) continue;
      std::string text = ReadText(file.path());
      Report report = testing::TriageTexts({{name, text}});
      std::set<std::string> unknown;
      CollectUnknown(report.facts.tree(), "", unknown);
      for (const auto& fact : unknown) ADD_FAILURE() << folder.path().filename().string() << "/" << name << " writes '" << fact << "', not in rules/facts.toml";
      ++triaged;
    }
  }
  EXPECT_GE(triaged, 80u);
}

TEST(FactCatalog, LookupsHonourPatternsAndPrefixes) {
  const FactCatalog& catalog = Catalog();
  EXPECT_EQ(catalog.TypeOf("gpus[3].gfx"), "string");
  EXPECT_EQ(catalog.TypeOf("env.HSA_OVERRIDE_GFX_VERSION"), "string");
  EXPECT_EQ(catalog.TypeOf("libs"), "object");
  EXPECT_EQ(catalog.TypeOf("gpus.no_such_field"), "");
  EXPECT_EQ(catalog.Find("gpus[0].vram_bytes")->unit, "bytes");
  EXPECT_EQ(catalog.Find("gpus[0].link_speed")->unit, "GT/s");
  EXPECT_EQ(catalog.Find("smi.devices[0].link_speed")->unit, "GT/s");
}

std::vector<std::string> LintCatalog(const std::string& text) {
  RuleDatabase db;
  LoadFactCatalogText(text, "facts.toml", db);
  std::vector<std::string> out;
  for (const auto& d : db.diagnostics) out.push_back(d.Format());
  return out;
}

TEST(FactCatalog, LintFlagsMalformedEntries) {
  struct Case {
    const char* text;
    const char* expect;
  };
  const Case cases[] = {
      {"[[fact]]\ntype = \"string\"\nmeaning = \"m\"\nsources = [\"t\"]\n", "facts.toml:1:1: fact entry has no 'path'"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"text\"\nmeaning = \"m\"\nsources = [\"t\"]\n", "facts.toml:3:8: fact type 'text' is not one of"},
      {"[[fact]]\npath = \"gpus[0].gfx\"\ntype = \"string\"\nmeaning = \"m\"\nsources = [\"t\"]\n", "is not a generic path"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"int\"\nunit = \"KB\"\nmeaning = \"m\"\nsources = [\"t\"]\n", "facts.toml:4:8: unit 'KB' is not a catalog unit"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"string\"\nunit = \"ms\"\nmeaning = \"m\"\nsources = [\"t\"]\n", "a unit needs an int or number fact"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"int\"\nmeaning = \"m\"\n", "fact entry has no 'sources'"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"int\"\nmeaning = \"m\"\nsources = []\n", "'sources' must be a non-empty array"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"int\"\nmeaning = \"m\"\nsources = [\"t\"]\ncolour = 1\n", "unknown fact entry key 'colour'"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"int\"\nmeaning = \"m\"\nsources = [\"t\"]\n[[fact]]\npath = \"a.b\"\ntype = \"int\"\nmeaning = \"m\"\nsources = [\"t\"]\n",
       "duplicate fact 'a.b'"},
      {"[[fact]]\npath = \"a.b\"\ntype = \"int\"\nmeaning = \"bell\\u0007\"\nsources = [\"t\"]\n", "'meaning' holds"},
      {"[fact]\npath = \"a.b\"\n", "'fact' must be an array of tables"},
      {"[[rule]]\nid = 1\n", "unknown top-level key 'rule'"},
  };
  for (const auto& c : cases) {
    auto found = LintCatalog(c.text);
    ASSERT_FALSE(found.empty()) << c.text;
    EXPECT_NE(found.front().find(c.expect), std::string::npos) << found.front();
  }
  EXPECT_TRUE(LintCatalog("[[fact]]\npath = \"a.*\"\ntype = \"string\"\nmeaning = \"m\"\nsources = [\"t\"]\n").empty());
}

TEST(FactCatalog, LintFlagsAnOperatorThatDoesNotFitTheFactsType) {
  auto lint = [](const std::string& condition) {
    RuleDatabase db = CatalogOnly();
    LoadRuleText("[[rule]]\nid = \"t.t\"\nsection = \"system\"\nseverity = \"info\"\ntitle = \"t\"\nwhen = [" + condition + "]\n", "t.toml", db);
    return db.diagnostics.empty() ? std::string() : db.diagnostics.front().Format();
  };
  EXPECT_NE(lint("{ fact = \"wsl.detected\", gt = 1 }").find("operator 'gt' compares numbers, but 'wsl.detected' is of type bool"), std::string::npos);
  EXPECT_NE(lint("{ fact = \"os.id_like\", version_ge = \"6.0\" }").find("compares version strings"), std::string::npos);
  EXPECT_NE(lint("{ fact = \"gpus.gfx_target_version\", eq = \"gfx1030\" }").find("needs a number here"), std::string::npos);
  EXPECT_NE(lint("{ fact = \"wsl.detected\", eq = \"true\" }").find("needs true or false here"), std::string::npos);
  EXPECT_NE(lint("{ fact = \"os.id\", in = [\"debian\", 12] }").find("needs a string here"), std::string::npos);
  EXPECT_NE(lint("{ fact = \"os.id_like\", eq = \"debian\" }").find("compares one value"), std::string::npos);
  EXPECT_NE(lint("{ fact = \"gpu.count\", contains = 1 }").find("looks into a string or an array"), std::string::npos);
  EXPECT_EQ(lint("{ fact = \"os.id_like\", contains = \"debian\" }"), "");
  EXPECT_EQ(lint("{ fact = \"env.HIP_VISIBLE_DEVICES\", gt = 0 }"), "");  // strings may hold numbers
  EXPECT_EQ(lint("{ fact = \"gpu.count\", ge = 2 }"), "");
  EXPECT_NE(lint("{ fact = \"gpus.no_such\", exists = true }").find("unknown fact 'gpus.no_such'"), std::string::npos);
}

TEST(FactCatalog, ARulesDirWithoutACatalogSaysSo) {
  fs::path dir = fs::temp_directory_path() / ("rd-no-catalog-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  RuleDatabase db = LoadRules({dir.string()});
  fs::remove_all(dir);
  ASSERT_FALSE(db.diagnostics.empty());
  EXPECT_NE(db.diagnostics.front().message.find("no fact catalog (facts.toml)"), std::string::npos);
}

TEST(FactCatalog, CheckFromDropsValuesOfTheWrongTypeByTheCatalog) {
  Facts facts;
  facts.Set("smi.devices", nlohmann::json::array({{{"link_speed", "fast"}, {"link_width", 16}}}));
  EXPECT_EQ(DropMistypedFacts(facts, Catalog()), 1u);
  EXPECT_EQ(facts.Get("smi.devices[0].link_speed").state, FactState::Unknown);
  EXPECT_EQ(facts.Get("smi.devices[0].link_width").value->get<int>(), 16);
}

}  // namespace
}  // namespace rd
