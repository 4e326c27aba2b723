// Replay scenarios of the rocm, libraries and toolchain sections (tests/fixtures/lib-*), and
// the non-firing side on the debian13-host scenario (no ROCm there).
#include <gtest/gtest.h>

#include "scenario.h"

namespace rd::testing {
namespace {

TEST(LibraryScenarios, MissingHsaRuntimeIsReportedWithTheLoadersVerdict) {
  Report report = ReplayScenario("lib-missing-hsa");
  auto ids = FindingIds(report);
  EXPECT_TRUE(ids.count("lib.loader-path"));
  EXPECT_FALSE(ids.count("lib.symbol-version-missing"));
  EXPECT_FALSE(ids.count("install.multiple-rocm-versions"));
  EXPECT_EQ(FactText(report, "libs.missing[0].name"), "libhsa-runtime64.so.1");
  EXPECT_EQ(FactText(report, "libs.missing[0].needed_by"), "/opt/rocm/lib/libamdhip64.so.6");
  EXPECT_EQ(FactText(report, "libs.missing_count"), "1");
  // libhsakmt.so.1 resolves through RUNPATH $ORIGIN of the library that needs it.
  EXPECT_EQ(FactText(report, "libs.checked[0].resolved[1].name"), "libhsakmt.so.1");
  EXPECT_EQ(FactText(report, "libs.checked[0].resolved[1].path"), "/opt/rocm/lib/libhsakmt.so.1");
  EXPECT_EQ(FactText(report, "libs.checked[0].resolved[1].via"), "RUNPATH");
  EXPECT_EQ(FactText(report, "libs.checked[0].dlopen_ok"), "false");
  EXPECT_NE(FactText(report, "libs.checked[0].dlopen_error").find("cannot open shared object file"), std::string::npos);
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_version"), "6.2.0");
}

TEST(LibraryScenarios, LibraryNeedingNewerGlibcxxThanTheSystemHas) {
  Report report = ReplayScenario("lib-glibcxx-too-new");
  auto ids = FindingIds(report);
  EXPECT_TRUE(ids.count("lib.symbol-version-missing"));
  EXPECT_FALSE(ids.count("lib.loader-path"));
  EXPECT_EQ(FactText(report, "libs.version_missing[0].version"), "GLIBCXX_3.4.32");
  EXPECT_EQ(FactText(report, "libs.version_missing[0].file"), "libstdc++.so.6");
  EXPECT_EQ(FactText(report, "libs.version_missing[0].file_path"), "/usr/lib/x86_64-linux-gnu/libstdc++.so.6");
}

TEST(LibraryScenarios, TwoRocmVersionsWithOptRocmOnTheOlder) {
  Report report = ReplayScenario("lib-two-rocm");
  auto ids = FindingIds(report);
  EXPECT_TRUE(ids.count("install.multiple-rocm-versions"));
  EXPECT_FALSE(ids.count("lib.multiple-hip-runtimes"));
  EXPECT_EQ(FactText(report, "rocm.install_count"), "2");
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_version"), "5.7.1");
  EXPECT_EQ(FactText(report, "rocm.newest_version"), "6.2.0");
  EXPECT_EQ(FactText(report, "rocm.default_is_older"), "true");
  EXPECT_EQ(FactText(report, "rocm.loader_install"), "/opt/rocm");
  // libamdhip64.so.6 of 6.2.0 is not on the loader path (ld.so.conf names /opt/rocm/lib only).
  EXPECT_EQ(FactText(report, "libs.unreachable[0].name"), "libamdhip64.so.6");
}

TEST(LibraryScenarios, TorchBundlingItsOwnHipRuntime) {
  Report report = ReplayScenario("lib-torch-bundle");
  auto ids = FindingIds(report);
  EXPECT_TRUE(ids.count("lib.multiple-hip-runtimes"));
  EXPECT_FALSE(ids.count("install.multiple-rocm-versions"));
  EXPECT_EQ(FactText(report, "libs.bundled_hip_runtime_count"), "2");
  EXPECT_EQ(FactText(report, "libs.bundled_packages"), "torch");
  EXPECT_EQ(FactText(report, "libs.system_hip_runtime"), "/opt/rocm/lib/libamdhip64.so.6");
}

TEST(LibraryScenarios, NoRocmMeansNoLibraryOrToolchainFinding) {
  Report report = ReplayScenario("debian13-host");
  for (const char* id : {"lib.loader-path", "lib.multiple-hip-runtimes", "install.multiple-rocm-versions",
                         "toolchain.libstdcxx-dev-missing-for-selected-gcc", "build.wrong-offload-targets"}) {
    EXPECT_FALSE(FindingIds(report).count(id)) << id;
  }
  EXPECT_EQ(FactText(report, "rocm.install_count"), "0");
  EXPECT_EQ(FactText(report, "compile.ran"), "false");
}

}  // namespace
}  // namespace rd::testing
