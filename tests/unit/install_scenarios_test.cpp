// Replay scenarios of the ROCm installs section for the 2026 layouts (issue 15):
// tests/fixtures/install-* written by tests/tools/make_install_fixtures.py.
#include <gtest/gtest.h>

#include "scenario.h"

namespace rd::testing {
namespace {

TEST(InstallScenarios, CoreSdkRootUnderTheOptRocmUmbrella) {
  Report report = ReplayScenario("install-coresdk-10.1");
  EXPECT_EQ(FactText(report, "rocm.install_count"), "1");
  EXPECT_EQ(FactText(report, "rocm.installs[0].path"), "/opt/rocm/core-10.1");
  EXPECT_EQ(FactText(report, "rocm.installs[0].kind"), "core-sdk");
  EXPECT_EQ(FactText(report, "rocm.installs[0].version"), "10.1.0");
  EXPECT_EQ(FactText(report, "rocm.installs[0].therock"), "true");
  EXPECT_EQ(FactText(report, "rocm.installs[0].amdgpu_targets"), "gfx942");
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_layout"), "core-sdk");
  // update-alternatives: /opt/rocm/bin -> /etc/alternatives/rocm-bin -> /opt/rocm/core-10.1/bin
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_bin_target"), "/opt/rocm/core-10.1/bin");
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_lib_target"), "/opt/rocm/core-10.1/lib");
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_version"), "10.1.0");
  EXPECT_EQ(FactText(report, "rocm.release"), "10.1.0");
  EXPECT_EQ(FactText(report, "rocm.packages[0].name"), "amdrocm-base");
  EXPECT_EQ(FactText(report, "rocm.packages[7].name"), "amdrocm-core-sdk10.1-gfx94x");
  EXPECT_FALSE(FindingIds(report).count("install.multiple-rocm-versions"));
}

// The same Core SDK from AMD's RPM repository: the rpm database is SQLite, read through a recorded
// `rpm -qa --qf` (issue 15 item 1: packages from dpkg and rpm databases).
TEST(InstallScenarios, CoreSdkPackagesFromTheRpmDatabase) {
  Report report = ReplayScenario("install-coresdk-10.1-rhel");
  EXPECT_EQ(FactText(report, "rocm.installs[0].kind"), "core-sdk");
  EXPECT_EQ(FactText(report, "rocm.release"), "10.1.0");
  EXPECT_EQ(FactText(report, "rocm.packages_source"), "rpm");
  EXPECT_EQ(FactText(report, "rocm.packages[0].name"), "amdrocm-base");
  EXPECT_EQ(FactText(report, "rocm.packages[0].version"), "10.1.0-1.el9");
  EXPECT_EQ(FactText(report, "rocm.packages[3].name"), "amdrocm-runtime");
  EXPECT_EQ(FactText(report, "rocm.packages[4].name"), "");  // bash, glibc and gpg-pubkey are not ROCm's
}

TEST(InstallScenarios, TheRockWheelsInAVenv) {
  Report report = ReplayScenario("install-therock-wheels");
  EXPECT_EQ(FactText(report, "rocm.install_count"), "1");
  EXPECT_EQ(FactText(report, "rocm.installs[0].kind"), "wheel");
  EXPECT_EQ(FactText(report, "rocm.installs[0].path"), "/home/alice/venv/lib/python3.12/site-packages/_rocm_sdk_core");
  EXPECT_EQ(FactText(report, "rocm.installs[0].version"), "7.14.0");
  EXPECT_EQ(FactText(report, "rocm.installs[0].device_families[0]"), "gfx110x_all");
  EXPECT_EQ(FactText(report, "rocm.installs[0].amdgpu_targets"), "gfx1100;gfx1101;gfx1102;gfx1103");
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_layout"), "absent");
  EXPECT_EQ(FactText(report, "rocm.release"), "7.14.0");
}

TEST(InstallScenarios, TarballReachedThroughRocmPathPathAndLdLibraryPath) {
  Report report = ReplayScenario("install-therock-tarball");
  EXPECT_EQ(FactText(report, "rocm.install_count"), "1");
  EXPECT_EQ(FactText(report, "rocm.installs[0].kind"), "tarball");
  EXPECT_EQ(FactText(report, "rocm.installs[0].version"), "10.1.0");
  EXPECT_EQ(FactText(report, "rocm.installs[0].sources"), "ROCM_PATH, PATH, LD_LIBRARY_PATH");
  EXPECT_EQ(FactText(report, "rocm.loader_install"), "/home/alice/therock-10.1");
  EXPECT_EQ(FactText(report, "rocm.loader_hip_library"), "/home/alice/therock-10.1/lib/libamdhip64.so.7");
  EXPECT_EQ(FactText(report, "libs.missing_count"), "0");
}

// The older layouts keep their kinds.
TEST(InstallScenarios, LegacyRootsAreLegacy) {
  Report report = ReplayScenario("lib-two-rocm");
  EXPECT_EQ(FactText(report, "rocm.installs[0].kind"), "legacy");
  EXPECT_EQ(FactText(report, "rocm.installs[1].kind"), "legacy");
  EXPECT_EQ(FactText(report, "rocm.opt_rocm_layout"), "legacy");
}

}  // namespace
}  // namespace rd::testing
