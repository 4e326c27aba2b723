// `hipconfig --full` pasted into a ticket (ROCm/HIP#3310: HIP for NVIDIA, hipcc not on PATH).
#include <gtest/gtest.h>

#include "parsers/hipconfig_full.h"
#include "triage_helpers.h"

namespace rd {
namespace {

const char* kNvidiaFull =
    "/opt/rocm/bin/hipconfig --full - This command gives :\n"
    "HIP version  : 5.5.30202-23639ff0\n"
    "\n"
    "== hipconfig\n"
    "HIP_PATH     : /opt/rocm-5.5.3\n"
    "ROCM_PATH    : /opt/rocm\n"
    "HIP_COMPILER : nvcc\n"
    "HIP_PLATFORM : nvidia\n"
    "HIP_RUNTIME  : cuda\n"
    "CPP_CONFIG   :  -D__HIP_PLATFORM_NVCC__= -D__HIP_PLATFORM_NVIDIA__= -I/opt/rocm-5.5.3/include\n";

TEST(HipconfigFull, ParsesEveryFieldWithItsLine) {
  ASSERT_TRUE(LooksLikeHipconfigFull(kNvidiaFull));
  HipconfigFull h = ParseHipconfigFull(kNvidiaFull);
  EXPECT_EQ(h.version.value, "5.5.30202-23639ff0");
  EXPECT_EQ(h.version.line, 1u);
  EXPECT_EQ(h.hip_path.value, "/opt/rocm-5.5.3");
  EXPECT_EQ(h.rocm_path.value, "/opt/rocm");
  EXPECT_EQ(h.compiler.value, "nvcc");
  EXPECT_EQ(h.platform.value, "nvidia");
  EXPECT_EQ(h.runtime.value, "cuda");
  EXPECT_FALSE(h.clang_path.found);
}

TEST(HipconfigFull, OldPlatformNamesAndFragments) {
  // ROCm 3.x-era output says hcc; a fragment of two fields is still hipconfig's
  HipconfigFull h = ParseHipconfigFull("HIP_PLATFORM : hcc\nHIP_RUNTIME  : ROCclr\n");
  EXPECT_EQ(h.platform.value, "amd");
  EXPECT_TRUE(LooksLikeHipconfigFull("  - HIP_PLATFORM : amd\n  - HIP_COMPILER : clang\n"));
  // one field in prose is not a listing; neither is an export line
  EXPECT_FALSE(LooksLikeHipconfigFull("I set HIP_PLATFORM : amd in my shell\n"));
  EXPECT_FALSE(LooksLikeHipconfigFull("export HIP_PLATFORM=amd\nexport HIP_PATH=/opt/rocm\n"));
}

TEST(HipconfigFull, TriageWritesTheToolchainFactsTheLiveCollectorWrites) {
  Report report = testing::TriageTexts({{"paste.txt", kNvidiaFull}});
  auto platform = report.facts.Get("toolchain.hip_platform");
  ASSERT_TRUE(platform.value);
  EXPECT_EQ(*platform.value, "nvidia");
  EXPECT_EQ(*report.facts.Get("toolchain.hip_compiler").value, "nvcc");
  EXPECT_EQ(*report.facts.Get("toolchain.hip_path").value, "/opt/rocm-5.5.3");
}

}  // namespace
}  // namespace rd
