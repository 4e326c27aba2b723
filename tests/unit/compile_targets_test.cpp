// Which --offload-arch targets the compile check builds (rules/data/toolchain.toml without a GPU,
// the GPUs' own with them) and `check --no-compile`.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli/check_command.h"
#include "collectors/collectors.h"
#include "core/pipeline.h"
#include "engine/rule_loader.h"
#include "scenario.h"
#include "system/snapshot_system.h"
#include "temp_tree.h"

namespace rd::testing {
namespace {

Report ReplayCompile(const TempTree& tree, bool no_compile) {
  auto snapshot = SnapshotSystem::Load(tree.root());
  EXPECT_TRUE(snapshot.ok());
  if (!snapshot) return {};
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  PipelineOptions options;
  options.no_compile = no_compile;
  Collection collection = RunCollectors(std::shared_ptr<System>(std::move(snapshot).value()), db.data, {CompileCheckCollector()}, options);
  return EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
}

void WithHipcc(const TempTree& tree) {
  tree.Write("env.json", R"({"PATH": "/usr/bin"})");
  tree.Write("files/usr/bin/hipcc", "#!/usr/bin/perl\n");
  std::filesystem::permissions(tree.Path("files/usr/bin/hipcc"), std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                                                  std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                                                  std::filesystem::perms::others_exec);
}

TEST(CompileTargets, NoGpuCompilesTheOneDefaultTarget) {
  TempTree tree;
  WithHipcc(tree);
  Report report = ReplayCompile(tree, false);
  EXPECT_EQ(FactText(report, "compile.targets_source"), "default");
  EXPECT_EQ(FactText(report, "compile.targets"), "gfx90a");
}

TEST(CompileTargets, GpusCompileTheirOwnTargets) {
  TempTree tree;
  WithHipcc(tree);
  tree.Write("files/sys/class/kfd/kfd/topology/nodes/0/properties", "cpu_cores_count 16\ngfx_target_version 0\n");
  tree.Write("files/sys/class/kfd/kfd/topology/nodes/1/properties", "simd_count 220\ngfx_target_version 90010\n");
  tree.Write("files/sys/class/kfd/kfd/topology/nodes/2/properties", "simd_count 80\ngfx_target_version 100300\n");
  tree.Write("files/sys/class/kfd/kfd/topology/nodes/3/properties", "simd_count 220\ngfx_target_version 90010\n");
  Report report = ReplayCompile(tree, false);
  EXPECT_EQ(FactText(report, "compile.targets_source"), "gpu");
  EXPECT_EQ(FactText(report, "compile.targets"), "gfx90a, gfx1030");
}

TEST(CompileTargets, NoCompileMarksCompileFactsAbsent) {
  TempTree tree;
  WithHipcc(tree);
  Report report = ReplayCompile(tree, true);
  auto lookup = report.facts.Get("compile.ok");
  EXPECT_EQ(lookup.state, FactState::Unknown);
  EXPECT_EQ(lookup.reason, "skipped (--no-compile)");
  EXPECT_EQ(FactText(report, "compile.targets"), "");
}

}  // namespace
}  // namespace rd::testing
