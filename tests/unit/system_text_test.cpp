// The derive stage's facts from prose and fragments (src/derive/system_text.cpp and the entity
// patterns behind it): OS, kernel, machine, torch and HIP versions as people paste them. Each
// line is a form seen in a public ticket (cited).
#include <gtest/gtest.h>

#include "triage_helpers.h"

namespace rd {
namespace {

std::string FactOf(const std::string& paste, const std::string& path) {
  Report report = testing::TriageTexts({{"paste.txt", paste}});
  auto f = report.facts.Get(path);
  if (!f.value) return "<none>";
  return f.value->is_string() ? f.value->get<std::string>() : f.value->dump();
}

TEST(SystemText, OsFromCutOsReleaseCodenamesAndProse) {
  // os-release cut to NAME= and VERSION= (ROCm/ROCm#2781)
  std::string cut = "NAME=\"Ubuntu\"\nVERSION=\"22.04.3 LTS (Jammy Jellyfish)\"\n";
  EXPECT_EQ(FactOf(cut, "os.id"), "ubuntu");
  EXPECT_EQ(FactOf(cut, "os.version_id"), "22.04.3");
  // a codename between name and version (ROCm/ROCm#5106), Oracle Linux (ROCm/ROCm#3561)
  EXPECT_EQ(FactOf("WSL 2 Ubuntu Jammy 22.04.5 LTS\n", "os.version_id"), "22.04.5");
  EXPECT_EQ(FactOf("Oracle Linux Server 9.4 (WSL2)\n", "os.id"), "ol");
  EXPECT_EQ(FactOf("Oracle Linux Server 9.4 (WSL2)\n", "os.version_id"), "9.4");
  // only a version and Ubuntu's codename (ROCm/rocm_smi_lib#207)
  EXPECT_EQ(FactOf("### Operating System\n\n24.04.1 LTS (Noble Numbat)\n", "os.id"), "ubuntu");
  EXPECT_EQ(FactOf("### Operating System\n\n24.04.1 LTS (Noble Numbat)\n", "os.version_id"), "24.04.1");
  // the name in a title, the version further down
  EXPECT_EQ(FactOf("Ubuntu: rocminfo fails\n\nOS: Ubuntu 24.04\n", "os.version_id"), "24.04");
  // "using arch" (ROCm/ROCm#2061); "arch=gfx1030" is no distribution
  EXPECT_EQ(FactOf("im using arch and installed rocm with AUR\n", "os.id"), "arch");
  EXPECT_EQ(FactOf("built with arch=gfx1030 and it fails\n", "os.id"), "<none>");
  // nix-info -m in nixpkgs' template (NixOS/nixpkgs#265095): distribution, release and kernel
  std::string nix = " - system: `\"x86_64-linux\"`\n - host os: `Linux 6.1.59, NixOS, 23.11 (Tapir), 23.11pre-git`\n";
  EXPECT_EQ(FactOf(nix, "os.id"), "nixos");
  EXPECT_EQ(FactOf(nix, "os.version_id"), "23.11");
  EXPECT_EQ(FactOf(nix, "kernel.release"), "6.1.59");
}

TEST(SystemText, KernelFromPathsCmdlinesMarkdownAndUname) {
  EXPECT_EQ(FactOf("filename: /lib/modules/6.14.0-29-generic/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst\n", "kernel.release"),
            "6.14.0-29-generic");
  EXPECT_EQ(FactOf("BOOT_IMAGE=/vmlinuz-5.15.0-101-generic root=/dev/sda1 ro iommu=pt\n", "kernel.release"), "5.15.0-101-generic");
  EXPECT_EQ(FactOf("- **Kernel**: 7.1.9-arch (Arch Linux)\n", "kernel.release"), "7.1.9-arch");
  EXPECT_EQ(FactOf("* OS: Ubuntu 24.04.4 LTS, kernel `6.18.7`\n", "kernel.release"), "6.18.7");
  std::string uname = "Linux md 4.15.0-31-generic #33-Ubuntu SMP Thu Aug 2 14:34:07 UTC 2018 x86_64 x86_64 x86_64 GNU/Linux\n";
  EXPECT_EQ(FactOf(uname, "kernel.release"), "4.15.0-31-generic");
  EXPECT_EQ(FactOf(uname, "kernel.machine"), "x86_64");
}

TEST(SystemText, PastedKernelCmdlineUsesTheCollectorsParser) {
  std::string cmdline = "BOOT_IMAGE=/vmlinuz-5.15.0-101-generic root=/dev/mapper/vg-lv ro iommu=pt\n";  // ROCm/rccl#1129
  EXPECT_EQ(FactOf(cmdline, "driver.iommu_pt"), "true");
  EXPECT_EQ(FactOf(cmdline, "driver.amdgpu.nomodeset"), "false");
  EXPECT_EQ(FactOf("[    0.000000] Kernel command line: BOOT_IMAGE=/boot/vmlinuz quiet nomodeset\n", "driver.amdgpu.nomodeset"), "true");
  EXPECT_EQ(FactOf("no command line here\n", "driver.iommu_pt"), "<none>");
}

TEST(SystemText, TorchAndHipVersionsAsWritten) {
  EXPECT_EQ(FactOf("torch version = 2.2.1+rocm5.7\n", "frameworks.torch.version"), "2.2.1+rocm5.7");  // invoke-ai/InvokeAI#3967
  EXPECT_EQ(FactOf("- **PyTorch**: 2.13.0+rocm10.0.0 (wheel)\n", "frameworks.torch.version"), "2.13.0+rocm10.0.0");
  EXPECT_EQ(FactOf(" - PyTorch Version (e.g., 1.0): 1.6.0\n", "frameworks.torch.version"), "1.6.0");  // pytorch's template
  std::string url = "`https://download.pytorch.org/whl/nightly/rocm6.0/torch-2.3.0.dev20240126%2Brocm6.0-cp310-cp310-linux_x86_64.whl`\n";
  EXPECT_EQ(FactOf(url, "frameworks.torch.version"), "2.3.0.dev20240126+rocm6.0");
  EXPECT_EQ(FactOf(url, "frameworks.torch.hip"), "6.0");
  EXPECT_EQ(FactOf("even with torch* set to +rocm5.2\n", "frameworks.torch.hip"), "5.2");  // oobabooga#5
  EXPECT_EQ(FactOf("  === ROCm/HIP ===\n  HIP: 7.2.53150\n", "toolchain.hip_version"), "7.2.53150");
}

TEST(SystemText, TheRockReleaseOutranksItsHipVersion) {
  // ROCm 7.11 ships HIP 7.2 (ggml-org/llama.cpp#23934): the stated release wins.
  EXPECT_EQ(FactOf("ROCm 7.11.0 (TheRock)\nHIP: 7.2.53150\n", "rocm.release"), "7.11.0");
  // on the legacy line the HIP version still names the release
  EXPECT_EQ(FactOf("ROCm 6.2\nHIP version: 6.3.42131\n", "rocm.release"), "6.3");
}

TEST(SystemText, OllamaWindowsDiscoveryNamesEachGpu) {
  // likelovewant/ollama-for-amd#26: the iGPU it skips and the dGPU it names.
  std::string log =
      "time=2024-10-26T14:35:44.091+01:00 level=WARN source=amd_windows.go:138 msg=\"amdgpu is not supported (supported types:[gfx1032])\" gpu_type=gfx1035 gpu=0 library=C:\\x\n"
      "time=2024-10-26T14:35:44.091+01:00 level=DEBUG source=amd_windows.go:93 msg=\"hip device\" id=1 name=\"AMD Radeon RX 6700S\" gfx=gfx1032\n";
  EXPECT_EQ(FactOf(log, "llm_runtime.gpus[0].gfx"), "gfx1035");
  EXPECT_EQ(FactOf(log, "llm_runtime.gpus[1].gfx"), "gfx1032");
  EXPECT_EQ(FactOf(log, "llm_runtime.gpus[1].marketing_name"), "AMD Radeon RX 6700S");
}

TEST(SystemText, PythonExceptionsWithoutTracebackChainedAndModuleClasses) {
  // the traceback's last line alone (ROCm/TheRock#3628)
  EXPECT_EQ(FactOf("some prose\nRuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match\n",
                   "python.exceptions[0].type"), "RuntimeError");
  // chained, quoted in backticks (ROCm/TheRock#1278): both names
  std::string chained = "`torch._inductor.exc.InductorError: RuntimeError: LLD failed to link hsaco source`\n";
  EXPECT_EQ(FactOf(chained, "python.exceptions[0].type"), "torch._inductor.exc.InductorError");
  EXPECT_EQ(FactOf(chained, "python.exceptions[1].type"), "RuntimeError");
  // a module's class after a traceback (patientx/ComfyUI-Zluda#435)
  std::string zip = "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n"
                    "zipfile.BadZipFile: Bad CRC-32 for file '_rocm_sdk_core/lib/llvm/bin/clang-cl.exe'\n";
  EXPECT_EQ(FactOf(zip, "python.exceptions[0].type"), "zipfile.BadZipFile");
  // Go's "Error: …" (ollama) and prose are no Python exception
  EXPECT_EQ(FactOf("Error: POST predict: read tcp: connection reset\n", "python.exceptions"), "<none>");
  EXPECT_EQ(FactOf("BadZipFile: outside a traceback is prose\n", "python.exceptions"), "<none>");
  // module-qualified, no traceback (patientx/ComfyUI-Zluda#435)
  EXPECT_EQ(FactOf("rocm-sdk-core fails with:\nzipfile.BadZipFile: Bad CRC-32 for file 'x.exe'\n", "python.exceptions[0].type"),
            "zipfile.BadZipFile");
  EXPECT_EQ(FactOf("Note.Something: prose\n", "python.exceptions"), "<none>");
}

TEST(SystemText, InlineAssignmentQuotedInASentence) {
  std::string tried = "and I tried HSA_OVERRIDE_GFX_VERSION=10.3.0 python main.py but I get the same error\n";  // ComfyUI#5138
  EXPECT_EQ(FactOf(tried, "env.HSA_OVERRIDE_GFX_VERSION"), "10.3.0");
  EXPECT_EQ(FactOf(tried, "env_origin.HSA_OVERRIDE_GFX_VERSION"), "inline");
  EXPECT_EQ(FactOf("with HIP_VISIBLE_DEVICES=1 it works\n", "env_origin.HIP_VISIBLE_DEVICES"), "prose");
}

TEST(SystemText, FailedLazyTensileLoadNamesTheDevice) {
  // rocBLAS loads TensileLibrary_lazy_<device target>.dat (likelovewant/ROCmLibs…#12)
  std::string win = "rocBLAS error: Could not load C:\\Program Files\\AMD\\ROCm\\6.1\\bin\\/rocblas/library/TensileLibrary_lazy_gfx1103.dat\n";
  EXPECT_EQ(FactOf(win, "gpus[0].gfx"), "gfx1103");
  EXPECT_EQ(FactOf("AMDGPU_TARGETS=gfx1030;gfx1100 TensileLibrary_gfx1030.co built\n", "gpus"), "<none>");
  // Winsock's wsarecv is Windows (likelovewant/ollama-for-amd#67)
  EXPECT_EQ(FactOf("read tcp 127.0.0.1:51391->127.0.0.1:51389: wsarecv: An existing connection was forcibly closed\n", "platform.kind"),
            "windows");
}

TEST(SystemText, LaterLogPiecesAddToEarlierOnes) {
  // mkiol/dsnote#107: the rocBLAS line after a fence must not be reset by the next piece
  std::string two = "```\nrocBLAS error: Cannot read /app/rocblas/library/TensileLibrary.dat: No such file or directory```\n\n\n"
                    "And I found TensileLibrary.dat elsewhere\n";
  EXPECT_EQ(FactOf(two, "log.tensile_missing"), "true");
}

TEST(SystemText, PciIdOnlyGpusNamedThroughLibdrmAndProductPatterns) {
  // ROCm/ROCm#939: 0x699f is in no hand table; amdgpu.ids names it, gpu_names.toml gives gfx803
  std::string kfd = "[   13.155802] kfd kfd: skipped device 1002:699f, PCI rejects atomics\n";
  EXPECT_EQ(FactOf(kfd, "gpus[0].pci_id"), "1002:699f");
  EXPECT_EQ(FactOf(kfd, "gpus[0].gfx"), "gfx803");
  EXPECT_EQ(FactOf(kfd, "gpus[0].marketing_name"), "AMD Radeon 540 Series");
  // lspci without a device name (ROCm/ROCm#624): AMD's own table knows 687f
  std::string lspci = "0b:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Device 687f (rev c1)\n";
  EXPECT_EQ(FactOf(lspci, "gpus[0].pci_id"), "1002:687f");
  EXPECT_EQ(FactOf(lspci, "gpus[0].gfx"), "gfx900");
  // an id neither table knows (an audio function) names no GPU
  EXPECT_EQ(FactOf("1002:ab38 audio\n", "gpus"), "<none>");
}

TEST(SystemText, ApuModelNumbersNameTheirIGpuWhenAKernelFailed) {
  const std::string fail = "\nHIP error: invalid device function\n";
  // mozilla-ai/llamafile#403, ROCm/rocBLAS#1352 and the model-number families of gpu_names.toml
  EXPECT_EQ(FactOf("FYI same error, trying llamafile on a AMD 4800u / Linux" + fail, "gpus[0].gfx"), "gfx90c");
  EXPECT_EQ(FactOf("Laptop: Ryzen 7 5700U, 16 GB" + fail, "gpus[0].gfx"), "gfx90c");
  EXPECT_EQ(FactOf("Ryzen 5 3500U" + fail, "gpus[0].gfx"), "gfx902");
  EXPECT_EQ(FactOf("Ryzen 7 6800H laptop" + fail, "gpus[0].gfx"), "gfx1035");
  EXPECT_EQ(FactOf("Ryzen 7 7840HS mini PC" + fail, "gpus[0].gfx"), "gfx1103");
  EXPECT_EQ(FactOf("Ryzen 7 8700G desktop" + fail, "gpus[0].gfx"), "gfx1103");
  EXPECT_EQ(FactOf("Ryzen 3 7320U" + fail, "gpus[0].gfx"), "gfx1037");
  EXPECT_EQ(FactOf("AMD Ryzen AI 9 HX 370" + fail, "gpus[0].gfx"), "gfx1150");
  EXPECT_EQ(FactOf("Steam Deck (SteamOS 3.5)" + fail, "gpus[0].gfx"), "gfx1033");
  // a desktop CPU without an APU's suffix, a memory clock and a dGPU beside the APU name no iGPU
  EXPECT_EQ(FactOf("Ryzen 9 7950X, DDR5 4800 MHz" + fail, "gpus"), "<none>");
  EXPECT_EQ(FactOf("Ryzen 7 5800H with an RX 6700 XT" + fail, "gpus[0].gfx"), "gfx1031");
  EXPECT_EQ(FactOf("Ryzen 7 5800H with an RX 6700 XT" + fail, "gpus[1].gfx"), "<none>");
  // no kernel ran (rocm/k8s-device-plugin#23: /dev/kfd missing): the CPU is no GPU sighting
  EXPECT_EQ(FactOf("Ryzen 5 2400G\n/dev/kfd: no such file or directory\n", "gpus"), "<none>");
}

TEST(SystemText, MissingModulesAndTheirPackages) {
  // ROCm/amdsmi#19; a dotted import falls back to its first component's row; Python 2's bare form
  EXPECT_EQ(FactOf("ModuleNotFoundError: No module named 'yaml'\n", "python.missing_modules[0].package"), "PyYAML");
  EXPECT_EQ(FactOf("ModuleNotFoundError: No module named 'google.protobuf'\n", "python.missing_modules[0].package"), "protobuf");
  EXPECT_EQ(FactOf("ImportError: No module named yaml\n", "python.missing_modules[0].module"), "yaml");
  EXPECT_EQ(FactOf("ModuleNotFoundError: No module named 'amdsmi'\n", "python.missing_modules[0].rocm_share"), "amd_smi");
  // a module with no row is named, with nothing to install (torch needs the ROCm index)
  EXPECT_EQ(FactOf("ModuleNotFoundError: No module named 'torch'\n", "python.missing_modules[0].module"), "torch");
  EXPECT_EQ(FactOf("ModuleNotFoundError: No module named 'torch'\n", "python.missing_modules[0].package"), "<none>");
}

TEST(SystemText, PastedPackageListingsRocminfoTailsAndTemplates) {
  // dpkg -l (ROCm/ROCm#1357); apt list --installed; an rc (removed) line is not installed
  std::string dpkg = "ii  rock-dkms            1:4.0-23        all             amdgpu driver in DKMS format.\n"
                     "rc  rocm-dev             4.0.0.40000-23  amd64           removed\n"
                     "ii  vim                  2:9.0           amd64           editor\n";
  EXPECT_EQ(FactOf(dpkg, "rocm.packages[0].name"), "rock-dkms");
  EXPECT_EQ(FactOf(dpkg, "rocm.packages[0].version"), "1:4.0-23");
  EXPECT_EQ(FactOf(dpkg, "rocm.packages[1].name"), "<none>");
  EXPECT_EQ(FactOf("rocm-core/jammy,now 6.2.0.60200-66~22.04 amd64 [installed]\n", "rocm.packages[0].version"), "6.2.0.60200-66~22.04");
  // a rocminfo tail that ends with its "*** Done ***" (ROCm/aotriton#18)
  EXPECT_EQ(FactOf("      Workgroup Max Size:      1024(0x400)\n      FBarrier Max Size:       32\n*** Done ***\n", "rocminfo.complete"), "true");
  // "ROCk module is loaded": amdgpu is (ROCm/ROCm#5433)
  EXPECT_EQ(FactOf("ROCk module is loaded\nUnable to open /dev/kfd read-write: Permission denied\n", "driver.amdgpu.loaded"), "true");
  // an issue template's "**ROCm Version**: 6.3.3 & 6.4" (ROCm/rocm_smi_lib#217)
  EXPECT_EQ(FactOf("- **ROCm Version**: 6.3.3 & 6.4\n", "rocm.release"), "6.3.3");
  // hipBLASLt's "Architecture gfx1151 not supported" names the device (ROCm/TheRock#154)
  EXPECT_EQ(FactOf("[hipBLASLt] Tensile::FATAL: Architecture gfx1151 not supported\n", "gpus[0].gfx"), "gfx1151");
  // "WLS2" as people type it (ROCm/ROCm#1361)
  EXPECT_EQ(FactOf("My WinVer: 10.0.21292.0\nWLS2 - Ubuntu: 20.04\n", "platform.kind"), "wsl");
}

TEST(SystemText, OneGpuAndOneGpuAddressAreTheSameGpu) {
  std::string log = "gfx1151 on this box\n[   67.058794] amdgpu 0000:c4:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:153)\n";
  EXPECT_EQ(FactOf(log, "gpus[0].pci_bdf"), "0000:c4:00.0");
  // an NVMe address is no GPU's
  EXPECT_EQ(FactOf("gfx1151 on this box\n01:00.0 Non-Volatile memory controller: Samsung\n", "gpus[0].pci_bdf"), "<none>");
}

TEST(SystemText, ReleaseFromWindowsSdkPathsAndAssetNames) {
  // a Python repr doubles the HIP SDK folder's backslashes (patientx/ComfyUI-Zluda#130)
  EXPECT_EQ(FactOf("Command '['C:\\\\Program Files\\\\AMD\\\\ROCm\\\\6.2\\\\bin\\\\clang.exe', 'main.c']' returned 1104.\n", "rocm.release"), "6.2");
  EXPECT_EQ(FactOf("set HIP_PATH=C:\\Program Files\\AMD\\ROCm\\6.1\\\n", "rocm.release"), "6.1");
  // a release asset names its ROCm release (leejet/stable-diffusion.cpp#2012)
  EXPECT_EQ(FactOf("asset `sd-master-c678dfe-bin-win-rocm-7.14.0-x64.zip`\n", "rocm.release"), "7.14.0");
  EXPECT_EQ(FactOf("llama-b6000-bin-ubuntu-rocm-6.4-x64.zip\n", "rocm.release"), "6.4");
  // an Arch package's own version after "-rocm " is not a ROCm release
  EXPECT_EQ(FactOf("python-pytorch-rocm 2.5.1-3\n", "rocm.release"), "<none>");
}

TEST(SystemText, TorchAnswersAndVersionsInTemplates) {
  // a REPL is_available() answered after a HIP warning (ROCm/ROCm#1911)
  EXPECT_EQ(FactOf(">>> import torch\n>>> torch.cuda.is_available()\n/x/torch/cuda/__init__.py:88: UserWarning: HIP initialization: "
                   "Error 101: hipErrorInvalidDevice\n  return torch._C._cuda_getDeviceCount() > 0\nFalse\n>>>\n",
                   "frameworks.torch_runtime.available"),
            "false");
  EXPECT_EQ(FactOf("$ python3 -c 'import torch; print(torch.cuda.is_available())'\nTrue\n", "frameworks.torch_runtime.available"), "true");
  // a question with no answer before the next one says nothing
  EXPECT_EQ(FactOf(">>> torch.cuda.is_available()\n>>> torch.version.hip\n'6.2.41133'\nTrue\n", "frameworks.torch_runtime.available"),
            "<none>");
  // an issue template's backticked version (pytorch/pytorch#179865)
  EXPECT_EQ(FactOf("- PyTorch: `2.12.0.dev20260408+rocm7.2`\n", "frameworks.torch.version"), "2.12.0.dev20260408+rocm7.2");
}

TEST(SystemText, AnOverridesTargetInTheTextIsTheNamedGpusRuntimeName) {
  std::string paste = "$ export HSA_OVERRIDE_GFX_VERSION=10.3.0\n$ rocminfo | grep gfx\n  Name:                    gfx1030\n"
                      "$ python -c \"import torch; print(torch.cuda.get_device_name(0))\"\nAMD Radeon RX 7900 XTX\n";
  EXPECT_EQ(FactOf(paste, "gpus[0].gfx"), "gfx1100");
  EXPECT_EQ(FactOf(paste, "gpus[0].override_gfx"), "gfx1030");
  EXPECT_EQ(FactOf(paste, "gpus[1].gfx"), "<none>");  // not a second GPU
  // without the override a gfx1030 beside a 7900 XTX is another GPU
  EXPECT_EQ(FactOf("Name: gfx1030\nAMD Radeon RX 7900 XTX\n", "gpus[1].gfx"), "gfx1100");
}

TEST(SystemText, ReleaseFromVersionFilesPackageStanzasAndListings) {
  EXPECT_EQ(FactOf("$ cat /opt/rocm/.info/version\n6.2.0-66\n", "rocm.release"), "6.2.0");
  EXPECT_EQ(FactOf("$ apt show rocm-core\nPackage: rocm-core\nPriority: optional\nVersion: 6.3.1.60301-48~24.04\n", "rocm.release"), "6.3.1");
  EXPECT_EQ(FactOf("$ dnf list installed | grep rocm-core\nrocm-core.x86_64   6.2.1.60201-112.el9   @rocm\n", "rocm.release"), "6.2.1");
  EXPECT_EQ(FactOf("ROCm version 7.0.1\n", "rocm.release"), "7.0.1");
  // apt's resolver trace (ROCm/rocm-install-on-linux#583)
  EXPECT_EQ(FactOf("Investigating (0) rocm:amd64 < none -> 7.0.1.70001-42~24.04 @un puN Ib >\n", "rocm.release"), "7.0.1");
  // "Red Hat Enterprise Linux (RHEL) 9.3" in an issue template (ROCm/amdgpu#155)
  EXPECT_EQ(FactOf("- OS: Red Hat Enterprise Linux (RHEL) 9.3\n", "os.version_id"), "9.3");
  // another package's stanza says nothing about ROCm
  EXPECT_EQ(FactOf("Package: firefox\nVersion: 1.2.3\n", "rocm.release"), "<none>");
  // a Markdown table of packages (ROCm/rocBLAS#1352); another package's row is not ROCm's
  EXPECT_EQ(FactOf("| Package | Version |\n|---|---|\n| rocm-core | v5.6.0-1 |\n| rocblas | v5.6.0-1 |\n", "rocm.release"), "5.6.0");
  EXPECT_EQ(FactOf("| firefox | v5.6.0-1 |\n", "rocm.release"), "<none>");
  // a build path of a source tree unpacked from a release tag (rocm-arch/rocm-arch#901)
  EXPECT_EQ(FactOf("hsa api call failure at: /build/rocminfo/src/rocminfo-rocm-5.3.0/rocminfo.cc:1148\n", "rocm.release"), "5.3.0");
}

TEST(SystemText, PythonSetsTheEnvironmentOfItsOwnProcess) {
  // ROCm/ROCm#5069: the override set in a notebook cell
  std::string line = "When I use `os.environ['HSA_OVERRIDE_GFX_VERSION'] = '10.3.0'` all the GPU gfx versions change to gfx1030\n";
  EXPECT_EQ(FactOf(line, "env.HSA_OVERRIDE_GFX_VERSION"), "10.3.0");
  EXPECT_EQ(FactOf(line, "env_origin.HSA_OVERRIDE_GFX_VERSION"), "python");
  EXPECT_EQ(FactOf("os.environ.setdefault(\"HIP_VISIBLE_DEVICES\", \"1\")\n", "env.HIP_VISIBLE_DEVICES"), "1");
  EXPECT_EQ(FactOf("os.putenv('HSA_ENABLE_SDMA', '0')\n", "env.HSA_ENABLE_SDMA"), "0");
  // reading it sets nothing
  EXPECT_EQ(FactOf("print(os.environ['HSA_OVERRIDE_GFX_VERSION'])\n", "env.HSA_OVERRIDE_GFX_VERSION"), "<none>");
}

TEST(SystemText, AmdgpuLogLinesAloneNameTheirGpus) {
  // a dmesg tail that never names the card still shows the driver bound one there (ROCm/ROCm#5616)
  std::string tail = "[   67.058794] amdgpu 0000:c4:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:153)\n"
                     "[   67.058806] amdgpu 0000:c4:00.0: amdgpu:  Process python3 pid 3370\n";
  EXPECT_EQ(FactOf(tail, "gpus[0].pci_bdf"), "0000:c4:00.0");
  EXPECT_EQ(FactOf(tail, "gpus[1].pci_bdf"), "<none>");
  EXPECT_EQ(FactOf(tail, "gpu.count"), "1");
  std::string two = "amdgpu 0000:03:00.0: amdgpu: ring gfx_0.0.0 timeout\namdgpu 0000:0c:00.0: amdgpu: SMU is initialized\n";
  EXPECT_EQ(FactOf(two, "gpus[1].pci_bdf"), "0000:0c:00.0");
  // lspci's display lines name other vendors' cards too: no AMD GPU is made of them
  EXPECT_EQ(FactOf("01:00.0 VGA compatible controller: NVIDIA Corporation AD102 [GeForce RTX 4090]\n", "gpus[0].pci_bdf"), "<none>");
}

TEST(SystemText, RepoLinesPromptUsersGccBannersAndPlaceNames) {
  // the repository a paste installs from names the release (ROCm/ROCm#3563)
  EXPECT_EQ(FactOf("Get:1 https://repo.radeon.com/rocm/apt/6.1.3 jammy InRelease\n", "rocm.release"), "6.1.3");
  EXPECT_EQ(FactOf("wget https://repo.radeon.com/amdgpu-install/7.2.1/ubuntu/noble/amdgpu-install_7.2.1.70201-1_all.deb\n", "rocm.release"),
            "7.2.1");
  // a prompt's '#' is not part of the user name (ROCm/ROCm#5433)
  EXPECT_EQ(FactOf("root@blacksite-01:/home/init6# modinfo -n amdgpu\n", "triage.identities[0].user_name"), "init6");
  // the kernel banner's "(Ubuntu 5.4.0-6ubuntu1~16.04.10)" is gcc's version, not Ubuntu's (ROCm/ROCm#624)
  std::string banner = "[    0.000000] Linux version 4.4.0-139-generic (buildd@lcy01) (gcc version 5.4.0 20160609 (Ubuntu 5.4.0-6ubuntu1~16.04.10) ) #165\n";
  EXPECT_EQ(FactOf(banner, "os.id"), "ubuntu");
  EXPECT_EQ(FactOf(banner, "os.version_id"), "<none>");
  // a chip name with its variant is a GPU; the place is not
  EXPECT_EQ(FactOf("My R9 390 (Grenada XT) fails\n", "gpus[0].gfx"), "gfx701");
  EXPECT_EQ(FactOf("I am on holiday in Hawaii and Grenada\n", "gpus"), "<none>");
}

// How people write the facts the corpus checks most (OS, kernel, GPU, ROCm, torch, platform),
// one phrasing per row: the entity patterns and the derive stage must read each of them.
TEST(SystemText, CommonPhrasings) {
  struct Row {
    const char *text, *path, *want;
  };
  static const Row kRows[] = {
      {"OS: Ubuntu 24.04.1 LTS", "os.id", "ubuntu"},
      {"OS: Ubuntu 24.04.1 LTS", "os.version_id", "24.04.1"},
      {"Linux Mint 21.3 Cinnamon", "os.id", "linuxmint"},
      {"Linux Mint 21.3 Cinnamon", "os.version_id", "21.3"},
      {"Pop!_OS 22.04 LTS", "os.id", "pop"},
      {"Pop!_OS 22.04 LTS", "os.version_id", "22.04"},
      {"Debian 12 (bookworm)", "os.id", "debian"},
      {"Debian 12 (bookworm)", "os.version_id", "12"},
      {"Debian GNU/Linux 13 (trixie)", "os.id", "debian"},
      {"Debian GNU/Linux 13 (trixie)", "os.version_id", "13"},
      {"Fedora Linux 41 (Workstation Edition)", "os.id", "fedora"},
      {"Fedora Linux 41 (Workstation Edition)", "os.version_id", "41"},
      {"Fedora 42 KDE", "os.id", "fedora"},
      {"Fedora 42 KDE", "os.version_id", "42"},
      {"openSUSE Tumbleweed", "os.id", "opensuse-tumbleweed"},
      {"EndeavourOS (rolling)", "os.id", "endeavouros"},
      {"OS: Arch Linux x86_64", "os.id", "arch"},
      {"CachyOS x86_64", "os.id", "cachyos"},
      {"RHEL 9.4", "os.id", "rhel"},
      {"RHEL 9.4", "os.version_id", "9.4"},
      {"Rocky Linux 9.5 (Blue Onyx)", "os.id", "rocky"},
      {"Rocky Linux 9.5 (Blue Onyx)", "os.version_id", "9.5"},
      {"AlmaLinux 9.4", "os.id", "almalinux"},
      {"AlmaLinux 9.4", "os.version_id", "9.4"},
      {"SLES 15 SP6", "os.id", "sles"},
      {"Ubuntu 22.04.4 LTS (GNU/Linux 6.5.0-35-generic x86_64)", "os.version_id", "22.04.4"},
      {"Ubuntu 22.04.4 LTS (GNU/Linux 6.5.0-35-generic x86_64)", "kernel.release", "6.5.0-35-generic"},
      {"Kernel: 6.8.0-49-generic", "kernel.release", "6.8.0-49-generic"},
      {"uname -r\n6.11.0-1011-oem", "kernel.release", "6.11.0-1011-oem"},
      {"$ uname -r\n6.12.10-arch1-1", "kernel.release", "6.12.10-arch1-1"},
      {"kernel 6.13.5-200.fc41.x86_64", "kernel.release", "6.13.5-200.fc41.x86_64"},
      {"Linux kernel 6.1.0-28-amd64", "kernel.release", "6.1.0-28-amd64"},
      {"6.6.87.2-microsoft-standard-WSL2", "kernel.release", "6.6.87.2-microsoft-standard-WSL2"},
      {"6.6.87.2-microsoft-standard-WSL2", "platform.kind", "wsl"},
      {"GPU: AMD Radeon RX 7900 XTX", "gpus[0].gfx", "gfx1100"},
      {"I have an RX 6800XT", "gpus[0].gfx", "gfx1030"},
      {"my 7900XTX", "gpus[0].gfx", "gfx1100"},
      {"Radeon RX 6600 XT 8GB", "gpus[0].gfx", "gfx1032"},
      {"RX 580 8GB", "gpus[0].gfx", "gfx803"},
      {"Radeon RX 9070 XT", "gpus[0].gfx", "gfx1201"},
      {"RX 9060 XT 16GB", "gpus[0].gfx", "gfx1200"},
      {"AMD Radeon 780M", "gpus[0].gfx", "gfx1103"},
      {"Radeon 890M iGPU", "gpus[0].gfx", "gfx1150"},
      {"Ryzen AI Max+ 395 with Radeon 8060S", "gpus[0].gfx", "gfx1151"},
      {"AMD Instinct MI300X", "gpus[0].gfx", "gfx942"},
      {"MI250X", "gpus[0].gfx", "gfx90a"},
      {"Radeon Pro W7900", "gpus[0].gfx", "gfx1100"},
      {"Radeon VII", "gpus[0].gfx", "gfx906"},
      {"RX 5700 XT", "gpus[0].gfx", "gfx1010"},
      {"RX 6700 XT", "gpus[0].gfx", "gfx1031"},
      {"RX 7600", "gpus[0].gfx", "gfx1102"},
      {"RX 7800 XT", "gpus[0].gfx", "gfx1101"},
      {"Radeon 680M", "gpus[0].gfx", "gfx1035"},
      {"Vega 64", "gpus[0].gfx", "gfx900"},
      {"Marketing Name: AMD Ryzen 7 5700G with Radeon Graphics", "gpus[0].gfx", "gfx90c"},
      {"Ryzen 5 2400G with Radeon Vega Graphics", "gpus[0].gfx", "gfx902"},
      {"ROCm 6.3.1", "rocm.release", "6.3.1"},
      {"ROCm v6.1", "rocm.release", "6.1"},
      {"ROCm version: 6.2.4", "rocm.release", "6.2.4"},
      {"installed rocm-6.2.0 from amdgpu-install", "rocm.release", "6.2.0"},
      {"/opt/rocm-6.3.0/lib/libamdhip64.so", "rocm.release", "6.3.0"},
      {"ROCm 7.0.2 (latest)", "rocm.release", "7.0.2"},
      {"amdgpu-install_6.4.60400-1_all.deb", "rocm.release", "6.4"},
      {"HIP version: 6.2.41133-dd7f95766", "rocm.release", "6.2"},
      {"torch 2.5.1+rocm6.2", "frameworks.torch.version", "2.5.1+rocm6.2"},
      {"torch==2.7.0+rocm6.3", "frameworks.torch.version", "2.7.0+rocm6.3"},
      {"PyTorch version: 2.4.0+rocm6.1", "frameworks.torch.version", "2.4.0+rocm6.1"},
      {"Windows 11 Pro 23H2", "platform.kind", "windows"},
      {"OS: Windows 10", "platform.kind", "windows"},
      {"C:\\Users\\bob\\ComfyUI> python main.py", "platform.kind", "windows"},
      {"Running in WSL2 (Ubuntu 22.04)", "platform.kind", "wsl"},
      {"Running in WSL2 (Ubuntu 22.04)", "os.version_id", "22.04"},
      {"macOS 14.5", "platform.kind", "macos"},
      {"docker run -it --device=/dev/kfd --device=/dev/dri --group-add video rocm/pytorch", "commands.container_runs[0].engine", "docker"},
      {"Python 3.12.3", "python.version_seen", "3.12.3"},
      {"RX 7900 GRE", "gpus[0].gfx", "gfx1100"},
      {"Instinct MI210", "gpus[0].gfx", "gfx90a"},
      {"MI100 node", "gpus[0].gfx", "gfx908"},
      {"MI50 32GB", "gpus[0].gfx", "gfx906"},
      {"MI325X", "gpus[0].gfx", "gfx942"},
      {"MI355X", "gpus[0].gfx", "gfx950"},
      {"Radeon 760M", "gpus[0].gfx", "gfx1103"},
      {"Radeon 880M", "gpus[0].gfx", "gfx1150"},
      {"Radeon 8050S", "gpus[0].gfx", "gfx1151"},
      {"RX 6500 XT", "gpus[0].gfx", "gfx1034"},
      {"RX 6400", "gpus[0].gfx", "gfx1034"},
      {"RX 6600", "gpus[0].gfx", "gfx1032"},
      {"RX 6650 XT", "gpus[0].gfx", "gfx1032"},
      {"RX 6750 XT", "gpus[0].gfx", "gfx1031"},
      {"RX 6950 XT", "gpus[0].gfx", "gfx1030"},
      {"RX 7700 XT", "gpus[0].gfx", "gfx1101"},
      {"RX 7600 XT", "gpus[0].gfx", "gfx1102"},
      {"Radeon Pro W6800", "gpus[0].gfx", "gfx1030"},
      {"Radeon Pro VII", "gpus[0].gfx", "gfx906"},
      {"W7800 48GB", "gpus[0].gfx", "gfx1100"},
      {"RX 9070", "gpus[0].gfx", "gfx1201"},
      {"9070XT", "gpus[0].gfx", "gfx1201"},
      {"kernel 6.8", "kernel.release", "6.8"},
      {"Linux 6.10.10-arch1-1", "kernel.release", "6.10.10-arch1-1"},
      {"Windows 11 + HIP SDK 6.2", "platform.kind", "windows"},
      {"Windows 11 + HIP SDK 6.2", "rocm.release", "6.2"},
      {"using ZLUDA with ComfyUI", "platform.kind", "windows"},
      {"ii  rocm-core  6.1.2.60102-119~22.04 amd64  ROCm core", "rocm.release", "6.1.2"},
      {"hipcc --version\nHIP version: 6.1.40093-bd86f1708", "rocm.release", "6.1"},
      {"ROCm 6.2 and 6.3 both fail", "rocm.release", "6.2"},
      {"docker pull rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", "rocm.release", "6.2"},
      {"Ubuntu 24.04 with HWE kernel 6.11", "os.version_id", "24.04"},
      {"Ubuntu 24.04 with HWE kernel 6.11", "kernel.release", "6.11"},
  };
  for (const auto& row : kRows) {
    std::string got = FactOf(std::string(row.text) + "\n", row.path);
    // "6.2" and "6.2.0" match each other, as the corpus scorer reads versions
    std::string want = row.want;
    bool ok = got == want || got.rfind(want + ".", 0) == 0 || want.rfind(got + ".", 0) == 0;
    EXPECT_TRUE(ok) << row.text << ": " << row.path << " = " << got << ", want " << row.want;
  }
}

// Logs, commands and errors as they are pasted: app, container flags, pip indexes, where an
// assignment came from, exceptions, loader errors, package commands, rocminfo and docker lines.
TEST(SystemText, CommonPastedLines) {
  struct Row {
    const char *text, *path, *want;
  };
  static const Row kRows[] = {
      {"$ ollama serve\ntime=2025-01-10T10:00:00.000Z level=INFO source=gpu.go:221 msg=\"looking for compatible GPUs\"\ntime=2025-01-10T10:00:00.100Z level=INFO source=amd_linux.go:404 msg=\"amdgpu is supported\" gpu=0 gpu_type=gfx1100", "llm_runtime.app", "ollama"},
      {"$ ollama serve\ntime=2025-01-10T10:00:00.000Z level=INFO source=gpu.go:221 msg=\"looking for compatible GPUs\"\ntime=2025-01-10T10:00:00.100Z level=INFO source=amd_linux.go:404 msg=\"amdgpu is supported\" gpu=0 gpu_type=gfx1100", "gpus[0].gfx", "gfx1100"},
      {"ollama version is 0.5.7\nError: llama runner process has terminated: exit status 2", "llm_runtime.app", "ollama"},
      {"ggml_cuda_init: found 1 ROCm devices:\n  Device 0: AMD Radeon RX 7900 XTX, gfx1100 (0x1100), VMM: no, Wave Size: 32", "llm_runtime.app", "llama.cpp"},
      {"ggml_cuda_init: found 1 ROCm devices:\n  Device 0: AMD Radeon RX 7900 XTX, gfx1100 (0x1100), VMM: no, Wave Size: 32", "gpus[0].gfx", "gfx1100"},
      {"llama_model_load: error loading model\nggml_cuda_init: failed to initialize ROCm: no ROCm-capable device is detected", "llm_runtime.app", "llama.cpp"},
      {"INFO 01-10 10:00:00 [__init__.py:239] Automatically detected platform rocm.\nvLLM API server version 0.8.5", "llm_runtime.app", "vllm"},
      {"Total VRAM 24560 MB, total RAM 64000 MB\npytorch version: 2.5.1+rocm6.2\nDevice: cuda:0 AMD Radeon RX 7900 XTX : native", "llm_runtime.app", "comfyui"},
      {"Total VRAM 24560 MB, total RAM 64000 MB\npytorch version: 2.5.1+rocm6.2\nDevice: cuda:0 AMD Radeon RX 7900 XTX : native", "frameworks.torch.version", "2.5.1+rocm6.2"},
      {"Total VRAM 24560 MB, total RAM 64000 MB\npytorch version: 2.5.1+rocm6.2\nDevice: cuda:0 AMD Radeon RX 7900 XTX : native", "gpus[0].gfx", "gfx1100"},
      {"docker run -it --device=/dev/kfd --device=/dev/dri --group-add video --ipc=host rocm/pytorch:latest", "commands.container_runs[0].engine", "docker"},
      {"docker run -it --device=/dev/kfd --device=/dev/dri --group-add video --ipc=host rocm/pytorch:latest", "commands.container_runs[0].device_kfd", "true"},
      {"docker run -it --device=/dev/kfd --device=/dev/dri --group-add video --ipc=host rocm/pytorch:latest", "commands.container_runs[0].device_dri", "true"},
      {"docker run -it --device=/dev/kfd --device=/dev/dri --group-add video --ipc=host rocm/pytorch:latest", "commands.container_runs[0].group_add", "video"},
      {"docker run -it --device=/dev/kfd --device=/dev/dri --group-add video --ipc=host rocm/pytorch:latest", "commands.container_runs[0].ipc_host", "true"},
      {"podman run --rm -it --device /dev/kfd --device /dev/dri --security-opt seccomp=unconfined docker.io/rocm/dev-ubuntu-22.04", "commands.container_runs[0].engine", "podman"},
      {"podman run --rm -it --device /dev/kfd --device /dev/dri --security-opt seccomp=unconfined docker.io/rocm/dev-ubuntu-22.04", "commands.container_runs[0].device_kfd", "true"},
      {"sudo docker run -it --privileged rocm/pytorch", "commands.container_runs[0].privileged", "true"},
      {"pip3 install torch torchvision --index-url https://download.pytorch.org/whl/rocm6.2", "commands.pip_installs[0].index_rocm_version", "6.2"},
      {"pip install --pre torch --index-url https://download.pytorch.org/whl/nightly/rocm6.3", "commands.pip_installs[0].index_rocm_version", "6.3"},
      {"pip install torch", "commands.pip_installs[0].packages", "torch"},
      {"export HSA_OVERRIDE_GFX_VERSION=10.3.0", "env.HSA_OVERRIDE_GFX_VERSION", "10.3.0"},
      {"export HSA_OVERRIDE_GFX_VERSION=10.3.0", "env_origin.HSA_OVERRIDE_GFX_VERSION", "export"},
      {"Environment=\"HSA_OVERRIDE_GFX_VERSION=11.0.0\"", "env.HSA_OVERRIDE_GFX_VERSION", "11.0.0"},
      {"Environment=\"HSA_OVERRIDE_GFX_VERSION=11.0.0\"", "env_origin.HSA_OVERRIDE_GFX_VERSION", "systemd"},
      {"set HSA_OVERRIDE_GFX_VERSION=10.3.0", "env.HSA_OVERRIDE_GFX_VERSION", "10.3.0"},
      {"$env:HSA_OVERRIDE_GFX_VERSION=\"10.3.0\"", "env.HSA_OVERRIDE_GFX_VERSION", "10.3.0"},
      {"$env:HSA_OVERRIDE_GFX_VERSION=\"10.3.0\"", "env_origin.HSA_OVERRIDE_GFX_VERSION", "powershell"},
      {"HIP_VISIBLE_DEVICES=0 python train.py", "env.HIP_VISIBLE_DEVICES", "0"},
      {"HIP_VISIBLE_DEVICES=0 python train.py", "env_origin.HIP_VISIBLE_DEVICES", "inline"},
      {"docker run -e HSA_OVERRIDE_GFX_VERSION=10.3.0 --device /dev/kfd ollama/ollama:rocm", "env.HSA_OVERRIDE_GFX_VERSION", "10.3.0"},
      {"Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nRuntimeError: HIP error: invalid device function", "python.exceptions[0].type", "RuntimeError"},
      {"torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB", "python.exceptions[0].type", "torch.OutOfMemoryError"},
      {"ImportError: libamdhip64.so.6: cannot open shared object file: No such file or directory", "loader.errors[0].library", "libamdhip64.so.6"},
      {"OSError: libhipblas.so.2: cannot open shared object file: No such file or directory", "loader.errors[0].library", "libhipblas.so.2"},
      {"sudo apt install rocm-hip-sdk", "commands.package_installs[0].manager", "apt"},
      {"sudo apt install rocm-hip-sdk", "commands.package_installs[0].packages", "rocm-hip-sdk"},
      {"sudo dnf install rocm", "commands.package_installs[0].manager", "dnf"},
      {"sudo amdgpu-install --usecase=graphics,rocm --no-dkms", "commands.amdgpu_install[0].no_dkms", "true"},
      {"sudo amdgpu-install --usecase=graphics,rocm --no-dkms", "commands.amdgpu_install[0].usecases", "graphics"},
      {"ROCk module is loaded\n=====================\nHSA System Attributes\n=====================\nRuntime Version:         1.14\n", "rocminfo.rock_loaded", "true"},
      {"ROCk module is NOT loaded, possibly no GPU devices", "rocminfo.rock_loaded", "false"},
      {"docker: Error response from daemon: error gathering device information while adding custom device \"/dev/kfd\": no such file or directory.", "docker.errors[0].device", "/dev/kfd"},
      {"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!", "log.no_binary_for_gpu", "true"},
  };
  for (const auto& row : kRows) {
    Report report = testing::TriageTexts({{"paste.txt", std::string(row.text) + "\n"}});
    std::string want = row.want;
    bool ok = false;
    std::string seen;
    // an array fact matches when it holds the value (gpus[0] is any GPU), as the corpus scorer reads it
    auto check = [&](const nlohmann::json& v) {
      std::string text = v.is_string() ? v.get<std::string>() : v.dump();
      seen += text + " ";
      ok = ok || text == want || text.rfind(want + ".", 0) == 0 || want.rfind(text + ".", 0) == 0;
    };
    auto f = report.facts.Get(row.path);
    if (f.value && f.value->is_array()) for (const auto& v : *f.value) check(v);
    else if (f.value) check(*f.value);
    EXPECT_TRUE(ok) << row.text << ": " << row.path << " = " << seen << ", want " << row.want;
  }
}

// An issue form's OS answer outranks a distribution named in passing (ROCm/rocm-install-on-linux#414:
// "the Red Hat installation instructions" ... "### Operating System / Fedora"); its version, when the
// answer has none, comes from the prose.
TEST(SystemText, IssueFormOsAnswerOutranksProse) {
  std::string form = "I tried the Red Hat Enterprise Linux instructions.\n\n### Operating System\n\nFedora\n";
  EXPECT_EQ(FactOf(form, "os.id"), "fedora");
  EXPECT_EQ(FactOf(form, "platform.kind"), "linux");
  std::string no_version = "### OS\n\nUbuntu\n\n### Notes\nafter upgrading to Ubuntu 24.04 rocminfo fails\n";
  EXPECT_EQ(FactOf(no_version, "os.id"), "ubuntu");
  EXPECT_EQ(FactOf(no_version, "os.version_id"), "24.04");
  EXPECT_EQ(FactOf("### Operating System\n\nWindows 11\n", "platform.kind"), "windows");
}

// Linux-only commands and paths say Linux without a prompt or kernel line (ROCm/ROCm#5476: a dnf
// error on its own); a Windows path still says Windows, and WSL markers outrank both.
TEST(SystemText, TorchFromPipShowCondaListAndBoldTemplates) {
  EXPECT_EQ(FactOf("$ pip show torch\nName: torch\nVersion: 2.3.1+rocm5.7\nSummary: Tensors and Dynamic neural networks\n",
                   "frameworks.torch.version"),
            "2.3.1+rocm5.7");
  EXPECT_EQ(FactOf("torch                     2.7.0.dev20250301+rocm6.3   pypi_0    pypi\n", "frameworks.torch.version"),
            "2.7.0.dev20250301+rocm6.3");
  EXPECT_EQ(FactOf("- **Pytorch Version:** 2.8.0+rocm6.4\n", "frameworks.torch.version"), "2.8.0+rocm6.4");
  // Name: of another package, or a Version: later in the stanza, is not torch's
  EXPECT_EQ(FactOf("Name: numpy\nVersion: 2.1.0\n", "frameworks.torch.version"), "<none>");
  EXPECT_EQ(FactOf("Name: torch\nSummary: x\nVersion: 9.9.9\n", "frameworks.torch.version"), "<none>");
}

TEST(SystemText, KernelFromPythonPlatformString) {
  EXPECT_EQ(FactOf("OS: Linux-6.8.0-45-generic-x86_64-with-glibc2.39\n", "kernel.release"), "6.8.0-45-generic");
  EXPECT_EQ(FactOf("Platform: Linux-5.15.167.4-microsoft-standard-WSL2-x86_64-with-glibc2.35\n", "platform.kind"), "wsl");
}

TEST(SystemText, ForwardSlashDrivePathsAreWindows) {
  EXPECT_EQ(FactOf("MIOpen Error: E:/TheRock/ml-libs/MIOpen/src/hipoc/hipoc_program.cpp:299: Code object build failed.\n", "platform.kind"),
            "windows");
  EXPECT_EQ(FactOf("see http://repo.radeon.com/rocm/apt/6.2/ for the packages\n", "platform.kind"), "unknown");
}

TEST(SystemText, PlatformOnlyFormAnswers) {
  // ollama's and llama.cpp's forms answer "### OS" with the platform alone
  EXPECT_EQ(FactOf("### OS\n\nLinux\n\n### GPU\n\nAMD\n", "platform.kind"), "linux");
  EXPECT_EQ(FactOf("### OS\n\nLinux, Docker\n", "platform.kind"), "linux");
  EXPECT_EQ(FactOf("### OS\n\nWindows, WSL2\n", "platform.kind"), "wsl");
  EXPECT_EQ(FactOf("### Operating systems\n\nMac\n", "platform.kind"), "unknown");  // "Mac" alone is no platform word
  // ComfyUI's System Information block: Python's os.name
  EXPECT_EQ(FactOf("## System Information\n- **ComfyUI Version:** 0.3.40\n- **OS:** nt\n", "platform.kind"), "windows");
  EXPECT_EQ(FactOf("## System Information\n- **OS:** posix\n- **Python Version:** 3.12.3\n", "platform.kind"), "linux");
  EXPECT_EQ(FactOf("- **OS:** posix\nDarwin Kernel Version 23.5.0\n", "platform.kind"), "macos");
}

TEST(SystemText, LinuxCommandsAndPathsSayLinux) {
  EXPECT_EQ(FactOf("dnf --refresh --enablerepo=ROCm list rocm\nErrors during downloading metadata for repository 'ROCm':\n", "platform.kind"), "linux");
  EXPECT_EQ(FactOf("  File \"/home/jo/venv/lib/python3.12/site-packages/torch/cuda/__init__.py\", line 5\n", "platform.kind"), "linux");
  EXPECT_EQ(FactOf("C:\\Users\\jo\\ComfyUI> python main.py\n", "platform.kind"), "windows");
  EXPECT_EQ(FactOf("sudo apt install rocm\nuname -r: 5.15.153.1-microsoft-standard-WSL2\n", "platform.kind"), "wsl");
  EXPECT_EQ(FactOf("it fails with an error\n", "platform.kind"), "unknown");
}

// llama.cpp's listing gives HIP's ordinals; beside an iGPU the discrete GPUs' ordinals are the
// HIP_VISIBLE_DEVICES value (ggml-org/llama.cpp#8618: Device 0 RX 7700S, Device 1 Radeon 780M).
TEST(SystemText, DiscreteGpuOrdinalsFromLlamaCppDevices) {
  std::string listing = "Device 0: AMD Radeon RX 7700S, compute capability 11.0, VMM: no\n"
                        "Device 1: AMD Radeon 780M, compute capability 11.0, VMM: no\n";
  EXPECT_EQ(FactOf(listing, "llm_runtime.app"), "llama.cpp");
  EXPECT_EQ(FactOf(listing, "gpus[0].gfx"), "gfx1102");
  EXPECT_EQ(FactOf(listing, "gpus[1].gfx"), "gfx1103");
  EXPECT_EQ(FactOf(listing, "gpus[1].hip_index"), "1");
  EXPECT_EQ(FactOf(listing, "gpu.dgpu_hip_indices"), "0");
  Report report = testing::TriageTexts({{"paste.txt", listing}});
  bool exact = false;
  for (const auto& f : report.findings) exact |= f.rule_id == "gpu.igpu-dgpu-selection" && f.fix.find("HIP_VISIBLE_DEVICES=0 ") != std::string::npos;
  EXPECT_TRUE(exact);
  // Listed the other way round, the discrete GPU is ordinal 1.
  std::string reversed = "Device 0: AMD Radeon 780M, compute capability 11.0, VMM: no\n"
                         "Device 1: AMD Radeon RX 7700S, compute capability 11.0, VMM: no\n";
  EXPECT_EQ(FactOf(reversed, "gpu.dgpu_hip_indices"), "1");
  // Names without ordinals (prose): no value is guessed.
  EXPECT_EQ(FactOf("I have an RX 7700S and a Radeon 780M\n", "gpu.dgpu_hip_indices"), "<none>");
}

// A paste that shows no GPU and no variable prints no "[✓] GPUs and driver" or "[✓] Environment":
// nothing there was checked (pytorch/pytorch#164346's pip list).
TEST(SystemText, SectionsThePasteDoesNotShowAreNotPrinted) {
  Report report = testing::TriageTexts({{"paste.txt", "[pip3] torch==2.10.0.dev20250929+rocm7.0\n"}});
  report.verdicts.clear();  // as `triage` does: a part the paste does not show is not "could not check"
  for (const auto& s : SectionStatuses(report)) {
    EXPECT_NE(s.id, "gpu");
    EXPECT_NE(s.id, "environment");
  }
}

// A distribution the table lacks ("KDE neon") but a pasted `sudo apt install`: apt's own commands
// are exact, the distribution's package names are not given (ROCm/rocm-install-on-linux#583).
TEST(SystemText, PackageManagerFromThePastedCommand) {
  std::string paste = "OS: KDE neon 24.04\npetrak@galatea ~/Downloads> sudo apt install rocm\n";
  EXPECT_EQ(FactOf(paste, "os.remove_command"), "sudo apt remove");
  EXPECT_EQ(FactOf(paste, "os.firmware_package"), "<none>");
  EXPECT_EQ(FactOf("sudo dnf install rocm\n", "os.install_command"), "sudo dnf install");
  // A named distribution's row still wins (Fedora's dnf, not a pasted apt line in prose).
  EXPECT_EQ(FactOf("### Operating System\n\nFedora 41\n\nsudo dnf install rocm\n", "os.firmware_package"), "amd-gpu-firmware");
}

}  // namespace
}  // namespace rd
