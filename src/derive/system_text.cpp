// OS, kernel and torch facts from a paste's text, when no structured piece (os-release, uname,
// collect_env, a torch print) gave them: "Ubuntu 24.04" in prose, `uname -a`, a wheel name or
// `pip show torch`. Only ever fills what is absent, so the live route is unchanged.
#include <cctype>
#include <map>
#include <utility>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/regex.h"
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
      {"bazzite", "bazzite"}, {"nobara", "nobara"},
      {"arch", "arch"}, {"oracle linux", "ol"}, {"oracle linux server", "ol"}, {"sles", "sles"},
      {"suse linux enterprise server", "sles"}, {"suse linux enterprise", "sles"}};
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

// "Ubuntu 22.04" -> {"Ubuntu", "22.04"}; "Arch Linux" has no version.
std::pair<std::string, std::string> NameAndVersion(const std::string& value) {
  size_t space = value.find_last_of(' ');
  if (space != std::string::npos && space + 1 < value.size() &&
      (std::isdigit(static_cast<unsigned char>(value[space + 1])) || value.substr(space + 1) == "tumbleweed")) {
    std::string version = value.substr(space + 1);
    return {value.substr(0, space), std::isdigit(static_cast<unsigned char>(version[0])) ? version : ""};
  }
  return {value, ""};
}

void DeriveOs(Facts& facts) {
  if (!Absent(facts, "os.id")) return;
  // A pasted os-release (ID=ubuntu, VERSION_ID="22.04") says it best; cut to NAME= and VERSION=
  // it still does.
  const nlohmann::json* id = FirstEntity(facts, "os_release_id");
  const nlohmann::json* name = id ? nullptr : FirstEntity(facts, "os_release_name");
  if (id || (name && !OsId(Field(*name, "value")).empty())) {
    const auto* from = id ? id : name;
    facts.Set("os.id", id ? Field(*id, "value") : OsId(Field(*name, "value")), EntityEvidence(*from));
    const auto* v = FirstEntity(facts, "os_release_version");
    if (!v) v = FirstEntity(facts, "os_release_version_text");
    if (v) facts.Set("os.version_id", Field(*v, "value"), EntityEvidence(*v));
    return;
  }
  // An issue form's "### Operating System" answer is the reporter's own statement.
  // Its version, when the answer has none, from the prose's mentions of that distribution.
  std::string chosen;
  if (const auto* form = FirstEntity(facts, "os_form")) {
    auto [distro, version] = NameAndVersion(Field(*form, "value"));
    if (std::string os = OsId(distro); !os.empty()) {
      chosen = os;
      facts.Set("os.id", os, EntityEvidence(*form));
      if (!version.empty()) {
        facts.Set("os.version_id", version, EntityEvidence(*form));
        return;
      }
    }
  }
  // Prose: the first named distribution; its version from the first mention that has one
  // ("Ubuntu" in a title, "Ubuntu 22.04.5 LTS" further down).
  for (const auto& e : FactArray(facts, "triage.entities")) {
    if (Field(e, "kind") != "os_name") continue;
    auto [distro, version] = NameAndVersion(Field(e, "value"));
    std::string os = OsId(distro);
    // Ubuntu's releases are YY.04 / YY.10: "(Ubuntu 5.4.0-6ubuntu1~16.04.10)" in a kernel banner
    // is gcc's version (ROCm/ROCm#624).
    static const Regex kUbuntuVersion = Regex::Literal(R"(^[0-9]{2}\.(?:04|10)(?:\.[0-9]{1,2})?$)");
    if (os == "ubuntu" && !version.empty() && !kUbuntuVersion.FullMatch(version)) version.clear();
    if (os.empty() || (!chosen.empty() && os != chosen)) continue;
    if (chosen.empty()) {
      chosen = os;
      facts.Set("os.id", os, EntityEvidence(e));
    }
    if (!version.empty()) {
      facts.Set("os.version_id", version, EntityEvidence(e));
      return;
    }
  }
  // "24.04.1 LTS (Noble Numbat)": a version whose codename is Ubuntu's.
  if (chosen.empty() || chosen == "ubuntu") {
    if (const auto* u = FirstEntity(facts, "ubuntu_version")) {
      if (chosen.empty()) facts.Set("os.id", "ubuntu", EntityEvidence(*u));
      facts.Set("os.version_id", Field(*u, "value"), EntityEvidence(*u));
    }
  }
}

void DeriveKernel(Facts& facts) {
  if (Absent(facts, "kernel.machine")) {
    if (const auto* e = FirstEntity(facts, "kernel_machine")) facts.Set("kernel.machine", Field(*e, "value"), EntityEvidence(*e));
  }
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
      if (Field(e, "kind") != "torch_version" && Field(e, "kind") != "torch_pip_listed") continue;
      if (!best || (StartsWith(Field(e, "value"), Field(*best, "value")) && Field(e, "value").size() > Field(*best, "value").size())) best = &e;
    }
    if (best) facts.Set("frameworks.torch.version", Field(*best, "value"), EntityEvidence(*best));
    if (best && Field(*best, "kind") == "torch_pip_listed") facts.Set("frameworks.torch.pip_listed", true, EntityEvidence(*best));
  }
  // torch's HIP line from its wheel tag (+rocm6.0) when nothing printed torch.version.hip.
  std::string version = FactText(facts, "frameworks.torch.version");
  if (size_t at = version.find("+rocm"); at != std::string::npos && Absent(facts, "frameworks.torch.hip")) {
    facts.Set("frameworks.torch.hip", version.substr(at + 5), {"derived", "wheel tag of torch " + version});
  }
  // No torch version at all, but a ROCm wheel tag ("torch* set to +rocm5.2"): ROCm wheels with a
  // +rocmX.Y tag are PyTorch's (torch, torchvision, torchaudio, pytorch-triton-rocm), all of one line.
  if (version.empty() && Absent(facts, "frameworks.torch.hip")) {
    if (const auto* e = FirstEntity(facts, "rocm_wheel")) {
      std::string tag = Field(*e, "value");
      if (StartsWith(tag, "rocm")) facts.Set("frameworks.torch.hip", tag.substr(4), EntityEvidence(*e));
    }
  }
}

void DeriveHipVersion(Facts& facts) {
  // "HIP version: 6.2.41133", collect_env's "HIP runtime version", a "HIP: 7.2.53150" line.
  if (!Absent(facts, "toolchain.hip_version")) return;
  if (const auto* e = FirstEntity(facts, "hip_version")) facts.Set("toolchain.hip_version", Field(*e, "value"), EntityEvidence(*e));
}

void DeriveAmdgpuLoaded(Facts& facts) {
  if (!Absent(facts, "driver.amdgpu.loaded")) return;
  // inxi "driver: amdgpu", lspci -k "Kernel driver in use: amdgpu", an lsmod line.
  if (const auto* e = FirstEntity(facts, "amdgpu_loaded")) {
    facts.Set("driver.amdgpu.loaded", true, EntityEvidence(*e));
    return;
  }
  // rocminfo's "ROCk module is loaded": ROCk is amdgpu's KFD, so amdgpu is loaded.
  auto rock = facts.Get("rocminfo.rock_loaded");
  if (rock.value && rock.value->is_boolean() && rock.value->get<bool>()) {
    facts.Set("driver.amdgpu.loaded", true, {"derived", "rocminfo: ROCk module is loaded"});
  }
}

}  // namespace

void DeriveSystemFromText(Facts& facts) {
  DeriveOs(facts);
  DeriveKernel(facts);
  DeriveTorch(facts);
  DeriveAmdgpuLoaded(facts);
  DeriveHipVersion(facts);
}

}  // namespace rd
