// Replay scenarios of the frameworks section (tests/fixtures/fw-*). Their KFD trees are complete for
// the GPU collector (issue 3); until it is merged the tests add the gpus facts it will produce.
#include <gtest/gtest.h>

#include "cli/check_command.h"
#include "cli/registry.h"
#include "collectors/collectors.h"
#include "core/pipeline.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "scenario.h"
#include "system/snapshot_system.h"

namespace rd::testing {
namespace {

Report ReplayWithGpu(const std::string& scenario, const std::string& gfx) {
  auto snapshot = SnapshotSystem::Load(FixturePath(scenario));
  EXPECT_TRUE(snapshot.ok());
  if (!snapshot) return Report{};
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  EXPECT_TRUE(db.diagnostics.empty()) << db.diagnostics.front().Format();
  std::shared_ptr<System> system(std::move(snapshot).value());
  Collection collection = RunCollectors(system, db.data, AllCollectors(), PipelineOptions{});
  // The GPU collector reads the fixture's KFD tree; a test may swap in another gfx to try the
  // same wheel on another GPU.
  auto collected = collection.facts.Get("gpus[0].gfx");
  if (!collected.value || *collected.value != gfx) {
    collection.facts.Set("gpus[0].gfx", gfx, {"test: GPU swapped in for this case", ""});
  }
  return EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
}

std::set<std::string> FrameworkIds(const Report& report) {
  std::set<std::string> ids;
  for (const auto& f : report.findings) {
    if (f.section == "frameworks") ids.insert(f.rule_id);
  }
  return ids;
}

TEST(FrameworksScenarios, DebianCpuTorchOnGfx90aIsWrongWheel) {
  Report report = ReplayWithGpu("fw-cpu-torch-gfx90a", "gfx90a");
  EXPECT_EQ(FactText(report, "frameworks.torch.build"), "cpu");
  EXPECT_EQ(FactText(report, "frameworks.torch.version"), "1.13.0a0");
  EXPECT_EQ(FactText(report, "frameworks.torch.dir"), "/usr/lib/python3/dist-packages/torch");
  EXPECT_EQ(FrameworkIds(report), (std::set<std::string>{"torch.wrong-wheel"}));
  for (const auto& f : report.findings) {
    if (f.rule_id == "torch.wrong-wheel") EXPECT_NE(f.fix.find("--index-url https://download.pytorch.org/whl/rocm"), std::string::npos);
  }
}

TEST(FrameworksScenarios, CudaWheelOnMi210IsWrongWheel) {
  Report report = ReplayWithGpu("fw-cuda-wheel-mi210", "gfx90a");
  EXPECT_EQ(FactText(report, "frameworks.torch.build"), "cuda");
  EXPECT_EQ(FactText(report, "frameworks.torch.cuda"), "12.4");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].origin"), "VIRTUAL_ENV");
  EXPECT_EQ(FrameworkIds(report), (std::set<std::string>{"torch.wrong-wheel"}));
}

TEST(FrameworksScenarios, RocmWheelWithoutGfx1031NeedsOverride) {
  Report report = ReplayWithGpu("fw-rocm-wheel-gfx1031", "gfx1031");
  EXPECT_EQ(FactText(report, "frameworks.torch.build"), "rocm");
  EXPECT_EQ(FactText(report, "frameworks.torch.gfx_targets"), "gfx1030, gfx900, gfx906, gfx90a");
  // Judged from the artifacts (issue 15): torch and its bundled rocBLAS have gfx1030 code only.
  EXPECT_EQ(FrameworkIds(report), (std::set<std::string>{"coverage.needs-override"}));
  EXPECT_EQ(FactText(report, "gpus[0].coverage_override_consumers"), "torch, torch's rocBLAS");
  EXPECT_EQ(FactText(report, "gpus[0].coverage_override_value"), "10.3.0");
}

TEST(FrameworksScenarios, RocmWheelWithoutGfx1031WithOverrideIsFine) {
  Report report = ReplayWithGpu("fw-rocm-wheel-gfx1031-override", "gfx1031");
  EXPECT_EQ(FactText(report, "frameworks.override_gfx"), "gfx1030");
  EXPECT_TRUE(FrameworkIds(report).empty());
}

TEST(FrameworksScenarios, WheelLackingTheGpuAndTheOverrideTarget) {
  // Same wheel, a gfx1010 (RX 5700 XT): no same-ISA target in the wheel, no override helps.
  Report report = ReplayWithGpu("fw-rocm-wheel-gfx1031", "gfx1010");
  EXPECT_EQ(FrameworkIds(report), (std::set<std::string>{"coverage.consumer-lacks-gpu"}));
  for (const auto& f : report.findings) EXPECT_EQ(f.fix.find("HSA_OVERRIDE_GFX_VERSION"), std::string::npos) << f.rule_id;
}

TEST(FrameworksScenarios, RocblasWithoutGfx1036) {
  Report report = ReplayWithGpu("fw-rocblas-gfx1036", "gfx1036");
  EXPECT_EQ(FactText(report, "frameworks.rocblas.dir"), "/opt/rocm/lib/rocblas/library");
  // rocBLAS has gfx1030's Tensile files, the same ISA: the override, from the files themselves.
  EXPECT_EQ(FrameworkIds(report), (std::set<std::string>{"coverage.needs-override"}));
  EXPECT_EQ(FactText(report, "gpus[0].coverage_override_consumers"), "rocBLAS");
  Report fine = ReplayWithGpu("fw-rocblas-gfx1036", "gfx90a");
  EXPECT_TRUE(FrameworkIds(fine).empty());
}

}  // namespace
}  // namespace rd::testing
