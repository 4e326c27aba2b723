// Real pastes from public tickets (tests/fixtures/triage/*.txt, sources in the sibling *.md):
// each is triaged with today's rules; the test asserts the pieces' kinds, facts and the exact
// set of findings, so a healthy paste proves no false alarm.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "scenario.h"
#include "triage_helpers.h"

namespace rd {
namespace {

using testing::FactText;
using testing::FindingIds;
using testing::TriageFixtures;

struct PasteCase {
  const char* name;
  std::set<std::string> kinds;                     // kinds of the recognised pieces
  std::map<std::string, std::string> facts;        // fact path -> text value
  std::set<std::string> findings;                  // exactly these rule ids fire
};

std::set<std::string> Kinds(const Report& report) {
  std::set<std::string> kinds;
  auto pieces = report.facts.Get("triage.pieces");
  if (!pieces.value) return kinds;
  for (const auto& piece : *pieces.value) kinds.insert(piece.value("kind", ""));
  return kinds;
}

const std::vector<PasteCase>& Cases() {
  static const std::vector<PasteCase> cases = {
      {"probe_enomem_mi210", {"kernel-log", "unknown"},
       {{"kernel_log.probe_failures[0].pci", "0000:c3:00.0"}, {"kernel_log.probe_failures[0].error", "-12"},
        {"kernel_log.probe_failures[1].pci", "0000:83:00.0"}, {"triage.prompts[0].command", "sudo dmesg | grep amdgpu"}},
       {"kernel.probe-enomem-bar"}},
      {"probe_einval_warning", {"kernel-log"},
       {{"kernel_log.probe_failures[0].error", "-22"}, {"kernel_log.probe_failures[0].pci", "0000:03:00.0"}},
       {"kernel.probe-failed"}},
      {"firmware_polaris12_mc", {"kernel-log"},
       {{"kernel_log.firmware_failures[0].file", "amdgpu/polaris12_mc.bin"}, {"kernel_log.firmware_failures[0].error", "-2"}},
       {"kernel.firmware-load-failed"}},
      {"firmware_vega20_ta", {"kernel-log"},
       {{"kernel_log.firmware_failures[0].file", "amdgpu/vega20_ta.bin"}},
       {"kernel.firmware-load-failed"}},
      {"atomics_polaris", {"kernel-log"},
       // The derive stage names the GPU from the PCI id in the kernel line: Polaris, dropped.
       {{"kernel_log.atomics_rejected[0].device", "1002:67df"}, {"gpus[0].gfx", "gfx803"}, {"gpus[0].seen_in", "text"}},
       {"arch.dropped-legacy", "kernel.pci-atomics-rejected"}},
      {"kfd_pitcairn", {"kernel-log", "rocminfo", "unknown"},
       {{"kernel_log.kfd_unsupported[0].asic", "PITCAIRN"}, {"status_codes[0].name", "HSA_STATUS_ERROR_OUT_OF_RESOURCES"},
        {"status_codes[0].code", "4104"}},
       // "Unable to open /dev/kfd read-write: Cannot allocate memory": no usable GPU, not a group problem.
       {"hsa.out-of-resources-decode", "kernel.kfd-unsupported-asic", "kfd.open-enomem-no-usable-gpu", "runtime.rocminfo-failed",
        "status.decoded"}},
      {"journal_ring_timeout_pagefault", {"kernel-log"},
       {{"kernel_log.ring_timeouts[0].ring", "comp_1.1.1"}, {"kernel_log.ring_timeouts[0].pci", "0000:03:00.0"},
        {"kernel_log.page_faults[0].hub", "gfxhub"}},
       {"kernel.ring-timeout", "kernel.gpu-page-fault"}},
      {"journal_ring_gfx_timeout_qubes", {"kernel-log"},
       {{"kernel_log.ring_timeouts[0].ring", "gfx"}, {"kernel_log.ring_timeouts[1].ring", "gfx"}},
       {"kernel.ring-timeout"}},
      {"pagefault_cosmic_680m", {"kernel-log"},
       {{"kernel_log.page_faults[0].hub", "gfxhub"}, {"kernel_log.page_faults[0].pci", "0000:06:00.0"}},
       {"kernel.gpu-page-fault"}},
      {"dkms_hwe_614", {"dkms-log"},
       {{"dkms.build_failed", "true"}, {"dkms.kernel", "6.14.0-24-generic"}, {"dkms.module", "amdgpu"}, {"dkms.module_version", "6.12.12-2164967.24.04"}},
       // ROCm 6.4's amdgpu-dkms (6.12.12) and kernel 6.14: the root cause the build failure has.
       {"dkms.build-failed", "dkms.paste-kernel-newer-than-release"}},
      {"dkms_gfx803_65", {"dkms-log"},
       {{"dkms.kernel", "6.5.0-41-generic"}, {"dkms.module", "amdgpu"}, {"dkms.module_version", "5.18.13-1538762.20.04"}},
       {"dkms.build-failed"}},
      {"dkms_centos8_makelog", {"dkms-log"},
       {{"dkms.kernel", "4.18.0-490.el8.x86_64"}, {"dkms.module", "amdgpu"}, {"dkms.module_version", "5.18.13-1538762.el8"},
        {"dkms.errors[0]", "make: *** [Makefile:1616: module/var/lib/dkms/amdgpu/5.18.13-1538762.el8/build] Error 2"}},
       {"dkms.build-failed"}},
      {"dkms_debian_stretch_makelog", {"dkms-log"},
       {{"dkms.kernel", "4.9.0-7-amd64"}, {"dkms.module", "amdgpu"}, {"dkms.module_version", "1.8-192"}},
       {"dkms.build-failed"}},
      {"docker_kfd_missing_ubuntu", {"container-error", "unknown"},
       {{"docker.errors[0].problem", "device_missing"}, {"docker.errors[0].device", "/dev/kfd"}},
       {"docker.host-no-kfd"}},
      {"docker_kfd_windows11", {"container-error"},
       {{"docker.errors[0].device", "/dev/kfd"}, {"docker.windows_mentioned", "true"}},
       {"docker.desktop-no-kfd", "platform.windows-paste"}},
      {"docker_kfd_ci_runner", {"container-error"},
       {{"docker.errors[0].device", "/dev/kfd"}},
       {"docker.host-no-kfd"}},
      {"docker_render_group_missing", {"container-error", "unknown"},
       {{"docker.errors[0].problem", "group_missing"}, {"docker.errors[0].group", "render"}},
       {"docker.group-missing"}},
      {"groups_unnamed_gid", {"id-groups"},
       {{"identity.unnamed_gids", "991"}, {"identity.groups[0].gid", "991"}},
       {"access.gid-without-name"}},
      {"rocminfo_root_groups", {"id-groups", "rocminfo", "unknown"},
       {{"triage.prompts[0].user_name", "root"}, {"triage.prompts[0].hostname", "host"}, {"triage.prompts[0].root", "true"},
        {"env.HSAKMT_DEBUG_LEVEL", "7"}, {"identity.groups[2].name", "render"}},
       // root in the render group and still ENOMEM: KFD has no GPU for the process (not the groups).
       {"kfd.open-enomem-no-usable-gpu", "runtime.rocminfo-failed"}},
      {"ollama_gfx1103_docker", {"llm-runtime-log"},
       {{"llm_runtime.app", "ollama"}, {"llm_runtime.unsupported_gfx[0]", "gfx1103"},
        {"llm_runtime.supported_gfx", "gfx1030, gfx1100, gfx1101, gfx1102, gfx900, gfx906, gfx908, gfx90a, gfx940, gfx941, gfx942"}},
       {"arch.rdna3-variant-or-apu", "llm.gfx-unsupported"}},
      {"ollama_windows_override_ignored", {"llm-runtime-log"},
       {{"llm_runtime.unsupported_gfx[0]", "gfx1100"}, {"env.HSA_OVERRIDE_GFX_VERSION", "11.0.0"},
        {"llm_runtime.compat_check_skipped", "true"}, {"llm_runtime.no_compatible_gpu", "true"}, {"llm_runtime.library", "cpu"}},
       // windows.toml: the override does nothing on Windows (the thread's conclusion, in general form);
       // the rejected target gets the Windows advice (rocBLAS library), not the Linux override;
       // "supported types:[]" says its bundled rocBLAS has no kernel files at all.
       {"llm.gfx-unsupported-windows", "llm.override-ignored", "llm.no-compatible-gpu", "ollama.supported-types-empty",
        "platform.windows-paste", "windows.hsa-override-ignored"}},
      {"ollama_gfx1103_1102_windows", {"llm-runtime-log"},
       {{"llm_runtime.unsupported_gfx[0]", "gfx1103"}, {"llm_runtime.unsupported_gfx[1]", "gfx1102"},
        {"env.HSA_OVERRIDE_GFX_VERSION", "gfx1102"}},
       // environment.toml's format rule fires on the override the log shows.
       // gfx1103 (780M) is an iGPU next to the gfx1102 card; the override does nothing on Windows.
       {"llm.gfx-unsupported-windows", "llm.override-ignored", "llm.no-compatible-gpu", "env.hsa-override-bad-format",
        "ollama.supported-types-empty", "platform.windows-paste", "windows.hsa-override-ignored", "windows.igpu-picked-first"}},
      {"ollama_vega56_override_ok", {"llm-runtime-log"},
       {{"gpus[0].gfx", "gfx900"}, {"llm_runtime.library", "rocm"}, {"env.HSA_OVERRIDE_GFX_VERSION", "9.0.0"}},
       // 9.0.0 is the Vega 56's own target: rules/overrides.toml says the override does nothing.
       {"override.needless-same-target"}},
      {"ollama_server_config_journal", {"llm-runtime-log"},
       {{"env.OLLAMA_HOST", "http://127.0.0.1:11434"}, {"env.OLLAMA_MAX_QUEUE", "512"}},
       {}},
      {"llamacpp_no_rocm_device", {"llm-runtime-log"},
       {{"llm_runtime.app", "llama.cpp"}, {"llm_runtime.no_compatible_gpu", "true"}},
       {"llm.no-compatible-gpu"}},
      {"vllm_aiter_gfx1151", {"llm-runtime-log"},
       {{"llm_runtime.app", "vllm"}, {"llm_runtime.unsupported_gfx[0]", "gfx1151"}},
       {"arch.rdna35-apu-needs-recent-build", "llm.gfx-unsupported"}},
      {"comfyui_windows_directml_prompts", {"unknown"},
       {{"triage.prompts[0].os", "windows"}, {"triage.prompts[0].user_name", "adria"}, {"triage.prompts[1].venv", "venv"},
        {"triage.prompts[2].command", "python main.py --directml"}, {"triage.windows_prompt", "true"}},
       {}},
      {"rocminfo_out_of_resources_gtx1060", {"rocminfo"},
       {{"status_codes[0].name", "HSA_STATUS_ERROR_OUT_OF_RESOURCES"}, {"status_codes[0].code", "4104"}, {"status_codes[0].known", "true"}},
       // ux-review U14: no GPU named, so the note asks lspci whether there is an AMD GPU at all
       {"driver.paste-rock-not-loaded-no-gpu-named", "hsa.out-of-resources-decode", "runtime.rocminfo-failed", "status.decoded"}},
      {"torch_glibcxx_import", {"python-error"},
       {{"loader.errors[0].library", "libstdc++.so.6"}, {"loader.errors[0].missing_version", "GLIBCXX_3.4.30"},
        {"python.exceptions[0].type", "ImportError"}},
       {"loader.missing-symbol-version"}},
      {"torch_libcusparselt_import", {"python-error"},
       {{"loader.errors[0].library", "libcusparseLt.so.0"}, {"python.exceptions[0].type", "ImportError"},
        {"triage.prompts[0].os", "python"}},
       {"loader.missing-library"}},
      {"pyg_rocm_glibc232", {"python-error", "unknown"},
       {{"loader.errors[0].library", "libc.so.6"}, {"loader.errors[0].missing_version", "GLIBC_2.32"},
        {"python.exceptions[0].type", "OSError"}},
       {"loader.missing-symbol-version"}},
      {"migraphx_glibcxx_glibc", {"python-error"},
       {{"loader.errors[0].missing_version", "GLIBCXX_3.4.32"}, {"loader.errors[1].missing_version", "GLIBC_2.38"}},
       {"loader.missing-symbol-version"}},
      {"amd_log_hip_device_ok", {"amd-log"},
       {{"amd_log.lines", "9"}, {"amd_log.calls", "4"}, {"amd_log.apis", "hipGetDeviceCount, hipGetDevicePropertiesR0600"}},
       {}},
      {"cmake_hip_kerneldb", {"cmake-hip", "unknown"},
       {{"cmake_hip.errors[0].problem", "package_not_found"}, {"cmake_hip.errors[0].package", "hip"}},
       {"cmake.hip-package-not-found"}},
      {"cmake_hip_strix", {"cmake-hip", "unknown"},
       {{"cmake_hip.errors[0].package", "hip"}},
       {"cmake.hip-package-not-found"}},
      {"amd_smi_static_mi350", {"amd-smi"},
       {{"amd_smi.gpus[0].gfx", "gfx950"}, {"amd_smi.gpus[0].marketing_name", "AMD Instinct MI350X"}, {"amd_smi.gpus[0].pci_bdf", "0000:05:00.0"},
        {"amd_smi.gpus[0].driver_version", "6.18.3"}, {"gpus[0].gfx", "gfx950"}, {"gpus[0].marketing_name", "AMD Instinct MI350X"}},
       {}},
      {"amd_smi_list_mi210", {"amd-smi"},
       {{"amd_smi.gpus[0].pci_bdf", "0000:23:00.0"}, {"amd_smi.gpus[0].uuid", "67ff740f-0000-1000-80e6-b5bb3c3ce0db"},
        {"triage.prompts[0].user_name", "oossaeed"}},
       {}},
      {"amd_smi_metric_json_w7700", {"amd-smi"},
       {{"amd_smi.json", "true"}, {"amd_smi.gpus[0].gpu_percent", "42"}},
       {}},
      {"amd_smi_metric_text", {"amd-smi"},
       {{"amd_smi.gpus[0].gpu_percent", "0"}, {"amd_smi.gpus[0].socket_power_w", "20"}},
       {}},
      {"torch_cu102_nvidia_healthy", {"torch-version"},
       {{"frameworks.torch.version", "1.8.1+cu102"}, {"frameworks.torch.build", "cuda"}, {"triage.amd_seen", "false"}},
       {}},
  };
  return cases;
}

class TriagePaste : public ::testing::TestWithParam<PasteCase> {};

TEST_P(TriagePaste, FactsAndFindings) {
  const PasteCase& c = GetParam();
  Report report = TriageFixtures({c.name});
  for (const auto& [path, value] : c.facts) EXPECT_EQ(FactText(report, path), value) << c.name << ": " << path;
  EXPECT_EQ(FindingIds(report), c.findings) << c.name;
  EXPECT_EQ(Kinds(report), c.kinds) << c.name;
  // Every finding rests on quoted paste lines.
  for (const auto& f : report.findings) {
    bool quoted = false;
    for (const auto& e : f.evidence) quoted = quoted || (e.source.rfind("paste:", 0) == 0 && !e.excerpt.empty());
    EXPECT_TRUE(quoted) << c.name << ": " << f.rule_id << " has no quoted line";
  }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, TriagePaste, ::testing::ValuesIn(Cases()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace rd
