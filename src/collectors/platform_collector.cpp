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

// A small sysfs/proc value, trimmed. NotFound is an answer (""); any other error is recorded in
// `unknown` so that a decision made without that evidence is not presented as fact.
std::string ReadTrimmed(CollectContext& context, const std::string& path, std::vector<std::string>& unknown) {
  auto text = context.system.ReadFile(path, 4096);
  if (text) return std::string(Trim(*text));
  if (text.error().kind != ErrorKind::NotFound) unknown.push_back(text.error().message);
  return "";
}

bool Exists(CollectContext& context, const std::string& path, std::vector<std::string>& unknown) {
  auto exists = PathExists(context, path);
  if (!exists) unknown.push_back("stat " + path + ": not permitted");
  return exists.value_or(false);
}

void CollectContainer(CollectContext& context, Facts& facts, const Result<std::string>& mounts) {
  std::vector<std::string> unknown;
  ContainerEvidence evidence;
  evidence.dockerenv = Exists(context, "/.dockerenv", unknown);
  evidence.containerenv = Exists(context, "/run/.containerenv", unknown);
  evidence.container_env = context.system.GetEnv("container").value_or("");
  evidence.kubernetes_env = context.system.GetEnv("KUBERNETES_SERVICE_HOST").has_value();
  auto cgroup = context.system.ReadFile("/proc/self/cgroup", 64 * 1024);
  if (cgroup) evidence.cgroup = *cgroup;
  else unknown.push_back(cgroup.error().message);
  if (!mounts) unknown.push_back(mounts.error().message);
  evidence.root_fs_type = mounts ? ParseMountType(*mounts, "/").value_or("") : "";
  ContainerVerdict verdict = DetectContainer(evidence);
  if (verdict.kind == "none" && !unknown.empty()) {
    facts.MarkAbsent("container", "could not rule out a container: " + Join(unknown, "; "));
    return;
  }
  facts.Set("container.kind", verdict.kind, {"container detection", verdict.why});
  if (!verdict.why.empty()) facts.Set("container.why", verdict.why);
  if (auto shm = mounts ? ParseMountSize(*mounts, "/dev/shm") : std::nullopt) {
    facts.Set("container.shm_bytes", *shm, FileEvidence("/proc/self/mounts"));
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

void CollectVirt(CollectContext& context, Facts& facts, const Result<std::string>& cpuinfo) {
  std::vector<std::string> unknown;
  std::string vendor = ReadTrimmed(context, "/sys/class/dmi/id/sys_vendor", unknown);
  std::string product = ReadTrimmed(context, "/sys/class/dmi/id/product_name", unknown);
  std::string xen = ReadTrimmed(context, "/sys/hypervisor/type", unknown);
  if (!vendor.empty()) facts.Set("virt.vendor", Printable(vendor, 100), FileEvidence("/sys/class/dmi/id/sys_vendor"));
  if (!product.empty()) facts.Set("virt.product", Printable(product, 100), FileEvidence("/sys/class/dmi/id/product_name"));
  std::string kind = HypervisorFromDmi(context.data.value("hypervisors", nlohmann::json::object()), vendor, product);
  Evidence why{"file:/sys/class/dmi/id", Printable(vendor + " " + product, 120)};
  if (kind.empty() && !xen.empty()) {
    kind = Printable(xen, 20);
    why = FileEvidence("/sys/hypervisor/type", xen);
  }
  bool flag = cpuinfo && ParseCpuInfo(*cpuinfo).hypervisor;
  if (kind.empty() && flag) {
    kind = "unknown";
    why = FileEvidence("/proc/cpuinfo", "CPU flag 'hypervisor' set, DMI names no hypervisor");
  }
  if (kind.empty() && !cpuinfo) unknown.push_back(cpuinfo.error().message);
  if (kind.empty() && !unknown.empty()) {
    facts.MarkAbsent("virt.kind", "could not rule out a hypervisor: " + Join(unknown, "; "));
    return;
  }
  facts.Set("virt.kind", kind.empty() ? "none" : kind, why);
}

void CollectCgroup(CollectContext& context, Facts& facts) {
  std::vector<std::string> unknown;
  bool v2 = Exists(context, "/sys/fs/cgroup/cgroup.controllers", unknown);
  if (!unknown.empty()) {
    facts.MarkAbsent("cgroup", unknown.front());
    return;
  }
  facts.Set("cgroup.version", v2 ? 2 : 1, FileEvidence("/sys/fs/cgroup/cgroup.controllers"));
  std::string memory = ReadTrimmed(context, v2 ? "/sys/fs/cgroup/memory.max" : "/sys/fs/cgroup/memory/memory.limit_in_bytes", unknown);
  if (memory == "max") facts.Set("cgroup.memory_max_bytes", -1);
  else if (auto bytes = ParseInt(memory)) facts.Set("cgroup.memory_max_bytes", *bytes >= (1LL << 60) ? -1 : *bytes);
  if (v2) {
    auto cpu = Split(ReadTrimmed(context, "/sys/fs/cgroup/cpu.max", unknown), ' ');
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
  // issue 14, ux-review U2: "bare metal" is a finding about the machine, said only when both a
  // container and a hypervisor were ruled out, not when the files that tell could not be read.
  bool container_known = facts.Get("container.kind").value != nullptr, virt_known = facts.Get("virt.kind").value != nullptr;
  if (!container_known) parts.push_back("container or not: unknown");
  if (!virt_known) parts.push_back("virtual machine or not: unknown");
  return parts.empty() ? "bare metal" : Join(parts, " · ");
}

void CollectPlatform(CollectContext& context, Facts& facts) {
  auto mounts = context.system.ReadFile("/proc/self/mounts", 4 << 20);
  CollectContainer(context, facts, mounts);
  CollectWsl(context, facts);
  CollectVirt(context, facts, context.system.ReadFile("/proc/cpuinfo", 8 << 20));
  CollectCgroup(context, facts);
  if (auto limits = ReadForFact(context, facts, "/proc/self/limits", "limits")) {
    if (auto memlock = ParseMemlockLimit(*limits)) facts.Set("limits.memlock_bytes", *memlock, FileEvidence("/proc/self/limits", "Max locked memory"));
  }
  facts.Set("summary.platform", Summary(facts));
}

}  // namespace

Collector PlatformCollector() { return {"platform", "system", CollectPlatform, &kPlatformFacts}; }

}  // namespace rd
