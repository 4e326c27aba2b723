// GPU coverage of every HIP library (issue 15 items 2-3): the ranged walk of .hip_fatbin
// (collectors/device_code), the consumers found on the replay fixtures written by
// tests/tools/make_coverage_fixtures.py, and the verdicts of the derive stage (derive/coverage).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "collectors/device_code.h"
#include "derive/derive.h"
#include "engine/rule_loader.h"
#include "parsers/offload_bundle.h"
#include "scenario.h"
#include "system/live_system.h"
#include "system/snapshot_system.h"

namespace rd::testing {
namespace {

using json = nlohmann::json;

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const json& Data() {
  static const json data = LoadRules({ROCM_DOCTOR_RULES_DIR}).data;
  return data;
}

DeviceCode ScanIn(const std::string& scenario, const std::string& path) {
  auto snapshot = SnapshotSystem::Load(FixturePath(scenario));
  EXPECT_TRUE(snapshot.ok());
  std::unique_ptr<System> system = std::move(snapshot).value();
  CollectContext context{*system, Data()};
  return ScanDeviceCode(context, path);
}

TEST(OffloadBundleAt, APrefixOfARegionIsEnoughForTheEntryTable) {
  std::string lib = Slurp(FixturePath("bundles") + "/k_multi.o");
  size_t at = FindOffloadBundle(lib);
  ASSERT_NE(at, std::string::npos);
  BundleScan whole = ScanOffloadBundles(lib.substr(at));
  BundleScan scan;
  // 4 KiB of a bundle whose code objects lie beyond: the entries are read, none is "beyond the end".
  uint64_t extent = ScanOffloadBundleAt(std::string_view(lib).substr(at, 4096), lib.size() - at, scan);
  EXPECT_GT(extent, 4096u);
  EXPECT_EQ(BundleGfxList(scan), BundleGfxList(whole));
  EXPECT_TRUE(scan.problems.empty()) << scan.problems.front();
  EXPECT_EQ(ScanOffloadBundleAt("not a bundle", 100, scan), 0u);
}

TEST(OffloadBundleAt, CompressedBundleFromAPrefix) {
  std::string ccob = Slurp(FixturePath("bundles") + "/k_multi.ccob-v2.hipfb");
  BundleScan whole = ScanOffloadBundles(ccob);
  ASSERT_FALSE(BundleGfxList(whole).empty());
  BundleScan scan;
  uint64_t extent = ScanOffloadBundleAt(std::string_view(ccob).substr(0, std::min<size_t>(ccob.size(), 256u << 10)), ccob.size(), scan);
  EXPECT_GT(extent, 0u);
  EXPECT_EQ(BundleGfxList(scan), BundleGfxList(whole));
  EXPECT_EQ(scan.compressed_bundles, 1);
}

std::string Le(uint64_t v, int width) {
  std::string out;
  for (int i = 0; i < width; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  return out;
}

TEST(OffloadBundleAt, HostileHeadersCostNothingAndSayWhy) {
  BundleScan scan;
  // A count far over the limit, a table cut by the prefix, a CCOB claiming more than its region.
  std::string huge = "__CLANG_OFFLOAD_BUNDLE__" + Le(1ull << 40, 8);
  EXPECT_GT(ScanOffloadBundleAt(huge, 1ull << 50, scan), 0u);
  std::string cut = "__CLANG_OFFLOAD_BUNDLE__" + Le(2, 8) + Le(4096, 8) + Le(16, 8) + Le(100, 8) + "hipv4-amdgcn";
  EXPECT_GT(ScanOffloadBundleAt(cut, 1u << 20, scan), 0u);
  std::string ccob = "CCOB" + Le(2, 2) + Le(1, 2) + Le(1u << 30, 4) + Le(100, 4) + Le(0, 8);
  EXPECT_GT(ScanOffloadBundleAt(ccob, 4096, scan), 0u);
  EXPECT_TRUE(scan.entries.empty());
  ASSERT_EQ(scan.problems.size(), 3u);
  EXPECT_NE(scan.problems[0].find("entries (limit"), std::string::npos);
  EXPECT_NE(scan.problems[1].find("truncated"), std::string::npos);
  EXPECT_NE(scan.problems[2].find("bad size"), std::string::npos);
}

TEST(DeviceCode, WalksTheFatbinBundleByBundle) {
  DeviceCode code = ScanIn("fw-ggml-hip-gfx1201", "/usr/lib/x86_64-linux-gnu/ggml/backends0/libggml-hip.so");
  EXPECT_TRUE(code.readable);
  EXPECT_EQ(code.source, "offload bundles");
  EXPECT_EQ(code.bundles, 2);
  EXPECT_EQ(code.gfx, (std::vector<std::string>{"gfx1010", "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx803", "gfx900",
                                                "gfx906", "gfx908", "gfx90a"}));
  EXPECT_TRUE(code.problems.empty());
  EXPECT_LT(code.bytes_read, 16u << 10);  // headers and tables, not the code objects
}

TEST(DeviceCode, RealHipccLibraryAndMissingFiles) {
  // bundles/libk_two.so was built by hipcc; roc-obj-ls lists gfx906 and gfx90a:sramecc+:xnack+
  // (libk_two.so.roc-obj-ls.txt).
  LiveSystem live;
  CollectContext context{live, Data()};
  DeviceCode real = ScanDeviceCode(context, FixturePath("bundles") + "/libk_two.so");
  EXPECT_EQ(real.source, "offload bundles");
  EXPECT_EQ(real.targets, (std::vector<std::string>{"gfx906", "gfx90a:sramecc+:xnack+"}));
  DeviceCode missing = ScanIn("fw-ggml-hip-gfx1201", "/opt/nowhere/libfoo.so");
  EXPECT_FALSE(missing.readable);
  ASSERT_FALSE(missing.problems.empty());
  DeviceCode text = ScanIn("fw-ggml-hip-gfx1201", "/etc/os-release");
  EXPECT_FALSE(text.readable);
  EXPECT_NE(text.problems.front().find("not an ELF file"), std::string::npos);
  DeviceCode host = ScanIn("fw-kpack-torch-gfx1031", "/home/alice/venv/lib/python3.12/site-packages/torch/lib/libtorch_hip.so");
  EXPECT_EQ(host.source, "kpack");
  EXPECT_EQ(host.gfx, (std::vector<std::string>{"gfx1030", "gfx1031", "gfx1032", "gfx1100", "gfx1101"}));
}

// ---- verdicts --------------------------------------------------------------------------------

Facts WithConsumers(const std::string& gfx, const std::string& suggestion, json consumers, const std::string& override_value = "") {
  Facts facts;
  facts.Set("coverage.scanned", true);
  facts.Set("coverage.consumers", std::move(consumers));
  facts.Set("gpus", json::array({{{"gfx", gfx}}}));
  if (!suggestion.empty()) facts.Set("gpus[0].override_suggestion", suggestion);
  facts.Set("env.PATH", "/usr/bin");
  if (!override_value.empty()) facts.Set("env.HSA_OVERRIDE_GFX_VERSION", override_value);
  DeriveCoverage(facts, Data());
  return facts;
}

json Consumer(const char* name, const char* kind, std::vector<std::string> targets, bool readable = true) {
  return {{"name", name}, {"path", std::string("/x/") + name}, {"kind", kind}, {"source", "offload bundles"},
          {"targets", targets}, {"readable", readable}, {"required", true}};
}

std::string At(const Facts& facts, const std::string& path) {
  auto v = facts.Get(path).value;
  return v && v->is_string() ? v->get<std::string>() : v ? v->dump() : "";
}

TEST(CoverageVerdicts, NativeGenericOverrideOnlyNoneUnreadable) {
  Facts f = WithConsumers("gfx1031", "10.3.0",
                          json::array({Consumer("a", "torch", {"gfx1031"}), Consumer("b", "ggml", {"gfx10-3-generic"}),
                                       Consumer("c", "math-lib", {"gfx1030", "gfx1100"}), Consumer("d", "ggml", {"gfx1100"}),
                                       Consumer("e", "user-lib", {}, false)}));
  EXPECT_EQ(At(f, "coverage.verdicts[0].verdict"), "native");
  EXPECT_EQ(At(f, "coverage.verdicts[1].verdict"), "native");  // a generic ISA covers its family
  EXPECT_EQ(At(f, "coverage.verdicts[2].verdict"), "override-only");
  EXPECT_EQ(At(f, "coverage.verdicts[2].override"), "10.3.0");
  EXPECT_EQ(At(f, "coverage.verdicts[3].verdict"), "none");
  EXPECT_NE(At(f, "coverage.verdicts[3].way_out").find("-DGPU_TARGETS=gfx1031"), std::string::npos);
  EXPECT_EQ(At(f, "coverage.verdicts[4].verdict"), "unreadable");
  EXPECT_EQ(At(f, "gpus[0].coverage_judged"), "true");
  EXPECT_EQ(At(f, "gpus[0].coverage_all_native"), "false");
  EXPECT_EQ(At(f, "gpus[0].coverage_override_value"), "10.3.0");
  EXPECT_EQ(At(f, "gpus[0].coverage_override_consumers"), "[\"c\"]");
  EXPECT_EQ(At(f, "gpus[0].coverage_missing"), "[\"d\"]");
}

TEST(CoverageVerdicts, WayOutNamesTheTheRockFamilyOrOnlyTheBuild) {
  Facts f = WithConsumers("gfx1201", "", json::array({Consumer("torch", "torch", {"gfx1100"})}));
  std::string way = At(f, "coverage.verdicts[0].way_out");
  EXPECT_NE(way.find("https://repo.amd.com/rocm/whl/gfx120X-all/"), std::string::npos) << way;
  EXPECT_NE(way.find("PYTORCH_ROCM_ARCH=gfx1201"), std::string::npos) << way;
  EXPECT_EQ(way.find("HSA_OVERRIDE"), std::string::npos) << way;
  Facts old = WithConsumers("gfx803", "", json::array({Consumer("torch", "torch", {"gfx1100"})}));
  way = At(old, "coverage.verdicts[0].way_out");
  EXPECT_EQ(way.find("repo.amd.com"), std::string::npos) << way;  // no TheRock family builds gfx803
  EXPECT_NE(way.find("PYTORCH_ROCM_ARCH=gfx803"), std::string::npos) << way;
}

TEST(CoverageVerdicts, UnderAnOverrideTheOverridesTargetIsWhatLoads) {
  Facts all_native = WithConsumers("gfx1031", "10.3.0", json::array({Consumer("torch", "torch", {"gfx1030", "gfx1031"})}), "10.3.0");
  EXPECT_EQ(At(all_native, "gpus[0].coverage_all_native"), "true");
  EXPECT_EQ(At(all_native, "coverage.verdicts[0].override_target_present"), "true");
  Facts lacking = WithConsumers("gfx1031", "10.3.0", json::array({Consumer("torch", "torch", {"gfx1031"})}), "11.0.0");
  EXPECT_EQ(At(lacking, "coverage.verdicts[0].override_target"), "gfx1100");
  EXPECT_EQ(At(lacking, "coverage.verdicts[0].override_target_present"), "false");
  EXPECT_NE(At(lacking, "coverage.verdicts[0].fix").find("unset HSA_OVERRIDE_GFX_VERSION"), std::string::npos);
  // No scan (triage): nothing judged, the table rules decide.
  Facts triage;
  triage.Set("gpus", json::array({{{"gfx", "gfx1031"}}}));
  DeriveCoverage(triage, Data());
  EXPECT_FALSE(triage.Get("gpus[0].coverage_judged").value);
  EXPECT_FALSE(triage.Get("coverage.verdicts").value);
}

// ---- replays ---------------------------------------------------------------------------------

std::set<std::string> Ids(const Report& r) { return FindingIds(r); }

bool AnyOverrideAdvice(const Report& r) {
  for (const auto& f : r.findings) {
    if (f.fix.find("export HSA_OVERRIDE_GFX_VERSION") != std::string::npos || f.title.find("set HSA_OVERRIDE") != std::string::npos) return true;
  }
  return false;
}

TEST(CoverageScenarios, TheRockNativeGfx1031WithOverrideSaysUnsetIt) {
  Report r = ReplayScenario("fw-therock-gfx1031-override");
  EXPECT_TRUE(Ids(r).count("override.unset-native-everywhere")) << ::testing::PrintToString(Ids(r));
  for (const char* table : {"override.rdna2-on-therock", "env.hsa-override-misuse", "override.needless-same-target", "torch.override-target-not-in-wheel"}) {
    EXPECT_FALSE(Ids(r).count(table)) << table;
  }
  EXPECT_FALSE(AnyOverrideAdvice(r));
  EXPECT_EQ(FactText(r, "coverage.verdicts[0].verdict"), "native");
}

TEST(CoverageScenarios, DebianRocblasOnGfx1100) {
  Report with = ReplayScenario("fw-debian-rocblas-gfx1100");
  EXPECT_EQ(FactText(with, "coverage.consumers[0].name"), "rocBLAS");
  EXPECT_EQ(FactText(with, "coverage.consumers[0].path"), "/usr/lib/x86_64-linux-gnu/rocblas/4.4.1/library");
  EXPECT_EQ(FactText(with, "coverage.consumers[1].path"), "/usr/lib/x86_64-linux-gnu/hipblaslt/library");
  EXPECT_EQ(FactText(with, "coverage.consumers[1].targets"),
            "gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151, gfx1200, gfx1201, gfx908, gfx90a");
  EXPECT_EQ(FactText(with, "frameworks.hipblaslt.dir"), "/usr/lib/x86_64-linux-gnu/hipblaslt/library");
  EXPECT_FALSE(AnyOverrideAdvice(with));
  for (const auto& f : with.findings) EXPECT_NE(f.section, "frameworks") << f.rule_id;
  Report without = ReplayScenario("fw-debian-rocblas-no-gfx1100");
  EXPECT_TRUE(Ids(without).count("coverage.consumer-lacks-gpu"));
  EXPECT_FALSE(Ids(without).count("rocblas.tensile-missing-arch"));  // one cause, one finding
  EXPECT_FALSE(AnyOverrideAdvice(without));
}

TEST(CoverageScenarios, Gfx1201AndDebiansGgmlHip) {
  Report r = ReplayScenario("fw-ggml-hip-gfx1201");
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx1201");
  bool ggml = false;
  for (const auto& f : r.findings) ggml = ggml || f.title.rfind("ggml-hip has no gfx1201 code", 0) == 0;
  EXPECT_TRUE(ggml);
  // ollama's own bundle has gfx1201: judged on its own, no finding.
  bool ollama_native = false;
  for (int i = 0; i < 8; ++i) {
    std::string at = "coverage.verdicts[" + std::to_string(i) + "]";
    if (FactText(r, at + ".consumer") == "ollama's ggml-hip") ollama_native = FactText(r, at + ".verdict") == "native";
  }
  EXPECT_TRUE(ollama_native);
  for (const auto& f : r.findings) EXPECT_EQ(f.title.find("ollama"), std::string::npos) << f.title;
  EXPECT_FALSE(AnyOverrideAdvice(r));
  EXPECT_FALSE(Ids(r).count("rocblas.tensile-missing-arch"));
}

}  // namespace
}  // namespace rd::testing
