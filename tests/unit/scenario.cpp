#include "scenario.h"

#include <gtest/gtest.h>

#include "cli/check_command.h"
#include "cli/registry.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "system/snapshot_system.h"

namespace rd::testing {

std::string FixturePath(const std::string& scenario) { return std::string(ROCM_DOCTOR_FIXTURES) + "/" + scenario; }

Report ReplayFolder(const std::string& dir) {
  auto snapshot = SnapshotSystem::Load(dir);
  EXPECT_TRUE(snapshot.ok()) << (snapshot.ok() ? "" : snapshot.error().message);
  if (!snapshot) return Report{};
  // Loaded once per test process: every replay reads the same rules/, and parsing 450+ rules and
  // the fact catalog was most of a replay's cost (under ASan most of CI's 30 minutes).
  static const RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  EXPECT_TRUE(db.diagnostics.empty()) << db.diagnostics.front().Format();
  std::shared_ptr<System> system(std::move(snapshot).value());
  Collection collection = RunCollectors(system, db.data, AllCollectors(), PipelineOptions{});
  return EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
}

Report ReplayScenario(const std::string& scenario) { return ReplayFolder(FixturePath(scenario)); }

std::set<std::string> FindingIds(const Report& report) {
  std::set<std::string> ids;
  for (const auto& f : report.findings) ids.insert(f.rule_id);
  return ids;
}

std::string FactText(const Report& report, const std::string& path) {
  auto lookup = report.facts.Get(path);
  return lookup.value ? FactValueText(*lookup.value) : "";
}

}  // namespace rd::testing
