// ollama's unsupported-GPU line names the GPU in gpu_type= and the supported targets in a list:
// the list is not the GPU (a gfx1035 was reported as gfx1032, the first entry of the list).
#include <gtest/gtest.h>

#include "parsers/llm_runtime_log.h"

namespace rd {
namespace {

TEST(LlmRuntimeLog, UnsupportedGpuIsGpuTypeNotTheSupportedList) {
  auto log = ParseLlmRuntimeLog(
      "time=2025-02-01T10:00:00 level=WARN source=amd_linux.go:378 msg=\"amdgpu is not supported (supported types:[gfx1032])\" "
      "gpu_type=gfx1035 gpu=0 library=/usr/lib/ollama/rocm\n");
  ASSERT_EQ(log.unsupported_gfx.size(), 1u);
  EXPECT_EQ(log.unsupported_gfx[0].second, "gfx1035");
  EXPECT_EQ(log.supported_gfx, std::vector<std::string>{"gfx1032"});
}

TEST(LlmRuntimeLog, OlderLineWithoutGpuType) {
  auto log = ParseLlmRuntimeLog("time=x level=WARN msg=\"amdgpu gfx1031 is not supported by /usr/lib/ollama [gfx1030 gfx1100]\"\n");
  ASSERT_EQ(log.unsupported_gfx.size(), 1u);
  EXPECT_EQ(log.unsupported_gfx[0].second, "gfx1031");
}

TEST(LlmRuntimeLog, WindowsWritesTheSupportedListAsItsOwnKey) {
  // amd_windows.go (likelovewant/ollama-for-amd#14): supported_types= after the library path
  auto log = ParseLlmRuntimeLog(
      "time=2024-08-09T00:25:59.172+08:00 level=WARN source=amd_windows.go:97 msg=\"amdgpu is not supported\" gpu=0 "
      "gpu_type=gfx1031 library=C:\\Users\\x\\AppData\\Local\\Programs\\Ollama\\rocm supported_types=[gfx1103 gfx1030]\n");
  ASSERT_EQ(log.unsupported_gfx.size(), 1u);
  EXPECT_EQ(log.unsupported_gfx[0].second, "gfx1031");
  EXPECT_EQ(log.supported_gfx, (std::vector<std::string>{"gfx1103", "gfx1030"}));
}

}  // namespace
}  // namespace rd
