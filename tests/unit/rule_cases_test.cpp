// The data-driven rule cases of tests/rules/cases/*.toml: each rule fires on the case it is
// about and stays quiet on its neighbour, through the same route as check and triage (derive
// stage included). Read at run time, so adding a case needs no rebuild (tests/rules/README.md).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <toml++/toml.h>

#include "derive/derive.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "engine/toml_json.h"
#include "triage/triage.h"

namespace rd {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// ROCM_DOCTOR_RULE_TESTS / ROCM_DOCTOR_RULES point a built test binary at another checkout's
// cases and rules (a worktree that only changes data needs no build of its own).
fs::path FromEnvOr(const char* name, const fs::path& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? fs::path(v) : fallback;
}
const fs::path kRulesTests = FromEnvOr("ROCM_DOCTOR_RULE_TESTS", fs::path(ROCM_DOCTOR_FIXTURES) / ".." / "rules");

struct RuleCase {
  std::string where;  ///< file:index, for messages
  std::string rule, expect, source, paste;
  json facts = json::object();
  std::vector<std::string> fix_contains;  ///< literals the firing rule's fix must contain
  bool has_paste = false;
};

std::vector<RuleCase> LoadCases(std::vector<std::string>& problems) {
  std::vector<RuleCase> cases;
  if (!fs::exists(kRulesTests / "cases")) return cases;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kRulesTests / "cases")) {
    if (entry.path().extension() == ".toml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    toml::parse_result parsed = toml::parse_file(file.string());
    if (!parsed) {
      problems.push_back(file.filename().string() + ":" + std::to_string(parsed.error().source().begin.line) + ": " +
                         std::string(parsed.error().description()));
      continue;
    }
    json doc = TomlToJson(parsed.table());
    size_t i = 0;
    for (const auto& c : doc.value("case", json::array())) {
      RuleCase rc;
      rc.where = file.filename().string() + " case " + std::to_string(i++) + " (" + c.value("rule", "?") + ")";
      rc.rule = c.value("rule", "");
      rc.expect = c.value("expect", "");
      rc.source = c.value("source", "");
      if (c.contains("paste")) {
        rc.paste = c.value("paste", "");
        rc.has_paste = true;
      }
      rc.facts = c.value("facts", json::object());
      for (const auto& literal : c.value("fix_contains", json::array())) {
        if (literal.is_string()) rc.fix_contains.push_back(literal.get<std::string>());
      }
      // A misspelt key would make a case that cannot fail.
      for (const auto& [key, value] : c.items()) {
        static const std::set<std::string> kKeys = {"rule", "expect", "source", "paste", "facts", "fix_contains"};
        if (!kKeys.count(key)) problems.push_back(rc.where + ": unknown key '" + key + "'");
      }
      cases.push_back(std::move(rc));
    }
  }
  return cases;
}

const RuleDatabase& Db() {
  static const RuleDatabase db = LoadRules({FromEnvOr("ROCM_DOCTOR_RULES", ROCM_DOCTOR_RULES_DIR).string()});
  return db;
}

Facts BaseFacts() {
  std::ifstream in(kRulesTests / "base.json");
  json base = json::parse(in);
  Facts facts;
  for (const auto& [path, value] : base.items()) facts.Set(path, value);
  return facts;
}

// The facts a case produces, through the route `check` or `triage` would take.
Facts CaseFacts(const RuleCase& c) {
  Facts facts;
  if (c.has_paste) {
    auto pieces = SplitPaste(c.paste, "case.txt");
    facts = TriageFacts(pieces, &Db().data);
  } else {
    facts = BaseFacts();
    json tree = facts.tree();
    for (const auto& [path, value] : c.facts.items()) {
      if (value.is_string() && value.get<std::string>() == "<absent>") {
        // Remove: rebuild without it (Facts has no erase; a case is small).
        json flat = tree.flatten();
        std::string pointer = "/" + path;
        std::string converted;
        for (char ch : pointer) {
          if (ch == '.' || ch == '[') converted += '/';
          else if (ch != ']') converted += ch;
        }
        pointer = converted;
        flat.erase(pointer);
        tree = flat.unflatten();
      } else {
        Facts tmp = Facts::FromParts(tree, {}, {});
        tmp.Set(path, value);
        tree = tmp.tree();
      }
    }
    facts = Facts::FromParts(tree, {}, {});
  }
  DeriveFacts(facts, Db().data);
  return facts;
}

bool Fires(const RuleCase& c, std::string& findings, std::string& fix) {
  Facts facts = CaseFacts(c);
  auto eval = EvaluateRules(Db(), facts, {});
  bool fired = false;
  for (const auto& f : eval.findings) {
    findings += f.rule_id + " ";
    if (f.rule_id == c.rule) fix += f.fix + "\n";
    fired = fired || f.rule_id == c.rule;
  }
  return fired;
}

TEST(RuleCases, EveryCaseHolds) {
  std::vector<std::string> problems;
  auto cases = LoadCases(problems);
  for (const auto& p : problems) ADD_FAILURE() << p;
  for (const auto& c : cases) {
    std::string findings, fix;
    bool fired = Fires(c, findings, fix);
    for (const auto& literal : c.fix_contains) {
      EXPECT_NE(fix.find(literal), std::string::npos) << c.where << ": fix lacks '" << literal << "':\n" << fix;
    }
    if (c.expect == "fires") EXPECT_TRUE(fired) << c.where << " should fire; findings: " << findings;
    else if (c.expect == "quiet") EXPECT_FALSE(fired) << c.where << " should stay quiet";
    else ADD_FAILURE() << c.where << ": expect must be fires or quiet, not '" << c.expect << "'";
  }
}

TEST(RuleCases, CasesNameRulesAndCiteATicket) {
  std::vector<std::string> problems;
  auto cases = LoadCases(problems);
  std::set<std::string> ids;
  for (const auto& r : Db().rules) ids.insert(r.id);
  for (const auto& c : cases) {
    EXPECT_TRUE(ids.count(c.rule)) << c.where << ": no rule '" << c.rule << "'";
    EXPECT_EQ(c.source.rfind("https://", 0), 0u) << c.where << ": source must be the URL the text came from";
    EXPECT_TRUE(c.has_paste || !c.facts.empty()) << c.where << ": needs paste or facts";
  }
}

TEST(RuleCases, EveryRuleHasAFiringAndAQuietCase) {
  std::vector<std::string> problems;
  auto cases = LoadCases(problems);
  std::set<std::string> elsewhere;
  std::ifstream list(kRulesTests / "covered_elsewhere.txt");
  for (std::string line; std::getline(list, line);) {
    if (!line.empty() && line[0] != '#') elsewhere.insert(line);
  }
  std::set<std::string> fires, quiet;
  for (const auto& c : cases) (c.expect == "fires" ? fires : quiet).insert(c.rule);
  for (const auto& r : Db().rules) {
    if (elsewhere.count(r.id)) continue;
    EXPECT_TRUE(fires.count(r.id)) << r.id << " (" << r.file << ":" << r.line << ") has no 'fires' case in tests/rules/cases";
    EXPECT_TRUE(quiet.count(r.id)) << r.id << " (" << r.file << ":" << r.line << ") has no 'quiet' case in tests/rules/cases";
  }
}

}  // namespace
}  // namespace rd
