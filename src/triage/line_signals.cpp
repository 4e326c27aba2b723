#include "triage/line_signals.h"

#include <algorithm>

#include "parsers/compose_services.h"
#include "parsers/device_listing.h"
#include "parsers/dkms_status.h"
#include "parsers/gpu_runtime_warnings.h"
#include "parsers/kernel_driver.h"
#include "parsers/pip_resolution.h"
#include "parsers/python_versions.h"
#include "parsers/rocm_version.h"
#include "parsers/secure_boot.h"
#include "parsers/torch_version.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxDkmsModules = 64;  // per paste, over all pieces

bool AlreadyTrue(const Facts& facts, std::string_view path) {
  auto f = facts.Get(path);
  return f.value && f.value->is_boolean() && f.value->get<bool>();
}

void SetOnce(Facts& facts, const std::string& path, const nlohmann::json& value, const Evidence& ev) {
  if (!facts.Get(path).value) facts.Set(path, value, ev);
}

void AddDkmsStatus(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!LooksLikeDkmsStatus(text)) return;
  DkmsStatus status = ParseDkmsStatus(text);
  for (const auto& m : status.modules) {
    size_t index = NextIndex(facts, "dkms.modules");
    if (index >= kMaxDkmsModules) break;
    Evidence ev = PasteLine(origin, m.line, m.text);
    std::string at = "dkms.modules[" + std::to_string(index) + "]";
    facts.Set(at + ".module", m.module, ev);
    facts.Set(at + ".version", m.version);
    facts.Set(at + ".kernel", m.kernel);
    facts.Set(at + ".arch", m.arch);
    facts.Set(at + ".state", m.state);
    facts.Set(at + ".warning", m.warning);
    facts.Set(at + ".line", static_cast<int>(origin.first_line + m.line));
    facts.SetEvidence(at, ev);
  }
  if (!status.headers_missing_kernel.empty()) {
    SetOnce(facts, "dkms.headers_missing_kernel", status.headers_missing_kernel,
            PasteLine(origin, status.headers_line, status.headers_text));
  }
}

void AddSecureBoot(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "Secure") && !Contains(text, "Key was rejected") && !Contains(text, "module verification failed")) return;
  SecureBootSignals sb = ParseSecureBootSignals(text);
  if (sb.enabled) {
    // mokutil's own answer outranks an inference from a refused module.
    facts.Set("driver.secure_boot", *sb.enabled, PasteLine(origin, sb.state_line->line, sb.state_line->text));
  }
  if (sb.key_rejected) {
    Evidence ev = PasteLine(origin, sb.key_rejected->line, sb.key_rejected->text);
    facts.Set("kernel_log.key_rejected", true, ev);
    // The kernel refuses an unsigned or unenrolled module only when it enforces signatures,
    // which on a desktop means Secure Boot (lockdown); a stated mokutil answer wins.
    SetOnce(facts, "driver.secure_boot", true, ev);
  }
  if (sb.verification_failed && !AlreadyTrue(facts, "kernel_log.module_verification_failed")) {
    facts.Set("kernel_log.module_verification_failed", true,
              PasteLine(origin, sb.verification_failed->line, sb.verification_failed->text));
  }
}

void AddPip(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "satisfies the requirement") && !Contains(text, "No matching distribution")) return;
  auto r = ParsePipResolution(text);
  if (!r || AlreadyTrue(facts, "pip.no_matching_distribution")) return;
  Evidence ev = PasteLine(origin, r->line, r->text);
  facts.Set("pip.no_matching_distribution", true, ev);
  facts.Set("pip.no_matching_requirement", r->requirement, ev);
  facts.Set("pip.available_versions", r->versions, ev);
}

void AddPythonVersions(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "ython") && !Contains(text, "py -3") && !Contains(text, "cp3")) return;
  for (const auto& v : ScanPythonVersions(text)) {
    Evidence ev = PasteLine(origin, v.line, v.text);
    SetOnce(facts, "python.version_seen", v.version, ev);
    AppendUnique(facts, "python.versions_seen", v.version, ev, 16);
  }
}

void AddRuntimeWarnings(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "iGPU") && !Contains(text, "amdgpu version file") && !Contains(text, "iommu=pt")) return;
  GpuRuntimeWarnings w = ScanGpuRuntimeWarnings(text);
  if (w.ollama_igpu_skipped) {
    SetOnce(facts, "log.ollama_igpu_skipped", true, PasteLine(origin, w.ollama_igpu_skipped->line, w.ollama_igpu_skipped->text));
  }
  if (w.amdgpu_version_file_missing) {
    SetOnce(facts, "log.amdgpu_version_file_missing", true,
            PasteLine(origin, w.amdgpu_version_file_missing->line, w.amdgpu_version_file_missing->text));
  }
  if (w.rccl_iommu_pt_missing) {
    Evidence ev = PasteLine(origin, w.rccl_iommu_pt_missing->line, w.rccl_iommu_pt_missing->text);
    SetOnce(facts, "rccl.iommu_pt_missing", true, ev);
    // RCCL reads /proc/cmdline: the warning is the kernel command line's answer.
    SetOnce(facts, "driver.iommu_pt", false, ev);
  }
}

void AddK8s(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "amd.com/gpu")) return;
  K8sGpuRequest k = ScanK8sGpuRequest(text);
  auto lines = SplitLines(text);
  auto line_text = [&](size_t i) { return i < lines.size() ? std::string_view(lines[i]).substr(0, 400) : std::string_view(); };
  if (k.requested) SetOnce(facts, "k8s.amd_gpu_requested", true, PasteLine(origin, k.line, line_text(k.line)));
  if (k.insufficient) {
    SetOnce(facts, "k8s.insufficient_amd_gpu", true, PasteLine(origin, k.insufficient_line, line_text(k.insufficient_line)));
  }
}

// A pasted kernel command line (`cat /proc/cmdline`: "BOOT_IMAGE=/vmlinuz-… iommu=pt", dmesg's
// "Kernel command line: …"), read with the driver collector's own parser so both routes agree.
void AddKernelCmdline(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "BOOT_IMAGE=") && !Contains(text, "Kernel command line:")) return;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size() && i < 20000; ++i) {
    std::string_view line = std::string_view(lines[i]).substr(0, 8192);
    size_t at = line.find("Kernel command line:");
    std::string_view cmdline;
    if (at != std::string_view::npos) cmdline = Trim(line.substr(at + 20));
    else if (size_t boot = line.find("BOOT_IMAGE="); boot != std::string_view::npos && (boot == 0 || line[boot - 1] == ' ')) cmdline = Trim(line.substr(boot));
    if (cmdline.empty() || facts.Get("driver.cmdline").value) continue;
    CmdlineFacts parsed = ParseKernelCmdline(cmdline);
    Evidence ev = PasteLine(origin, i, line);
    facts.Set("driver.cmdline", std::string(cmdline.substr(0, 2000)), ev);
    SetOnce(facts, "driver.amdgpu.nomodeset", parsed.nomodeset, ev);
    SetOnce(facts, "driver.iommu_pt", parsed.iommu_pt, ev);
    SetOnce(facts, "driver.amdgpu.cmdline_params", parsed.amdgpu_params, ev);
    return;
  }
}

// A pasted `dpkg -l` / `apt list --installed`: the ROCm packages it lists, as the live route reads
// them from /var/lib/dpkg/status (ROCm/ROCm#1357: rock-dkms 1:4.0-23 beside rocm 4.1).
void AddPackageListing(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "ii  ") && !Contains(text, "[installed")) return;
  std::vector<size_t> lines;
  auto packages = ParsePackageListing(text, kRocmPackagePrefixes, &lines);
  if (packages.empty()) return;
  auto all = SplitLines(text);
  for (size_t i = 0; i < packages.size(); ++i) {
    size_t index = NextIndex(facts, "rocm.packages");
    if (index >= 256) break;
    std::string at = "rocm.packages[" + std::to_string(index) + "]";
    Evidence ev = PasteLine(origin, lines[i], all[lines[i]]);
    facts.Set(at + ".name", packages[i].name, ev);
    facts.Set(at + ".version", packages[i].version, ev);
  }
  SetOnce(facts, "rocm.packages_source", "paste", PasteLine(origin, lines[0], all[lines[0]]));
}

// A pasted `ls -l /dev/kfd /dev/dri`: who owns the GPU device nodes, in the live access
// collector's names (devices.kfd.*, devices.render[]), so one set of access rules reads both.
void AddDeviceNodes(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  if (!Contains(text, "kfd") && !Contains(text, "renderD")) return;
  auto all = SplitLines(text);
  for (const auto& node : ParseDeviceListing(text)) {
    Evidence ev = PasteLine(origin, node.line, all[node.line]);
    if (node.name == "kfd") {
      SetOnce(facts, "devices.kfd.exists", true, ev);
      SetOnce(facts, "devices.kfd.is_char_device", node.char_device, ev);
      // ls prints the number when this system has no name for the group (a container's image)
      if (auto gid = ParseInt(node.group); gid && *gid >= 0) SetOnce(facts, "devices.kfd.gid", *gid, ev);
      else SetOnce(facts, "devices.kfd.group", node.group, ev);
      SetOnce(facts, "devices.kfd.mode", node.mode, ev);
    } else if (StartsWith(node.name, "renderD")) {
      size_t index = NextIndex(facts, "devices.render");
      if (index >= 16) continue;
      std::string at = "devices.render[" + std::to_string(index) + "]";
      facts.Set(at + ".path", "/dev/dri/" + node.name, ev);
      facts.Set(at + ".group", node.group, ev);
      facts.Set(at + ".mode", node.mode, ev);
    }
  }
}

// `torch.cuda.is_available()` asked anywhere, answered a few lines on: the same fact the live
// torch probe and a pasted collect_env write.
void AddTorchAvailable(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  auto answer = FindCudaAvailableAnswer(text);
  if (!answer) return;
  auto all = SplitLines(text);
  SetOnce(facts, "frameworks.torch_runtime.available", answer->available, PasteLine(origin, answer->line, all[answer->line]));
}

}  // namespace

void AddLineSignalFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts) {
  std::string_view text = piece.text;
  AddDkmsStatus(text, origin, facts);
  AddSecureBoot(text, origin, facts);
  AddPip(text, origin, facts);
  AddPythonVersions(text, origin, facts);
  AddRuntimeWarnings(text, origin, facts);
  AddK8s(text, origin, facts);
  AddKernelCmdline(text, origin, facts);
  AddPackageListing(text, origin, facts);
  AddDeviceNodes(text, origin, facts);
  AddTorchAvailable(text, origin, facts);
}

const std::vector<FactSpec>& LineSignalFactSpecs() {
  static const std::vector<FactSpec> specs = {
      {"dkms.modules", "array", "`dkms status` lines: one per module build"},
      {"dkms.modules.module", "string", "Module name (amdgpu)"},
      {"dkms.modules.version", "string", "Module version (6.8.5-2041575.24.04)"},
      {"dkms.modules.kernel", "string", "Kernel it was built for; empty for an added-only module"},
      {"dkms.modules.arch", "string", "Architecture (x86_64); empty for an added-only module"},
      {"dkms.modules.state", "string", "added | built | installed | broken"},
      {"dkms.modules.warning", "string", "The (WARNING …) tail of the line, empty when none"},
      {"dkms.modules.line", "int", "Line in the paste"},
      {"dkms.headers_missing_kernel", "string", "Kernel whose headers DKMS could not find"},
      {"driver.secure_boot", "bool", "Secure Boot is on (mokutil --sb-state, bootctl, or a key rejected by the kernel)"},
      {"driver.cmdline", "string", "Kernel command line (/proc/cmdline)"},
      {"rocm.packages", "array", "ROCm packages a pasted dpkg -l / apt list shows"},
      {"rocm.packages.name", "string", "Package name"},
      {"rocm.packages.version", "string", "Package version"},
      {"rocm.packages_source", "string", "paste"},
      {"driver.amdgpu.nomodeset", "bool", "nomodeset on the kernel command line"},
      {"driver.iommu_pt", "bool", "iommu=pt on the kernel command line"},
      {"driver.amdgpu.cmdline_params", "array", "amdgpu.* parameters on the kernel command line"},
      {"kernel_log.key_rejected", "bool", "modprobe/insmod: Key was rejected by service (signature enforced)"},
      {"kernel_log.module_verification_failed", "bool", "module verification failed: an unsigned module loaded (taint)"},
      {"pip.no_matching_distribution", "bool", "pip found no version of a requirement"},
      {"pip.no_matching_requirement", "string", "The requirement pip could not satisfy (torch)"},
      {"pip.available_versions", "string", "What pip listed under (from versions: …); none when nothing"},
      {"python.version_seen", "string", "First Python version (3.x) the paste shows in use"},
      {"python.versions_seen", "array", "Every distinct Python version (3.x) the paste shows"},
      {"log.ollama_igpu_skipped", "bool", "ollama: unsupported Radeon iGPU detected skipping"},
      {"log.amdgpu_version_file_missing", "bool", "ollama: amdgpu version file missing (no /sys/module/amdgpu/version)"},
      {"rccl.iommu_pt_missing", "bool", "RCCL: Missing \"iommu=pt\" from kernel command line"},
      {"driver.iommu_pt", "bool", "iommu=pt on the kernel command line"},
      {"devices.kfd.exists", "bool", "/dev/kfd exists (a pasted ls -l lists it)"},
      {"devices.kfd.is_char_device", "bool", "/dev/kfd is a character device"},
      {"devices.kfd.group", "string", "Group owning /dev/kfd (pasted ls -l)"},
      {"devices.kfd.gid", "int", "GID owning /dev/kfd where the pasted ls -l shows a number (no name for it there)"},
      {"devices.kfd.mode", "string", "Permission bits of /dev/kfd (0660)"},
      {"devices.render", "array", "Render nodes a pasted ls -l lists"},
      {"devices.render.path", "string", "/dev/dri/renderD128"},
      {"devices.render.group", "string", "Group owning it"},
      {"devices.render.mode", "string", "Permission bits (0660, 0666)"},
      {"frameworks.torch_runtime.available", "bool", "torch.cuda.is_available() answered in the paste"},
      {"k8s.amd_gpu_requested", "bool", "A pasted pod spec requests amd.com/gpu under resources"},
      {"k8s.insufficient_amd_gpu", "bool", "The scheduler said Insufficient amd.com/gpu (no node advertises a free AMD GPU)"},
  };
  return specs;
}

}  // namespace rd
