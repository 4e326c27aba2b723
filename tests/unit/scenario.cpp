#include "scenario.h"

#include <optional>

#include <gtest/gtest.h>

#include "cli/check_command.h"
#include "cli/registry.h"
#include "derive/derive.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "system/snapshot_system.h"

namespace rd::testing {

std::string FixturePath(const std::string& scenario) { return std::string(ROCM_DOCTOR_FIXTURES) + "/" + scenario; }

namespace {

// Loaded once per test process: every replay reads the same rules/, and parsing 450+ rules and
// the fact catalog was most of a replay's cost (under ASan most of CI's 30 minutes).
const RuleDatabase& ProjectRules() {
  static const RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  EXPECT_TRUE(db.diagnostics.empty()) << db.diagnostics.front().Format();
  return db;
}

std::optional<Collection> Collect(const std::string& dir) {
  auto snapshot = SnapshotSystem::Load(dir);
  EXPECT_TRUE(snapshot.ok()) << (snapshot.ok() ? "" : snapshot.error().message);
  if (!snapshot) return std::nullopt;
  std::shared_ptr<System> system(std::move(snapshot).value());
  return RunCollectors(system, ProjectRules().data, AllCollectors(), PipelineOptions{});
}

}  // namespace

Report ReplayFolder(const std::string& dir) {
  auto collection = Collect(dir);
  if (!collection) return Report{};
  return EvaluateReport(std::move(collection->facts), std::move(collection->runs), ProjectRules(), {});
}

Facts ReplayFacts(const std::string& dir) {
  auto collection = Collect(dir);
  if (!collection) return Facts{};
  DeriveFacts(collection->facts, ProjectRules().data);
  return std::move(collection->facts);
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
