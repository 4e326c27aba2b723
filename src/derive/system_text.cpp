// OS, kernel and torch facts from a paste's text, when no structured piece (os-release, uname,
// collect_env, a torch print) gave them: "Ubuntu 24.04" in prose, `uname -a`, a wheel name or
// `pip show torch`. Only ever fills what is absent, so the live route is unchanged.
#include <map>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"

namespace rd {

namespace {

bool Absent(const Facts& facts, const char* path) { return facts.Get(path).state != FactState::Present; }

// os-release ID for a distribution name as people write it.
std::string OsId(const std::string& name) {
  static const std::map<std::string, std::string> kIds = {
      {"ubuntu", "ubuntu"}, {"kubuntu", "ubuntu"}, {"xubuntu", "ubuntu"}, {"debian", "debian"}, {"debian gnu/linux", "debian"},
      {"fedora", "fedora"}, {"fedora linux", "fedora"}, {"arch linux", "arch"}, {"archlinux", "arch"}, {"manjaro", "manjaro"},
      {"endeavouros", "endeavouros"}, {"cachyos", "cachyos"}, {"opensuse tumbleweed", "opensuse-tumbleweed"},
      {"opensuse leap", "opensuse-leap"}, {"opensuse", "opensuse"}, {"linux mint", "linuxmint"}, {"pop!_os", "pop"},
      {"rocky linux", "rocky"}, {"almalinux", "almalinux"}, {"red hat enterprise linux", "rhel"}, {"rhel", "rhel"},
      {"centos", "centos"}, {"centos stream", "centos"}, {"nixos", "nixos"}, {"gentoo", "gentoo"}, {"void linux", "void"},
      {"bazzite", "bazzite"}, {"nobara", "nobara"}};
  auto it = kIds.find(ToLower(name));
  return it == kIds.end() ? "" : it->second;
}

const nlohmann::json* FirstEntity(const Facts& facts, const char* kind) {
  for (const auto& e : FactArray(facts, "triage.entities")) {
    if (Field(e, "kind") == kind) return &e;
  }
  return nullptr;
}

Evidence EntityEvidence(const nlohmann::json& e) {
  return {"derived", Field(e, "kind") + " on paste line " + std::to_string(e.value("line", 0)) + ": " + Printable(Field(e, "value"), 120)};
}

void DeriveOs(Facts& facts) {
  if (!Absent(facts, "os.id")) return;
  // A pasted os-release (ID=ubuntu, VERSION_ID="22.04") says it best.
  if (const auto* id = FirstEntity(facts, "os_release_id")) {
    facts.Set("os.id", Field(*id, "value"), EntityEvidence(*id));
    if (const auto* v = FirstEntity(facts, "os_release_version")) facts.Set("os.version_id", Field(*v, "value"), EntityEvidence(*v));
    return;
  }
  for (const auto& e : FactArray(facts, "triage.entities")) {
    if (Field(e, "kind") != "os_name") continue;
    std::string value = Field(e, "value");
    // "Ubuntu 22.04" -> name "Ubuntu", version "22.04"; "Arch Linux" has no version.
    std::string name = value, version;
    size_t space = value.find_last_of(' ');
    if (space != std::string::npos && !value.empty() && (std::isdigit(static_cast<unsigned char>(value[space + 1])) ||
                                                         value.substr(space + 1) == "tumbleweed")) {
      name = value.substr(0, space);
      version = value.substr(space + 1);
    }
    std::string id = OsId(name);
    if (id.empty()) continue;
    facts.Set("os.id", id, EntityEvidence(e));
    if (!version.empty() && std::isdigit(static_cast<unsigned char>(version[0]))) facts.Set("os.version_id", version, EntityEvidence(e));
    return;
  }
}

void DeriveKernel(Facts& facts) {
  if (!Absent(facts, "kernel.release")) return;
  for (const char* kind : {"kernel_release", "kernel_mention"}) {
    if (const auto* e = FirstEntity(facts, kind)) {
      facts.Set("kernel.release", Field(*e, "value"), EntityEvidence(*e));
      return;
    }
  }
}

void DeriveTorch(Facts& facts) {
  if (Absent(facts, "frameworks.torch.version")) {
    // The most specific mention: "2.3.0.dev20240126+rocm6.0" over a bare "2.3.0.dev20240126".
    const nlohmann::json* best = nullptr;
    for (const auto& e : FactArray(facts, "triage.entities")) {
      if (Field(e, "kind") != "torch_version") continue;
      if (!best || (StartsWith(Field(e, "value"), Field(*best, "value")) && Field(e, "value").size() > Field(*best, "value").size())) best = &e;
    }
    if (best) facts.Set("frameworks.torch.version", Field(*best, "value"), EntityEvidence(*best));
  }
  // torch's HIP line from its wheel tag (+rocm6.0) when nothing printed torch.version.hip.
  std::string version = FactText(facts, "frameworks.torch.version");
  if (size_t at = version.find("+rocm"); at != std::string::npos && Absent(facts, "frameworks.torch.hip")) {
    facts.Set("frameworks.torch.hip", version.substr(at + 5), {"derived", "wheel tag of torch " + version});
  }
}

void DeriveAmdgpuLoaded(Facts& facts) {
  if (!Absent(facts, "driver.amdgpu.loaded")) return;
  // inxi "driver: amdgpu", lspci -k "Kernel driver in use: amdgpu", an lsmod line.
  if (const auto* e = FirstEntity(facts, "amdgpu_loaded")) facts.Set("driver.amdgpu.loaded", true, EntityEvidence(*e));
}

}  // namespace

void DeriveSystemFromText(Facts& facts) {
  DeriveOs(facts);
  DeriveKernel(facts);
  DeriveTorch(facts);
  DeriveAmdgpuLoaded(facts);
}

}  // namespace rd
