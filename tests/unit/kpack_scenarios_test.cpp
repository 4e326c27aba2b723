// Replays of kpack-split libraries (issue 15), fixtures written by tests/tools/make_kpack.py: the
// device code is in .kpack archives beside the host library, which an ELF-only scan reads as "no
// kernels". The report must list the archives' targets and judge the GPU by them.
#include <gtest/gtest.h>

#include "cli/check_command.h"
#include "cli/registry.h"
#include "core/pipeline.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "scenario.h"
#include "system/snapshot_system.h"

namespace rd::testing {
namespace {

Report Replay(const std::string& scenario, const std::string& gfx) {
  auto snapshot = SnapshotSystem::Load(FixturePath(scenario));
  EXPECT_TRUE(snapshot.ok());
  if (!snapshot) return Report{};
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  std::shared_ptr<System> system(std::move(snapshot).value());
  Collection collection = RunCollectors(system, db.data, AllCollectors(), PipelineOptions{});
  auto collected = collection.facts.Get("gpus[0].gfx");
  if (!collected.value || *collected.value != gfx) collection.facts.Set("gpus[0].gfx", gfx, {"test: GPU swapped in", ""});
  return EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
}

std::set<std::string> FrameworkIds(const Report& report) {
  std::set<std::string> ids;
  for (const auto& f : report.findings) {
    if (f.section == "frameworks") ids.insert(f.rule_id);
  }
  return ids;
}

TEST(KpackScenarios, SplitRocblasListsTheArchiveTargets) {
  Report report = Replay("fw-kpack-rocblas-gfx1100", "gfx1100");
  EXPECT_EQ(FactText(report, "frameworks.rocblas.kpack.host_lib"), "/opt/rocm/lib/librocblas.so.5");
  EXPECT_EQ(FactText(report, "frameworks.rocblas.kpack.gfx_targets"), "gfx1100, gfx1101, gfx1102, gfx942");
  EXPECT_EQ(FactText(report, "frameworks.rocblas.kpack.archives"),
            "/opt/rocm/.kpack/blas_lib_gfx1100.kpack, /opt/rocm/.kpack/blas_lib_gfx1101.kpack, "
            "/opt/rocm/.kpack/blas_lib_gfx1102.kpack, /opt/rocm/.kpack/blas_lib_gfx942.kpack");
  EXPECT_EQ(FactText(report, "frameworks.rocblas.kpack.problems"), "");
  EXPECT_TRUE(FrameworkIds(report).empty());
  // gfx1030 is in none of the archives (and there is no Tensile directory to say otherwise).
  Report rdna2 = Replay("fw-kpack-rocblas-gfx1100", "gfx1030");
  EXPECT_EQ(FrameworkIds(rdna2), (std::set<std::string>{"coverage.consumer-lacks-gpu"}));
  EXPECT_EQ(FactText(rdna2, "coverage.verdicts[0].source"), "kpack");
}

TEST(KpackScenarios, UnsplitLibrariesGetNoKpackFacts) {
  Report report = Replay("fw-rocblas-gfx1036", "gfx1036");
  EXPECT_EQ(FactText(report, "frameworks.rocblas.kpack.host_lib"), "");
  Report torch = Replay("fw-rocm-wheel-gfx1031", "gfx1031");
  EXPECT_EQ(FactText(torch, "frameworks.torch.device_code"), "offload bundles");
  EXPECT_EQ(FactText(torch, "frameworks.torch.kpack.host_lib"), "");
}

TEST(KpackScenarios, SplitTorchIsJudgedByItsArchives) {
  // The same venv as fw-rocm-wheel-gfx1031 (whose bundles lack gfx1031: torch.arch-needs-override),
  // but TheRock-style: gfx1031 is in the archives, so no arch finding and no "device code elsewhere".
  Report report = Replay("fw-kpack-torch-gfx1031", "gfx1031");
  EXPECT_EQ(FactText(report, "frameworks.torch.device_code"), "kpack");
  EXPECT_EQ(FactText(report, "frameworks.torch.gfx_targets"), "gfx1030, gfx1031, gfx1032, gfx1100, gfx1101");
  EXPECT_EQ(FactText(report, "frameworks.torch.kpack.problems"), "");
  EXPECT_EQ(FactText(report, "coverage.verdicts[0].consumer"), "torch");
  EXPECT_EQ(FactText(report, "coverage.verdicts[0].verdict"), "native");
  // The rocBLAS copied into torch/lib from the ROCm 6.2 wheel still lacks gfx1031: that one, and
  // only that one, needs the override.
  EXPECT_EQ(FrameworkIds(report), (std::set<std::string>{"coverage.needs-override"}));
  EXPECT_EQ(FactText(report, "gpus[0].coverage_override_consumers"), "torch's rocBLAS");
  // A GPU the archives lack is judged by them too.
  Report other = Replay("fw-kpack-torch-gfx1031", "gfx1010");
  EXPECT_EQ(FrameworkIds(other), (std::set<std::string>{"coverage.consumer-lacks-gpu"}));
}

}  // namespace
}  // namespace rd::testing
