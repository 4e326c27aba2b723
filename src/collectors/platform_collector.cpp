// System section, part 2: container, WSL, virtual machine, cgroup limits, process limits.
// pitfalls.md #15-17 (containers), #32 (VMs), #33 (WSL), #34 (memlock).
#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "parsers/container_detect.h"
#include "parsers/proc_files.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kPlatformFacts = {
    {"container.kind", "string", "none, docker, podman, kubernetes, lxc, systemd-nspawn or container"},
    {"container.why", "string", "The evidence that decided container.kind"},
    {"container.shm_bytes", "int", "Size of the /dev/shm tmpfs"},
    {"container.shm_mib", "int", "Size of the /dev/shm tmpfs in MiB"},
    {"container.seccomp", "int", "Seccomp mode of this process (0 off, 1 strict, 2 filter)"},
    {"wsl.detected", "bool", "Running under Windows Subsystem for Linux"},
    {"wsl.version", "int", "1 or 2"},
    {"wsl.dxg", "bool", "/dev/dxg exists (the WSL GPU paravirtualization device)"},
    {"virt.kind", "string", "none, or the hypervisor (kvm, vmware, hyper-v, xen, …; 'unknown' with only the CPU flag)"},
    {"virt.vendor", "string", "DMI sys_vendor"},
    {"virt.product", "string", "DMI product_name"},
    {"cgroup.version", "int", "1 or 2"},
    {"cgroup.memory_max_bytes", "int", "cgroup memory limit, -1 when unlimited"},
    {"cgroup.cpu_max_cores", "number", "cgroup CPU quota in cores, -1 when unlimited"},
    {"limits.memlock_bytes", "int", "RLIMIT_MEMLOCK soft limit, -1 when unlimited"},
    {"summary.platform", "string", "One-line summary: container, WSL, VM"},
};

std::string ReadTrimmed(CollectContext& context, const std::string& path) {
  auto text = context.system.ReadFile(path, 4096);
  return text ? std::string(Trim(*text)) : std::string();
}

void CollectContainer(CollectContext& context, Facts& facts, const std::string& mounts) {
  ContainerEvidence evidence;
  evidence.dockerenv = PathExists(context, "/.dockerenv").value_or(false);
  evidence.containerenv = PathExists(context, "/run/.containerenv").value_or(false);
  evidence.container_env = context.system.GetEnv("container").value_or("");
  evidence.kubernetes_env = context.system.GetEnv("KUBERNETES_SERVICE_HOST").has_value();
  auto cgroup = context.system.ReadFile("/proc/self/cgroup", 64 * 1024);
  evidence.cgroup = cgroup ? *cgroup : "";
  evidence.root_fs_type = ParseMountType(mounts, "/").value_or("");
  ContainerVerdict verdict = DetectContainer(evidence);
  facts.Set("container.kind", verdict.kind, {"container detection", verdict.why});
  if (!verdict.why.empty()) facts.Set("container.why", verdict.why);
  if (auto shm = ParseMountSize(mounts, "/dev/shm")) {
    facts.Set("container.shm_bytes", *shm, FileEvidence("/proc/self/mounts"));
    facts.Set("container.shm_mib", *shm / (1024 * 1024), FileEvidence("/proc/self/mounts"));
  }
  if (auto status = context.system.ReadFile("/proc/self/status", 64 * 1024)) {
    if (auto mode = ParseStatusField(*status, "Seccomp"); mode && ParseInt(*mode)) {
      facts.Set("container.seccomp", *ParseInt(*mode), FileEvidence("/proc/self/status", "Seccomp: " + *mode));
    }
  }
}

void CollectWsl(CollectContext& context, Facts& facts) {
  auto version = context.system.ReadFile("/proc/version", 4096);
  if (!version) {
    facts.MarkAbsent("wsl", version.error().message);
    return;
  }
  WslVerdict wsl = DetectWsl(*version, context.system.GetEnv("WSL_DISTRO_NAME").has_value());
  facts.Set("wsl.detected", wsl.detected, FileEvidence("/proc/version", wsl.why));
  if (!wsl.detected) return;
  if (wsl.version) facts.Set("wsl.version", wsl.version, FileEvidence("/proc/version"));
  if (auto dxg = PathExists(context, "/dev/dxg")) facts.Set("wsl.dxg", *dxg, {"stat:/dev/dxg", ""});
}

// Hypervisor names from DMI strings live in rules/data/hypervisors.toml (data, not code).
std::string HypervisorFromDmi(const nlohmann::json& table, const std::string& vendor, const std::string& product) {
  if (!table.contains("match") || !table["match"].is_array()) return "";
  std::string haystack = ToLower(vendor + " " + product);
  for (const auto& entry : table["match"]) {
    if (!entry.is_object() || !entry.contains("contains") || !entry["contains"].is_string()) continue;
    if (haystack.find(ToLower(entry["contains"].get<std::string>())) != std::string::npos) return entry.value("kind", "");
  }
  return "";
}

void CollectVirt(CollectContext& context, Facts& facts, bool cpu_flag) {
  std::string vendor = ReadTrimmed(context, "/sys/class/dmi/id/sys_vendor");
  std::string product = ReadTrimmed(context, "/sys/class/dmi/id/product_name");
  std::string xen = ReadTrimmed(context, "/sys/hypervisor/type");
  if (!vendor.empty()) facts.Set("virt.vendor", Printable(vendor, 100), FileEvidence("/sys/class/dmi/id/sys_vendor"));
  if (!product.empty()) facts.Set("virt.product", Printable(product, 100), FileEvidence("/sys/class/dmi/id/product_name"));
  std::string kind = HypervisorFromDmi(context.data.value("hypervisors", nlohmann::json::object()), vendor, product);
  Evidence why{"file:/sys/class/dmi/id", Printable(vendor + " " + product, 120)};
  if (kind.empty() && !xen.empty()) {
    kind = Printable(xen, 20);
    why = FileEvidence("/sys/hypervisor/type", xen);
  }
  if (kind.empty() && cpu_flag) {
    kind = "unknown";
    why = FileEvidence("/proc/cpuinfo", "CPU flag 'hypervisor' set, DMI names no hypervisor");
  }
  facts.Set("virt.kind", kind.empty() ? "none" : kind, why);
}

void CollectCgroup(CollectContext& context, Facts& facts) {
  bool v2 = PathExists(context, "/sys/fs/cgroup/cgroup.controllers").value_or(false);
  facts.Set("cgroup.version", v2 ? 2 : 1, FileEvidence("/sys/fs/cgroup/cgroup.controllers"));
  std::string memory = ReadTrimmed(context, v2 ? "/sys/fs/cgroup/memory.max" : "/sys/fs/cgroup/memory/memory.limit_in_bytes");
  if (memory == "max") facts.Set("cgroup.memory_max_bytes", -1);
  else if (auto bytes = ParseInt(memory)) facts.Set("cgroup.memory_max_bytes", *bytes >= (1LL << 60) ? -1 : *bytes);
  if (v2) {
    auto cpu = Split(ReadTrimmed(context, "/sys/fs/cgroup/cpu.max"), ' ');
    if (cpu.size() == 2 && cpu[0] == "max") facts.Set("cgroup.cpu_max_cores", -1);
    else if (cpu.size() == 2 && ParseInt(cpu[0]) && ParseInt(cpu[1]) && *ParseInt(cpu[1]) > 0) {
      facts.Set("cgroup.cpu_max_cores", static_cast<double>(*ParseInt(cpu[0])) / static_cast<double>(*ParseInt(cpu[1])));
    }
  }
}

std::string Summary(const Facts& facts) {
  std::vector<std::string> parts;
  auto text = [&](const char* path) {
    auto v = facts.Get(path);
    return v.value && v.value->is_string() ? v.value->get<std::string>() : std::string();
  };
  auto wsl = facts.Get("wsl.detected");
  if (wsl.value && wsl.value->is_boolean() && wsl.value->get<bool>()) parts.push_back("WSL");
  if (std::string kind = text("container.kind"); !kind.empty() && kind != "none") parts.push_back(kind + " container");
  if (std::string virt = text("virt.kind"); !virt.empty() && virt != "none") {
    parts.push_back(virt == "unknown" ? "virtual machine" : virt + " virtual machine");
  }
  return parts.empty() ? "bare metal" : Join(parts, " · ");
}

void CollectPlatform(CollectContext& context, Facts& facts) {
  auto mounts = context.system.ReadFile("/proc/self/mounts", 4 << 20);
  CollectContainer(context, facts, mounts ? *mounts : "");
  CollectWsl(context, facts);
  auto cpuinfo = context.system.ReadFile("/proc/cpuinfo", 8 << 20);
  CollectVirt(context, facts, cpuinfo && ParseCpuInfo(*cpuinfo).hypervisor);
  CollectCgroup(context, facts);
  if (auto limits = ReadForFact(context, facts, "/proc/self/limits", "limits")) {
    if (auto memlock = ParseMemlockLimit(*limits)) facts.Set("limits.memlock_bytes", *memlock, FileEvidence("/proc/self/limits", "Max locked memory"));
  }
  facts.Set("summary.platform", Summary(facts));
}

}  // namespace

Collector PlatformCollector() { return {"platform", "system", CollectPlatform, &kPlatformFacts}; }

}  // namespace rd
