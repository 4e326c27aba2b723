// Pasted commands, on lines copied verbatim from the corpus's development split (each test names
// its ticket). Issue 13: docker/podman run flags, pip install index URLs, export and systemd
// Environment= lines are understood wherever they appear.
#include <gtest/gtest.h>

#include "parsers/pasted_commands.h"

namespace rd {
namespace {

const PastedCommand* First(const PastedCommands& p, bool (*want)(const PastedCommand&)) {
  for (const auto& c : p.commands) {
    if (want(c)) return &c;
  }
  return nullptr;
}
bool IsRun(const PastedCommand& c) { return c.container_run.has_value(); }
bool IsPip(const PastedCommand& c) { return c.pip_install.has_value(); }

// https://github.com/ollama/ollama/issues/12774
TEST(PastedCommands, PodmanRunWithKeepGroupsAndDevices) {
  auto p = ParsePastedCommands(
      "$ podman run --detach --group-add keep-groups --device /dev/kfd --device /dev/dri -v ollama:/root/.ollama -p 11434:11434 "
      "--name ollama docker.io/ollama/ollama:rocm");
  const auto* c = First(p, IsRun);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->container_run->engine, "podman");
  EXPECT_EQ(c->container_run->image, "docker.io/ollama/ollama:rocm");
  EXPECT_TRUE(c->container_run->device_kfd);
  EXPECT_TRUE(c->container_run->device_dri);
  EXPECT_EQ(c->container_run->group_add, std::vector<std::string>{"keep-groups"});
}

// https://github.com/ollama/ollama/issues/6685 (a quoted reply holding a prompt)
TEST(PastedCommands, QuotedPromptAndEqualsForms) {
  auto p = ParsePastedCommands("> $ docker run -it --device=/dev/kfd --device=/dev/dri --group-add daemon rocm/pytorch:latest rocminfo | grep GPU");
  const auto* c = First(p, IsRun);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->container_run->engine, "docker");
  EXPECT_EQ(c->container_run->image, "rocm/pytorch:latest");
  EXPECT_EQ(c->container_run->devices, (std::vector<std::string>{"/dev/kfd", "/dev/dri"}));
  EXPECT_EQ(c->container_run->group_add, std::vector<std::string>{"daemon"});
}

// https://github.com/robertrosenbusch/gfx803_rocm/issues/28 (inside a sentence, backtick left open)
TEST(PastedCommands, DockerRunInsideASentence) {
  auto p = ParsePastedCommands(
      "Running `docker run -it --device=/dev/kfd --device=/dev/dri --group-add=video --ipc=host --cap-add=SYS_PTRACE "
      "--security-opt seccomp=unconfined -p 8080:8080 -p 11434:11434  --name rocm64");
  const auto* c = First(p, IsRun);
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->container_run->ipc_host);
  EXPECT_EQ(c->container_run->group_add, std::vector<std::string>{"video"});
  EXPECT_EQ(c->container_run->security_opt, std::vector<std::string>{"seccomp=unconfined"});
  EXPECT_FALSE(c->container_run->privileged);
}

// https://github.com/vllm-project/vllm/issues/7207 (continued over lines with \)
TEST(PastedCommands, ContinuationLines) {
  auto p = ParsePastedCommands("docker run -it \\\n   --network=host \\\n   --device /dev/kfd \\\n   --device /dev/dri \\\n   vllm-rocm bash\n");
  const auto* c = First(p, IsRun);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->line, 0u);
  EXPECT_EQ(c->container_run->image, "vllm-rocm");
  EXPECT_TRUE(c->container_run->device_kfd);
}

TEST(PastedCommands, NvidiaGpusFlagAndNoDevices) {
  auto p = ParsePastedCommands("sudo docker run --gpus all -e HSA_OVERRIDE_GFX_VERSION=11.0.0 ollama/ollama:rocm");
  const auto* c = First(p, IsRun);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->container_run->gpus_flag, "all");
  EXPECT_FALSE(c->container_run->device_kfd);
  ASSERT_EQ(p.env.size(), 1u);
  EXPECT_EQ(p.env[0].origin, "docker");
  EXPECT_EQ(p.env[0].value, "11.0.0");
}

// https://github.com/Comfy-Org/ComfyUI/issues/5138
TEST(PastedCommands, PipIndexKinds) {
  auto p = ParsePastedCommands(
      "first i installed pytorch with: pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/rocm6.1\n"
      "then I tried nightly pip install --pre torch torchvision torchaudio --index-url https://download.pytorch.org/whl/nightly/cu124\n");
  ASSERT_EQ(p.commands.size(), 2u);
  ASSERT_TRUE(p.commands[0].pip_install);
  EXPECT_EQ(p.commands[0].pip_install->index_kind, "rocm");
  EXPECT_EQ(p.commands[0].pip_install->index_rocm_version, "6.1");
  EXPECT_EQ(p.commands[0].pip_install->packages, (std::vector<std::string>{"torch", "torchvision", "torchaudio"}));
  ASSERT_TRUE(p.commands[1].pip_install);
  EXPECT_EQ(p.commands[1].pip_install->index_kind, "cuda");
  EXPECT_TRUE(p.commands[1].pip_install->pre);
}

// https://github.com/patientx/ComfyUI-Zluda/issues/435 (TheRock nightlies, pinned torch)
TEST(PastedCommands, TheRockIndexAndTorchPin) {
  auto p = ParsePastedCommands(
      "pip install --force-reinstall \"torch==2.10.0+rocm7.14.0a20260603\" \"torchaudio==2.11.0+rocm7.14.0a20260603\" --index-url "
      "https://rocm.nightlies.amd.com/v2-staging/gfx103X-all/ --no-deps");
  const auto* c = First(p, IsPip);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->pip_install->index_kind, "therock");
  EXPECT_EQ(c->pip_install->torch_spec, "torch==2.10.0+rocm7.14.0a20260603");
  EXPECT_EQ(c->pip_install->index_rocm_version, "7.14.0");
}

// https://github.com/amd/playbooks/issues/315 (PowerShell backtick continuation)
TEST(PastedCommands, PowerShellContinuation) {
  auto p = ParsePastedCommands(
      "python -m pip install --force-reinstall --no-cache-dir `\n    --index-url https://repo.amd.com/rocm/whl/gfx1151/ `\n    torch torchvision torchaudio\n");
  const auto* c = First(p, IsPip);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->pip_install->index_url, "https://repo.amd.com/rocm/whl/gfx1151/");
  EXPECT_EQ(c->pip_install->index_kind, "therock");
  EXPECT_EQ(c->pip_install->packages, (std::vector<std::string>{"torch", "torchvision", "torchaudio"}));
}

// https://github.com/abetlen/llama-cpp-python/issues/1579
TEST(PastedCommands, InlineAssignmentBeforePip) {
  auto p = ParsePastedCommands("CMAKE_ARGS=\"-DGGML_HIPBLAS=on\" pip install llama-cpp-python");
  ASSERT_EQ(p.env.size(), 1u);
  EXPECT_EQ(p.env[0].name, "CMAKE_ARGS");
  EXPECT_EQ(p.env[0].value, "-DGGML_HIPBLAS=on");
  EXPECT_EQ(p.env[0].origin, "inline");
  const auto* c = First(p, IsPip);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->pip_install->index_kind, "none");
}

// https://github.com/ollama/ollama/issues/6152 and 14855 (systemd drop-ins)
TEST(PastedCommands, SystemdEnvironmentLines) {
  auto p = ParsePastedCommands("[Service]\nEnvironment=\"HSA_OVERRIDE_GFX_VERSION=10.3.0\"\nEnvironment=\"OLLAMA_KEEP_ALIVE=-1\"\n");
  ASSERT_EQ(p.env.size(), 2u);
  EXPECT_EQ(p.env[0].name, "HSA_OVERRIDE_GFX_VERSION");
  EXPECT_EQ(p.env[0].value, "10.3.0");
  EXPECT_EQ(p.env[0].origin, "systemd");
  EXPECT_EQ(p.env[1].line, 2u);
}

// https://github.com/LUMI-supercomputer/LUMI-AI-guide/pull/108
TEST(PastedCommands, ExportLinesAndPowerShellAndCmd) {
  auto p = ParsePastedCommands(
      "export MIOPEN_USER_DB_PATH=\"/tmp/miopen-config-${USER}\"\n$env:HSA_OVERRIDE_GFX_VERSION=\"11.0.0\"\nset HIP_VISIBLE_DEVICES=1\n"
      "I use export HSA_ENABLE_SDMA=0 in .bashrc\n");
  ASSERT_EQ(p.env.size(), 4u);
  EXPECT_EQ(p.env[0].origin, "export");
  EXPECT_EQ(p.env[0].value, "/tmp/miopen-config-${USER}");
  EXPECT_EQ(p.env[1].origin, "powershell");
  EXPECT_EQ(p.env[1].value, "11.0.0");
  EXPECT_EQ(p.env[2].origin, "cmd");
  EXPECT_EQ(p.env[3].name, "HSA_ENABLE_SDMA");
  EXPECT_EQ(p.env[3].origin, "export");
}

TEST(PastedCommands, PackageManagersAndAmdgpuInstall) {
  auto p = ParsePastedCommands(
      "sudo apt install rocm-hip-sdk rocminfo\nsudo amdgpu-install --usecase=graphics,rocm --no-dkms\nsudo pacman -S rocm-hip-sdk\n"
      "sudo dnf remove rocm-core\n");
  ASSERT_EQ(p.commands.size(), 4u);
  EXPECT_EQ(p.commands[0].package_install->manager, "apt");
  EXPECT_EQ(p.commands[0].package_install->packages, (std::vector<std::string>{"rocm-hip-sdk", "rocminfo"}));
  EXPECT_EQ(p.commands[1].amdgpu_install->usecases, (std::vector<std::string>{"graphics", "rocm"}));
  EXPECT_TRUE(p.commands[1].amdgpu_install->no_dkms);
  EXPECT_EQ(p.commands[2].package_install->action, "install");
  EXPECT_EQ(p.commands[3].package_install->action, "remove");
}

TEST(PastedCommands, ProseIsNotACommand) {
  auto p = ParsePastedCommands("I think docker is fine and pip works.\nThe export of the data failed.\nthe GPU_TEMP=80 reading is hot\n");
  EXPECT_TRUE(p.commands.empty());
  ASSERT_EQ(p.env.size(), 1u);  // GPU_ is a ROCm-read prefix (GPU_MAX_HW_QUEUES …): kept, as prose
  EXPECT_EQ(p.env[0].origin, "prose");
}

TEST(PastedCommands, HostileLinesStayBounded) {
  std::string continued = "docker run \\\n";
  for (int i = 0; i < 10000; ++i) continued += "--device /dev/kfd \\\n";
  auto p = ParsePastedCommands(continued);
  ASSERT_FALSE(p.commands.empty());  // a continuation chain is cut at 64 lines, not followed forever
  std::string quotes(100000, '"');
  EXPECT_NO_THROW(ParsePastedCommands("docker run " + quotes));
}

}  // namespace
}  // namespace rd
