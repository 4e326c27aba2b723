// llm_runtime.app from any line of a paste (src/derive/llm_app.cpp, rules/data/apps.toml
// [[app_evidence]], the app_* signatures): each line is a form seen in a public ticket (cited).
#include <gtest/gtest.h>

#include "triage_helpers.h"

namespace rd {
namespace {

std::string AppOf(const std::string& paste, const char* path = "llm_runtime.app") {
  Report report = testing::TriageTexts({{"paste.txt", paste}});
  auto f = report.facts.Get(path);
  return f.value && f.value->is_string() ? f.value->get<std::string>() : "<none>";
}

TEST(LlmApp, CommandsImagesSettingsAndPathsNameTheApp) {
  // likelovewant/ollama-for-amd#26: the command in prose, then an error no log kind claims
  std::string run = "However, when I try to run `ollama run llama3.2:1b` it prints nothing and hangs\n";
  EXPECT_EQ(AppOf(run), "ollama");
  EXPECT_EQ(AppOf(run, "llm_runtime.app_evidence"), "app_ollama_command");
  // ollama/ollama#12774: the container image on a podman line
  EXPECT_EQ(AppOf("$ podman run --detach --group-add keep-groups --device /dev/kfd --device /dev/dri -v ollama:/root/.ollama "
                  "-p 11434:11434 --name ollama docker.io/ollama/ollama:rocm\n"),
            "ollama");
  // ollama/ollama#14855: a setting in a bullet list
  EXPECT_EQ(AppOf("- **Vulkan backend** (`OLLAMA_VULKAN=1` + `HIP_VISIBLE_DEVICES=-1`): Hangs on inference\n"), "ollama");
  // ggml-org/llama.cpp#23934 and #10236: the program and the build switch
  EXPECT_EQ(AppOf("$ ~/llama.cpp/build/bin/llama-server --version\n"), "llama.cpp");
  EXPECT_EQ(AppOf("$ HIPCXX=\"$(hipconfig -l)/clang\" cmake -S . -B build -DGGML_HIPBLAS=ON -DAMDGPU_TARGETS=gfx1030\n"), "llama.cpp");
  // Comfy-Org/ComfyUI#2842: a traceback through ComfyUI's folder
  EXPECT_EQ(AppOf("  File \"/opt/ComfyUI/execution.py\", line 152, in recursive_execute\n"), "comfyui");
}

TEST(LlmApp, OllamaOutranksTheLlamaCppLinesItsRunnerPrints) {
  // ollama's runner prints llama.cpp's loader lines beside its own Go log (ollama/ollama#3547)
  EXPECT_EQ(AppOf("llama_model_load: error loading model: unable to allocate backend buffer\n"
                  "time=2024-08-09T00:25:59.140+08:00 level=INFO source=images.go:782 msg=\"total blobs: 5\"\n"),
            "ollama");
}

TEST(LlmApp, ANameInProseCountsOnlyAlone) {
  EXPECT_EQ(AppOf("I am running vllm on two MI210s and it hangs at startup\n"), "vllm");
  EXPECT_EQ(AppOf("It works in ollama but llama.cpp crashes on the same model\n"), "<none>");
  EXPECT_EQ(AppOf("HIP error: invalid device function\n"), "<none>");
  // A word that only contains the name is not the name
  EXPECT_EQ(AppOf("the comfyuiX fork and my_ollama_helper script\n"), "<none>");
}

}  // namespace
}  // namespace rd
