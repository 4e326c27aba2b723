// Parsers for facts the rule writers found no source for (issue 13, helper parsers2): dkms status,
// Secure Boot, numeric hipError_t, pip "from versions: none" and Python versions, runtime warnings
// about the host, code names and "gfx 1013" spacing, negated WSL. Lines are from the DEV corpus
// tickets cited, or (where no DEV case has them) the exact strings the tools print, cited by source.
#include <gtest/gtest.h>

#include <string>

#include "parsers/compose_services.h"
#include "parsers/dkms_status.h"
#include "parsers/gpu_runtime_warnings.h"
#include "parsers/paste_entities.h"
#include "parsers/pip_resolution.h"
#include "parsers/python_versions.h"
#include "parsers/secure_boot.h"
#include "parsers/status_codes.h"
#include "scenario.h"
#include "triage_helpers.h"

namespace rd {
namespace {

using testing::FactText;
using testing::TriageTexts;

// dkms's own status format (dkms.in, "module/version, kernel, arch: state"), and the old
// comma-only layout of dkms 2.x that amdgpu-dkms users still paste.
TEST(DkmsStatus, NewAndOldLayoutsAddedAndWarnings) {
  DkmsStatus s = ParseDkmsStatus(
      "amdgpu/6.8.5-2041575.24.04, 6.8.0-45-generic, x86_64: installed\n"
      "amdgpu, 6.3.6-1718217.22.04, 6.2.0-26-generic, x86_64: installed (WARNING! Diff between built and installed module!)\n"
      "amdgpu/6.10.5-2084815.24.04: added\n"
      "Note: this line: installed is prose\n"
      "Error! Your kernel headers for kernel 6.11.0-8-generic cannot be found at /lib/modules/6.11.0-8-generic/build\n");
  ASSERT_EQ(s.modules.size(), 3u);
  EXPECT_EQ(s.modules[0].module, "amdgpu");
  EXPECT_EQ(s.modules[0].version, "6.8.5-2041575.24.04");
  EXPECT_EQ(s.modules[0].kernel, "6.8.0-45-generic");
  EXPECT_EQ(s.modules[0].arch, "x86_64");
  EXPECT_EQ(s.modules[0].state, "installed");
  EXPECT_EQ(s.modules[1].version, "6.3.6-1718217.22.04");
  EXPECT_EQ(s.modules[1].warning, "(WARNING! Diff between built and installed module!)");
  EXPECT_EQ(s.modules[2].state, "added");
  EXPECT_EQ(s.modules[2].kernel, "");
  EXPECT_EQ(s.headers_missing_kernel, "6.11.0-8-generic");
  EXPECT_EQ(s.headers_line, 4u);
}

TEST(DkmsStatus, BoundedOnHostileInput) {
  std::string many;
  for (int i = 0; i < 5000; ++i) many += "m/1, 6.8.0-1-generic, x86_64: installed\n";
  EXPECT_EQ(ParseDkmsStatus(many).modules.size(), 64u);
  EXPECT_TRUE(ParseDkmsStatus(std::string(1 << 20, ',') + ": installed").modules.empty());
}

// mokutil --sb-state and the kernel's refusal (pitfalls.md #24; ROCm/ROCm#4328 quoted in the rule).
TEST(SecureBoot, StateAndRefusals) {
  auto s = ParseSecureBootSignals(
      "is SecureBoot enabled? I don't know\n"
      "SecureBoot enabled\n"
      "modprobe: ERROR: could not insert 'amdgpu': Key was rejected by service\n");
  ASSERT_TRUE(s.enabled);
  EXPECT_TRUE(*s.enabled);
  EXPECT_EQ(s.state_line->line, 1u);
  ASSERT_TRUE(s.key_rejected);
  EXPECT_EQ(s.key_rejected->line, 2u);
  EXPECT_FALSE(s.verification_failed);
  auto off = ParseSecureBootSignals(
      "SecureBoot disabled\n[    3.1] amdgpu: module verification failed: signature and/or required key missing - tainting kernel\n");
  EXPECT_FALSE(*off.enabled);
  EXPECT_TRUE(off.verification_failed);
  EXPECT_FALSE(ParseSecureBootSignals("Secure Boot: enabledness unknown").enabled);
}

// https://github.com/ROCm/hip/issues/3805: hipInfo prints the code %04d.
TEST(StatusCodesNumeric, HipApiErrorNumber) {
  auto m = ParseStatusCodes(
      "```checkHipErrors() HIP API error = 0100 \"no ROCm-capable device is detected\" from file "
      "<C:\\constructicon\\builds\\gfx\\eleven\\24.20\\drivers\\compute\\hip-tests\\samples\\1_Utils\\hipInfo\\hipInfo.cpp>, line 192.```");
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].family, "hip");
  EXPECT_EQ(m[0].name, "");
  EXPECT_EQ(*m[0].code, 100);
  EXPECT_TRUE(LooksLikeStatusCodes("HIP error code 98"));
  EXPECT_EQ(*ParseStatusCodes("hipError_t 100 returned")[0].code, 100);
  // A line that names the error is not quoted twice; "error 100" without HIP is not a HIP code.
  EXPECT_EQ(ParseStatusCodes("hipGetDeviceCount error: hipErrorNoDevice (100)").size(), 1u);
  EXPECT_TRUE(ParseStatusCodes("make: *** error 100").empty());
}

TEST(StatusCodesNumeric, TriageDecodesThroughTheTable) {
  auto r = TriageTexts({{"paste.txt",
                         "checkHipErrors() HIP API error = 0100 \"no ROCm-capable device is detected\" from file "
                         "<C:\\home\\runner\\_work\\hipInfo.cpp>, line 181.\n"}});
  EXPECT_EQ(FactText(r, "status_codes[0].name"), "hipErrorNoDevice");
  EXPECT_EQ(FactText(r, "status_codes[0].known"), "true");
  // The <C:\…> path says Windows (item 4).
  EXPECT_EQ(FactText(r, "platform.kind"), "windows");
}

// https://github.com/amd/playbooks/issues/315
TEST(PipResolution, FromVersionsNoneAndPythonVersion) {
  std::string paste =
      "py -3.14 -m venv llm-env\n"
      "ERROR: Could not find a version that satisfies the requirement torch (from versions: none)\n"
      "ERROR: No matching distribution found for torch\n";
  auto r = ParsePipResolution(paste);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->requirement, "torch");
  EXPECT_EQ(r->versions, "none");
  EXPECT_EQ(r->line, 1u);
  auto v = ScanPythonVersions(paste + "Python 3.13.1\nnumpy-2.1-cp314-cp314-win_amd64.whl\n");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].version, "3.14");
  EXPECT_EQ(v[1].version, "3.13");
  auto t = TriageTexts({{"paste.txt", paste}});
  EXPECT_EQ(FactText(t, "pip.no_matching_distribution"), "true");
  EXPECT_EQ(FactText(t, "pip.available_versions"), "none");
  EXPECT_EQ(FactText(t, "python.version_seen"), "3.14");
  EXPECT_FALSE(ParsePipResolution("pip install torch\nSuccessfully installed torch-2.5.1"));
}

// ollama discover/amd_linux.go and RCCL src/init.cc print these verbatim.
TEST(GpuRuntimeWarnings, OllamaAndRccl) {
  auto w = ScanGpuRuntimeWarnings(
      "time=2024-10-01T10:00:00 level=INFO source=amd_linux.go:386 msg=\"unsupported Radeon iGPU detected skipping\" id=0 total=\"512.0 MiB\"\n"
      "level=WARN msg=\"amdgpu version file missing: /sys/module/amdgpu/version stat /sys/module/amdgpu/version: no such file or directory\"\n"
      "host:1:1 [0] NCCL INFO NCCL WARN Missing \"iommu=pt\" from kernel command line which can lead to system instablity or hang!\n");
  EXPECT_EQ(w.ollama_igpu_skipped->line, 0u);
  EXPECT_EQ(w.amdgpu_version_file_missing->line, 1u);
  EXPECT_EQ(w.rccl_iommu_pt_missing->line, 2u);
  auto r = TriageTexts({{"paste.txt", "NCCL WARN Missing \"iommu=pt\" from kernel command line which can lead to system instablity or hang!\n"}});
  EXPECT_EQ(FactText(r, "rccl.iommu_pt_missing"), "true");
  EXPECT_EQ(FactText(r, "driver.iommu_pt"), "false");
  // https://github.com/ROCm/rccl/issues/1129: iommu=pt in the command line is not the warning.
  EXPECT_FALSE(ScanGpuRuntimeWarnings("BOOT_IMAGE=/vmlinuz-5.15.0-101-generic root=/dev/mapper/ubuntu--vg-ubuntu--lv ro iommu=pt").rccl_iommu_pt_missing);
}

TEST(TriageSignals, DkmsStatusAndSecureBootFacts) {
  auto r = TriageTexts({{"paste.txt",
                         "$ dkms status\namdgpu/6.8.5-2041575.24.04, 6.8.0-45-generic, x86_64: installed\n"
                         "$ mokutil --sb-state\nSecureBoot enabled\n"}});
  EXPECT_EQ(FactText(r, "dkms.modules[0].state"), "installed");
  EXPECT_EQ(FactText(r, "dkms.modules[0].kernel"), "6.8.0-45-generic");
  EXPECT_EQ(FactText(r, "driver.secure_boot"), "true");
  auto rejected = TriageTexts({{"paste.txt", "modprobe: ERROR: could not insert 'amdgpu': Key was rejected by service\n"}});
  EXPECT_EQ(FactText(rejected, "kernel_log.key_rejected"), "true");
  EXPECT_EQ(FactText(rejected, "driver.secure_boot"), "true");
}

// https://github.com/ROCm/legacy-rocm-build/issues/1318 (product name) and a code-name-only line.
TEST(CodeNames, LspciWithoutPciId) {
  auto r = TriageTexts({{"paste.txt",
                         "03:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31\n"}});
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx1100");
  auto vega = TriageTexts({{"paste.txt", "VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Vega 20\n"}});
  EXPECT_EQ(FactText(vega, "gpus[0].gfx"), "gfx906");
  // "Radeon Vega 10 Graphics" is an APU, not the Vega 10 die.
  auto apu = TriageTexts({{"paste.txt", "AMD Ryzen 5 3500U with Radeon Vega 10 Graphics\n"}});
  EXPECT_NE(FactText(apu, "gpus[0].gfx"), "gfx900");
}

// https://github.com/ROCm/rocBLAS/issues/1339
TEST(PasteEntities, GfxWithASpace) {
  auto e = ScanPasteEntities("I am using a gfx 1013 device. Can I set pytorch not to use rocBlas for this ?");
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].kind, "gfx");
  EXPECT_EQ(e[0].value, "gfx1013");
  EXPECT_TRUE(e[0].device);
}

// The value of the last entity of `kind` that ScanPasteEntities finds in `line` ("" when none).
std::string EntityValue(std::string_view line, std::string_view kind) {
  std::string value;
  for (const auto& e : ScanPasteEntities(line)) {
    if (e.kind == kind) value = e.value;
  }
  return value;
}

// dpkg's "Setting up amdgpu-dkms (1:6.12.12.60401-...)": the .60401 names ROCm 6.4.1, which the
// kernel table needs (6.14 kernels build from 6.4.2 on; "6.4" alone cannot say).
TEST(PasteEntities, AmdgpuDkmsKeepsTheReleaseCode) {
  EXPECT_EQ(EntityValue("Setting up amdgpu-dkms (1:6.12.12.60401-2164967.24.04) ...", "amdgpu_dkms"), "6.12.12.60401");
  EXPECT_EQ(EntityValue("amdgpu/6.8.5-1787201.22.04, 6.5.0-41-generic, x86_64: installed", "amdgpu_dkms"), "6.8.5");
}

// apt's resolver: "rocm-utils (= 6.2.0.60200-66~24.04)" names the release (ROCm/ROCm-docker#147);
// hipcc's and rocm-cmake's own versions (1.1.1, 0.13.0) do not.
TEST(PasteEntities, RocmPackageInAptDependsLine) {
  std::vector<std::string> values;
  for (const auto& e : ScanPasteEntities("            Depends: rocm-utils (= 6.2.0.60200-66~24.04) but it is not going to be installed")) {
    if (e.kind == "rocm_package") values.push_back(e.value);
  }
  ASSERT_EQ(values.size(), 1u);
  EXPECT_NE(values[0].find("6.2.0.60200"), std::string::npos);
}

// A module path names the kernel that runs ("/lib/modules/6.14.0-29-generic/kernel/...") better than
// prose ("kernel 6.8 GA") beside it (ROCm/gpu-operator#333).
TEST(PasteEntities, KernelReleaseInAModulePath) {
  EXPECT_EQ(EntityValue("modprobe: ERROR: path=/tmp/opt/lib/modules/6.14.0-29-generic/kernel/drivers/gpu/drm/drm_exec.ko.zst",
                        "kernel_release"),
            "6.14.0-29-generic");
}

// https://github.com/robertrosenbusch/gfx803_rocm61_pt24/issues/1 ("i tried install on WSL2").
TEST(PasteEntities, WslMarkerAndItsNegation) {
  auto has_wsl = [](std::string_view text) {
    for (const auto& e : ScanPasteEntities(text)) {
      if (e.kind == "wsl_marker") return true;
    }
    return false;
  };
  EXPECT_TRUE(has_wsl("i tried install on WSL2"));
  EXPECT_TRUE(has_wsl("WSL environment detected."));
  EXPECT_FALSE(has_wsl("This is native Ubuntu, not WSL."));
  EXPECT_FALSE(has_wsl("running without WSL2"));
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// ollama's docs/docker compose form as users paste it; environment as list and as map.
TEST(ComposeServices, DevicesGroupAddEnvironment) {
  auto s = ParseComposeServices(
      "services:\n"
      "  ollama:\n"
      "    image: ollama/ollama:rocm\n"
      "    devices:\n"
      "      - /dev/kfd\n"
      "      - \"/dev/dri:/dev/dri\"\n"
      "    group_add:\n"
      "      - video\n"
      "    environment:\n"
      "      HSA_OVERRIDE_GFX_VERSION: \"10.3.0\"\n"
      "  webui:\n"
      "    image: ghcr.io/open-webui/open-webui:main\n"
      "    environment:\n"
      "      - OLLAMA_BASE_URL=http://ollama:11434\n"
      "volumes:\n"
      "  ollama: {}\n");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].name, "ollama");
  EXPECT_EQ(s[0].run.engine, "compose");
  EXPECT_EQ(s[0].run.image, "ollama/ollama:rocm");
  EXPECT_TRUE(s[0].run.device_kfd);
  EXPECT_TRUE(s[0].run.device_dri);
  EXPECT_EQ(s[0].run.group_add, std::vector<std::string>{"video"});
  EXPECT_EQ(s[0].run.env, std::vector<std::string>{"HSA_OVERRIDE_GFX_VERSION=10.3.0"});
  EXPECT_FALSE(s[1].run.device_kfd);
  EXPECT_EQ(s[1].run.env, std::vector<std::string>{"OLLAMA_BASE_URL=http://ollama:11434"});
  auto r = TriageTexts({{"compose.yml", "services:\n  ollama:\n    image: ollama/ollama:rocm\n    devices:\n      - /dev/dri\n"}});
  EXPECT_EQ(FactText(r, "commands.container_runs[0].engine"), "compose");
  EXPECT_EQ(FactText(r, "commands.container_runs[0].device_kfd"), "false");
}

// https://github.com/ROCm/k8s-device-plugin/issues/23
TEST(K8sGpuRequest, RequestAndInsufficient) {
  auto k = ScanK8sGpuRequest(
      "    resources:\n      limits:\n        amd.com/gpu: 1\n"
      "`0/9 nodes are available: 3 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 6 Insufficient amd.com/gpu.`\n");
  EXPECT_TRUE(k.requested);
  EXPECT_EQ(k.line, 2u);
  EXPECT_TRUE(k.insufficient);
  EXPECT_EQ(k.insufficient_line, 3u);
  EXPECT_FALSE(ScanK8sGpuRequest("kubectl describe node | grep amd.com/gpu").requested);
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// A line of only '#' (hostile.triage's urandom input; a markdown rule in ROCm/rccl#1129's paste)
// used to throw out of the issue-form heading reader.
TEST(PasteEntities, LoneHashLineIsNoHeading) {
  EXPECT_NO_THROW(ScanPasteEntities("#\n6.4.2\n"));
  EXPECT_NO_THROW(ScanPasteEntities("###"));
}

}  // namespace
}  // namespace rd
