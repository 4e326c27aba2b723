// Pure parsers of the frameworks section: torch/version.py, collect_env, gfx names, runtime logs,
// and the triage kinds built on them.
#include <gtest/gtest.h>

#include "test_catalog.h"

#include <fstream>
#include <sstream>

#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "parsers/collect_env.h"
#include "parsers/gfx_names.h"
#include "parsers/runtime_error_log.h"
#include "parsers/torch_version_py.h"
#include "scenario.h"
#include "triage/triage.h"

namespace rd {
namespace {

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(TorchVersionPy, DebianCpuBuild) {
  auto v = ParseTorchVersionPy(Slurp(testing::FixturePath("fw-cpu-torch-gfx90a/files/usr/lib/python3/dist-packages/torch/version.py")));
  EXPECT_EQ(v.version.value_or(""), "1.13.0a0");
  EXPECT_FALSE(v.hip);
  EXPECT_FALSE(v.cuda);
  EXPECT_EQ(TorchBuildKind(v), "cpu");
}

TEST(TorchVersionPy, CudaWheelFromTheH200) {
  auto v = ParseTorchVersionPy(Slurp(std::string(ROCM_DOCTOR_SOURCE_DIR) + "/bench/results/h200_torch_version.py"));
  EXPECT_EQ(v.version.value_or(""), "2.11.0+cu130");
  EXPECT_EQ(v.cuda.value_or(""), "13.0");
  EXPECT_EQ(TorchBuildKind(v), "cuda");
}

TEST(TorchVersionPy, RocmAndGarbage) {
  auto v = ParseTorchVersionPy("__version__ = '2.5.1+rocm6.2'\nhip: Optional[str] = '6.2.41133-dd7f95766'\ncuda = None\n");
  EXPECT_EQ(TorchBuildKind(v), "rocm");
  EXPECT_EQ(v.hip.value_or(""), "6.2.41133-dd7f95766");
  auto junk = ParseTorchVersionPy(std::string("\x7f" "ELF\0\0\x01 = = '\n__version__ = get()", 30));
  EXPECT_TRUE(junk.saw_version_line);
  EXPECT_FALSE(junk.version);
}

TEST(CollectEnv, RocmPartialPaste) {
  auto env = ParseCollectEnv(Slurp(testing::FixturePath("triage/collect_env_rocm_mi300x.txt")));
  EXPECT_EQ(env.torch_version.value_or(""), "2.7.0a0+git295f2ed");
  EXPECT_EQ(env.rocm_build.value_or(""), "6.3.42133-1b9c17779");
  EXPECT_FALSE(env.cuda_build);
  ASSERT_EQ(env.gpus.size(), 1u);
  EXPECT_EQ(env.gpus[0].name, "AMD Instinct MI300X");
  EXPECT_EQ(env.gpus[0].isa, "gfx942:sramecc+:xnack-");
}

TEST(CollectEnv, CudaFromTheH200) {
  auto env = ParseCollectEnv(Slurp(testing::FixturePath("triage/collect_env_cuda_h200.txt")));
  EXPECT_EQ(env.cuda_build.value_or(""), "13.0");
  EXPECT_FALSE(env.rocm_build);
  EXPECT_TRUE(env.cuda_available.value_or(false));
  ASSERT_EQ(env.gpus.size(), 1u);
  EXPECT_EQ(env.gpus[0].name, "NVIDIA H200");
  EXPECT_TRUE(env.gpus[0].isa.empty());
}

TEST(GfxNames, FileNamesAndOverrides) {
  EXPECT_EQ(ExtractGfx("TensileLibrary_lazy_gfx1030.dat").value_or(""), "gfx1030");
  EXPECT_EQ(ExtractGfx("gfx90a68.kdb").value_or(""), "gfx90a");
  EXPECT_EQ(ExtractGfx("gfx1030_36.kdb").value_or(""), "gfx1030");
  EXPECT_EQ(ExtractGfx("Kernels.so-000-gfx942.hsaco").value_or(""), "gfx942");
  EXPECT_FALSE(ExtractGfx("TensileLibrary.dat"));
  EXPECT_EQ(GfxFromOverride("10.3.0").value_or(""), "gfx1030");
  EXPECT_EQ(GfxFromOverride("9.0.10").value_or(""), "gfx90a");
  EXPECT_EQ(GfxFromOverride("11.0.0").value_or(""), "gfx1100");
  EXPECT_FALSE(GfxFromOverride("gfx1030"));
  EXPECT_FALSE(GfxFromOverride("10.3"));
}

TEST(RuntimeErrorLog, RecognisesEachError) {
  auto log = ParseRuntimeErrorLog(
      "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such file or directory for GPU arch : gfx1036\n"
      "\"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\"\nAborted (core dumped)\n"
      ":1:hip_code_object.cpp:616 : Missing CO for these ISAs - amdgcn-amd-amdhsa--gfx90a:xnack+\n");
  EXPECT_TRUE(log.tensile_missing);
  EXPECT_EQ(log.tensile_arch, "gfx1036");
  EXPECT_TRUE(log.no_binary_for_gpu);
  EXPECT_FALSE(log.invalid_device_function);
  EXPECT_EQ(log.missing_isas, (std::vector<std::string>{"gfx90a:xnack+"}));
  EXPECT_TRUE(log.xnack_mentioned);
  auto ollama = ParseRuntimeErrorLog(
      "level=WARN source=amd_linux.go:116 msg=\"amdgpu [0] gfx1103 is not supported by /tmp/ollama123/rocm [gfx1030 gfx1100 gfx1101 gfx1102 gfx900 gfx906 gfx908 gfx90a gfx940 gfx941 gfx942]\"\n");
  EXPECT_EQ(ollama.ollama_unsupported, (std::vector<std::string>{"gfx1103"}));
  EXPECT_FALSE(LooksLikeRuntimeErrorLog("all fine\n"));
}

std::set<std::string> TriageIds(const std::string& text) {
  auto pieces = SplitPaste(text, "test");
  Facts facts = TriageFacts(pieces);
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  std::set<std::string> ids;
  for (const auto& f : EvaluateRules(db, facts, {}).findings) ids.insert(f.rule_id);
  return ids;
}

TEST(FrameworksTriage, LogsFireRuntimeRules) {
  EXPECT_EQ(TriageIds("RuntimeError: HIP error: invalid device function\nHIP kernel errors might be asynchronously reported\n"),
            (std::set<std::string>{"runtime.invalid-device-function"}));
  EXPECT_EQ(TriageIds("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU arch : gfx1031\n"),
            (std::set<std::string>{"rocblas.tensile-missing-arch-log"}));
  EXPECT_EQ(TriageIds("hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\n"),
            (std::set<std::string>{"runtime.no-binary-for-gpu"}));
  EXPECT_EQ(TriageIds(":1:hip_code_object.cpp:616 : Missing CO for these ISAs - amdgcn-amd-amdhsa--gfx90a:xnack+\n"),
            (std::set<std::string>{"runtime.xnack-mismatch"}));
  EXPECT_TRUE(TriageIds("Traceback (most recent call last):\n  File \"x.py\"\nValueError: nope\n").empty());
}

TEST(FrameworksTriage, CollectEnvOfCudaBuildOnAmdGpuIsWrongWheel) {
  std::string paste = "PyTorch version: 2.1.0+cu121\nIs debug build: False\nCUDA used to build PyTorch: 12.1\n"
                      "ROCM used to build PyTorch: N/A\nIs CUDA available: False\n";
  // No GPU line: nothing says there is an AMD GPU, so the rule is not evaluated, not fired.
  EXPECT_TRUE(TriageIds(paste).empty());
  EXPECT_TRUE(TriageIds(Slurp(testing::FixturePath("triage/collect_env_rocm_mi300x.txt"))).empty());
}

TEST(InFactOperator, ValueInAnotherFactsList) {
  RuleDatabase db = CatalogOnly();
  LoadRuleText(R"([[rule]]
id = "t.in"
section = "frameworks"
severity = "error"
for_each = "gpus"
when = [ { fact = "gpus.gfx", not_in_fact = "frameworks.torch.gfx_targets" } ]
title = "{gpus.gfx} missing"
)", "t.toml", db);
  ASSERT_TRUE(db.diagnostics.empty()) << db.diagnostics.front().Format();
  Facts facts;
  facts.Set("gpus", nlohmann::json::array({{{"gfx", "gfx1031"}}, {{"gfx", "gfx90a"}}}));
  facts.Set("frameworks.torch.gfx_targets", nlohmann::json::array({"gfx90a", "gfx1030"}));
  auto eval = EvaluateRules(db, facts, {});
  ASSERT_EQ(eval.findings.size(), 1u);
  EXPECT_EQ(eval.findings[0].title, "gfx1031 missing");
  Facts no_list;  // the list's collector ran, the list is not there: false, not unknown
  no_list.Set("gpus", nlohmann::json::array({{{"gfx", "gfx1031"}}}));
  no_list.Set("frameworks.torch.build", "cpu");
  EXPECT_TRUE(EvaluateRules(db, no_list, {}).findings.empty());
  EXPECT_TRUE(EvaluateRules(db, no_list, {}).not_evaluated.empty());
  Facts unknown;
  unknown.Set("gpus", nlohmann::json::array({{{"gfx", "gfx1031"}}}));
  unknown.MarkAbsent("frameworks.torch.gfx_targets", "libtorch_hip.so: permission denied");
  EXPECT_EQ(EvaluateRules(db, unknown, {}).not_evaluated.size(), 1u);
}

}  // namespace
}  // namespace rd
