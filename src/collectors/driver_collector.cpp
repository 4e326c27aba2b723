// GPUs section, part 2: is amdgpu there and why not. pitfalls.md #23-#25 (module, DKMS, Secure
// Boot, nomodeset/blacklist), #28 (firmware), #30 (atomics), #31 (iommu=pt).
#include <map>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "parsers/kernel_driver.h"
#include "parsers/kernel_log.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kDriverFacts = {
    {"driver.amdgpu.loaded", "bool", "/sys/module/amdgpu exists (module loaded or built in)"},
    {"driver.amdgpu.builtin", "bool", "amdgpu is built into the kernel (no initstate file)"},
    {"driver.amdgpu.initstate", "string", "/sys/module/amdgpu/initstate (live, coming, going)"},
    {"driver.amdgpu.version", "string", "/sys/module/amdgpu/version: only amdgpu-dkms builds have it"},
    {"driver.amdgpu.dkms", "bool", "The loaded amdgpu is a DKMS build (has a version file)"},
    {"driver.amdgpu.blacklisted", "bool", "A modprobe.d file or the kernel command line keeps amdgpu out"},
    {"driver.amdgpu.blacklist_source", "string", "Where the blacklist is"},
    {"driver.amdgpu.nomodeset", "bool", "nomodeset on the kernel command line (amdgpu will not load)"},
    {"driver.amdgpu.cmdline_params", "array", "amdgpu.* parameters on the kernel command line"},
    {"driver.cmdline", "string", "/proc/cmdline"},
    {"driver.iommu_pt", "bool", "iommu=pt on the kernel command line"},
    {"driver.iommu_active", "bool", "/sys/class/iommu lists an IOMMU (DMA remapping on)"},
    {"driver.secure_boot", "bool", "UEFI Secure Boot is enabled (from the SecureBoot EFI variable)"},
    {"driver.log.readable", "bool", "The kernel log could be read without root"},
    {"driver.log.reason", "string", "Why the kernel log could not be read"},
    {"driver.log.error_count", "int", "amdgpu/kfd error lines in the kernel log"},
    {"driver.log.errors", "array", "The first amdgpu/kfd error lines"},
    // dmesg's events: the kernel_log.* facts a pasted kernel log gives (parsers/kernel_log.h).
    {"kernel_log.amd_lines", "int", "amdgpu/kfd/drm lines in the kernel log"},
    {"kernel_log.probe_failures", "array", "amdgpu: probe of <pci> failed with error <n>"},
    {"kernel_log.firmware_failures", "array", "Direct firmware load for amdgpu/<file> failed"},
    {"kernel_log.ring_timeouts", "array", "ring <name> timeout lines (GPU hang)"},
    {"kernel_log.page_faults", "array", "GPU page fault lines"},
    {"kernel_log.atomics_rejected", "array", "kfd: skipped device …, PCI rejects atomics"},
    {"kernel_log.kfd_unsupported", "array", "kfd: amdgpu: <ASIC> not supported in kfd"},
    {"summary.driver", "string", "One-line summary of the amdgpu driver state"},
};

void CollectModule(CollectContext& context, Facts& facts) {
  auto exists = PathExists(context, "/sys/module/amdgpu");
  if (!exists) {
    facts.MarkAbsent("driver.amdgpu.loaded", "/sys/module/amdgpu: cannot be checked");
    return;
  }
  facts.Set("driver.amdgpu.loaded", *exists, {"stat:/sys/module/amdgpu", *exists ? "exists" : "does not exist"});
  if (!*exists) return;
  auto initstate = context.system.ReadFile("/sys/module/amdgpu/initstate", 4096);
  // Built-in modules have no initstate (pitfalls.md #25: smi tools misreport them as missing).
  bool builtin = !initstate && initstate.error().kind == ErrorKind::NotFound;
  facts.Set("driver.amdgpu.builtin", builtin, FileEvidence("/sys/module/amdgpu/initstate", builtin ? "absent" : ""));
  if (initstate) facts.Set("driver.amdgpu.initstate", Printable(Trim(*initstate), 20), FileEvidence("/sys/module/amdgpu/initstate"));
  auto version = context.system.ReadFile("/sys/module/amdgpu/version", 4096);
  facts.Set("driver.amdgpu.dkms", version.ok(), FileEvidence("/sys/module/amdgpu/version", version ? "" : "absent: in-tree driver"));
  if (version) facts.Set("driver.amdgpu.version", Printable(Trim(*version), 60), FileEvidence("/sys/module/amdgpu/version"));
}

void CollectCmdline(CollectContext& context, Facts& facts, bool& blacklisted, std::string& source) {
  auto cmdline = ReadForFact(context, facts, "/proc/cmdline", "driver.cmdline", 64 * 1024);
  if (!cmdline) {
    facts.MarkAbsent("driver.amdgpu.nomodeset", "/proc/cmdline unreadable");
    facts.MarkAbsent("driver.iommu_pt", "/proc/cmdline unreadable");
    return;
  }
  CmdlineFacts parsed = ParseKernelCmdline(*cmdline);
  Evidence ev = FileEvidence("/proc/cmdline", Printable(Trim(*cmdline), 300));
  facts.Set("driver.cmdline", Printable(Trim(*cmdline), 2000), ev);
  facts.Set("driver.amdgpu.nomodeset", parsed.nomodeset, ev);
  facts.Set("driver.iommu_pt", parsed.iommu_pt, ev);
  facts.Set("driver.amdgpu.cmdline_params", parsed.amdgpu_params, ev);
  if (parsed.blacklisted) blacklisted = true, source = "/proc/cmdline";
}

void CollectBlacklist(CollectContext& context, bool& blacklisted, std::string& source) {
  for (const char* dir : {"/etc/modprobe.d", "/usr/lib/modprobe.d", "/lib/modprobe.d", "/run/modprobe.d"}) {
    auto names = context.system.ListDir(dir);
    if (!names) continue;
    for (size_t i = 0; i < names->size() && i < 200 && !blacklisted; ++i) {
      if (!EndsWith((*names)[i], ".conf")) continue;
      std::string path = std::string(dir) + "/" + (*names)[i];
      auto text = context.system.ReadFile(path, 256 * 1024);
      if (!text) continue;
      if (auto line = FindAmdgpuBlacklist(*text)) blacklisted = true, source = path + ": " + *line;
    }
  }
}

void CollectSecureBoot(CollectContext& context, Facts& facts) {
  const std::string var = "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-e0ba0b3a0c13";
  auto efi = PathExists(context, "/sys/firmware/efi");
  if (efi && !*efi) {
    facts.Set("driver.secure_boot", false, {"stat:/sys/firmware/efi", "absent: legacy BIOS boot"});
    return;
  }
  auto bytes = context.system.ReadFile(var, 64);
  if (!bytes) {
    facts.MarkAbsent("driver.secure_boot", bytes.error().message);
    return;
  }
  if (auto on = ParseSecureBootVar(*bytes)) facts.Set("driver.secure_boot", *on, FileEvidence(var));
  else facts.MarkAbsent("driver.secure_boot", var + ": not the 5-byte EFI variable format");
}

// The events of dmesg under the names a pasted kernel log's get (kernel_log.*), so one rule
// serves both (issue 13: driver.log.atomics_rejected and kernel_log.atomics_rejected were two).
void SetKernelLogEvents(const std::string& out, Facts& facts) {
  KernelLog log = ParseKernelLog(out);
  facts.Set("kernel_log.amd_lines", static_cast<int>(log.amd_lines), Evidence{"cmd:dmesg", ""});
  std::map<std::string, size_t> next;
  for (const auto& e : log.events) {
    KernelLogFacts element = KernelLogEventFacts(e);
    if (element.array.empty()) continue;
    Evidence ev{"cmd:dmesg", Printable(e.text, 300)};
    std::string at = "kernel_log." + element.array + "[" + std::to_string(next[element.array]++) + "]";
    for (const auto& [key, value] : element.fields) facts.Set(at + "." + key, value, ev);
    facts.Set(at + ".message", Printable(e.text, 300), ev);
  }
}

// dmesg without root: works unless kernel.dmesg_restrict=1; say so when it does not.
void CollectKernelLog(CollectContext& context, Facts& facts) {
  if (context.quick) {
    facts.MarkAbsent("driver.log", "dmesg not run: check --quick");
    return;
  }
  CommandSpec spec;
  spec.argv = {"dmesg"};
  spec.timeout = std::chrono::milliseconds(2000);
  spec.max_output = 8 << 20;
  CommandResult r = context.system.Run(spec);
  if (!r.started || r.exit_code != 0 || r.timed_out) {
    std::string why = !r.started ? r.start_error : r.timed_out ? "dmesg timed out" : Printable(Trim(r.err), 200);
    if (why.empty()) why = "dmesg exited with " + std::to_string(r.exit_code);
    facts.Set("driver.log.readable", false, {"cmd:dmesg", why});
    facts.Set("driver.log.reason", why + " (kernel.dmesg_restrict=1 needs root; run `sudo dmesg | grep -i amdgpu`)");
    facts.MarkAbsent("driver.log.error_count", "kernel log not readable: " + why);
    return;
  }
  KernelLogSummary log = ScanKernelLog(r.out);
  Evidence ev{"cmd:dmesg", log.errors.empty() ? "" : log.errors.front()};
  facts.Set("driver.log.readable", true, ev);
  facts.Set("driver.log.error_count", log.error_count, ev);
  facts.Set("driver.log.errors", log.errors, ev);
  SetKernelLogEvents(r.out, facts);
}

std::string Summary(const Facts& facts) {
  auto loaded = facts.Get("driver.amdgpu.loaded");
  if (!loaded.value) return "amdgpu state unknown";
  if (!loaded.value->get<bool>()) return "amdgpu is not loaded";
  auto version = facts.Get("driver.amdgpu.version");
  auto builtin = facts.Get("driver.amdgpu.builtin");
  std::string kind = builtin.value && builtin.value->get<bool>() ? "built into the kernel" : "loaded";
  return "amdgpu " + kind + (version.value ? " (DKMS " + version.value->get<std::string>() + ")" : " (in-tree)");
}

void CollectDriver(CollectContext& context, Facts& facts) {
  CollectModule(context, facts);
  bool blacklisted = false;
  std::string source;
  CollectCmdline(context, facts, blacklisted, source);
  CollectBlacklist(context, blacklisted, source);
  facts.Set("driver.amdgpu.blacklisted", blacklisted, {"modprobe.d + /proc/cmdline", source});
  if (blacklisted) facts.Set("driver.amdgpu.blacklist_source", source);
  auto iommu = context.system.ListDir("/sys/class/iommu");
  facts.Set("driver.iommu_active", iommu.ok() && !iommu->empty(), FileEvidence("/sys/class/iommu"));
  CollectSecureBoot(context, facts);
  CollectKernelLog(context, facts);
  facts.Set("summary.driver", Summary(facts));
}

}  // namespace

Collector DriverCollector() { return {"driver", "gpu", CollectDriver, &kDriverFacts}; }

}  // namespace rd
