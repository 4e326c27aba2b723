#pragma once
/// GPU discovery lines of LLM and diffusion runtimes (pitfalls.md #44, #45):
/// ollama  msg="amdgpu [0] gfx1103 is not supported by /tmp/ollama…/rocm [gfx1030 gfx1100 …]",
///         msg="amdgpu is not supported (supported types:[])" gpu_type=gfx1100, msg="skipping rocm gfx
///         compatibility check" HSA_OVERRIDE_GFX_VERSION=11.0.0, msg="no compatible GPUs were
///         discovered", msg="inference compute" … compute=gfx1100, server config env="map[…]"
/// llama.cpp  ggml_cuda_init: found 1 ROCm devices: / Device 0: AMD Radeon RX 7900 XTX, gfx1100 (0x1100)
/// vLLM    One of GPU archs of ['gfx1151'] is invalid or not supported
/// ComfyUI Device: cuda:0 AMD Radeon RX 7900 XTX : native
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rd {

struct LlmGpu {
  size_t line;
  int index = 0;
  std::string gfx;
  std::string name;     ///< Marketing name, when printed
  std::string library;  ///< ollama: rocm | cpu | cuda
};

struct LlmRuntimeLog {
  std::string app;  ///< ollama | llama.cpp | vllm | comfyui
  std::vector<std::pair<size_t, std::string>> unsupported_gfx;  ///< (line, gfx)
  std::vector<std::string> supported_gfx;                        ///< ollama's bundled list
  size_t supported_line = 0;
  std::vector<std::pair<size_t, std::pair<std::string, std::string>>> env;  ///< (line, (name, value))
  std::vector<LlmGpu> gpus;
  bool compat_check_skipped = false;
  size_t compat_line = 0;
  bool no_gpu = false;
  size_t no_gpu_line = 0;
};

bool LooksLikeLlmRuntimeLog(std::string_view text);
LlmRuntimeLog ParseLlmRuntimeLog(std::string_view text);

}  // namespace rd
