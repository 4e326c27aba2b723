#include "derive/rocm_release.h"

#include <algorithm>
#include <cctype>

#include "core/facts.h"
#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"

namespace rd {

namespace {

// Leading dotted numbers: "6.2.0-66" -> {6,2,0}; at most four.
std::vector<long long> Numbers(std::string_view text) {
  std::vector<long long> out;
  size_t i = 0;
  while (i < text.size() && out.size() < 4) {
    size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == start || i - start > 9) break;
    out.push_back(std::stoll(std::string(text.substr(start, i - start))));
    if (i >= text.size() || text[i] != '.') break;
    ++i;
  }
  return out;
}

std::optional<RocmRelease> Make(long long major, long long minor, std::optional<long long> patch) {
  // ROCm 1.x-7.x (legacy line, TheRock 7.9-7.14) and the Core SDK's 10.x.
  if (major < 1 || major > 12 || minor < 0 || minor > 30) return std::nullopt;
  RocmRelease r{std::to_string(major) + "." + std::to_string(minor), static_cast<int>(major), static_cast<int>(minor)};
  if (patch && *patch >= 0 && *patch < 100) r.release += "." + std::to_string(*patch);
  return r;
}

// 60302 -> 6.3.2: the release code AMD's package versions embed.
std::optional<RocmRelease> FromCode(long long code) {
  if (code < 10000 || code > 129999) return std::nullopt;
  return Make(code / 10000, (code / 100) % 100, code % 100);
}

// HIP's version (6.4.43484, hip_version.h) names no patch release; a distribution's HIP runtime
// package does (Debian libamdhip64-6 6.4.3-5). Without it a Debian 6.4.3 read as "6.4", older
// than 6.4.1 (hostile-input report D10, debian-sid-rocm SUMMARY.md).
std::optional<std::pair<RocmRelease, std::string>> PatchFromHipPackage(const Facts& facts, const RocmRelease& release) {
  if (release.release.find('.') != release.release.rfind('.')) return std::nullopt;  // has a patch
  for (const auto& p : FactArray(facts, "rocm.packages")) {
    std::string name = Field(p, "name");
    if (!StartsWith(name, "libamdhip64-") && name != "hip-runtime-amd" && name != "rocm-hip-runtime") continue;
    auto from_package = ReleaseFromVersion("package", Field(p, "version"), nlohmann::json::object());
    if (!from_package || from_package->major != release.major || from_package->minor != release.minor) continue;
    if (from_package->release == release.release) continue;
    return std::make_pair(*from_package, name + " " + Field(p, "version"));
  }
  return std::nullopt;
}

}  // namespace

std::optional<RocmRelease> ReleaseFromVersion(std::string_view kind, std::string_view value, const nlohmann::json& drivers) {
  std::string_view v = Trim(value);
  if (kind == "rocm-path") {
    size_t dash = v.find("rocm-");
    size_t core = v.find("/core-");
    size_t sdk = ToLower(v).find("\\rocm\\");  // the HIP SDK: C:\Program Files\AMD\ROCm\6.1
    if (core != std::string_view::npos) v = v.substr(core + 6);
    else if (dash != std::string_view::npos) v = v.substr(dash + 5);
    else if (sdk != std::string::npos) v = v.substr(sdk + 6);
    else return std::nullopt;
    while (!v.empty() && v.front() == '\\') v.remove_prefix(1);  // a Python repr doubles the separator
  } else if (kind == "wheel") {
    size_t at = v.find("rocm");
    if (at == std::string_view::npos) return std::nullopt;
    v = v.substr(at + 4);
  } else if (kind == "package") {
    size_t space = v.find_last_of(" _=/:");
    if (space != std::string_view::npos) v = v.substr(space + 1);
  } else if (kind == "dkms") {
    if (size_t colon = v.find(':'); colon != std::string_view::npos && colon < 3) v = v.substr(colon + 1);
  }
  auto n = Numbers(v);
  if (n.size() < 2) return std::nullopt;
  if (kind == "hip-version") return Make(n[0], n[1], std::nullopt);  // 6.3.42131: the third is a build number
  if (kind == "package" || kind == "dkms") {
    // rocm-core 6.2.0.60200, amdgpu-install 6.2.60200, amdgpu-dkms 6.10.5.60300: the code wins.
    for (size_t i = 2; i < n.size(); ++i) {
      if (auto r = FromCode(n[i])) return r;
    }
    if (kind == "dkms") {
      if (n.size() < 3) return std::nullopt;
      std::string driver = std::to_string(n[0]) + "." + std::to_string(n[1]) + "." + std::to_string(n[2]);
      for (const auto& row : drivers.contains("driver") ? drivers["driver"] : nlohmann::json::array()) {
        if (Field(row, "version") == driver) {
          auto m = Numbers(Field(row, "rocm"));
          if (m.size() >= 2) return Make(m[0], m[1], std::nullopt);
        }
      }
      return std::nullopt;
    }
  }
  return Make(n[0], n[1], n.size() >= 3 ? std::optional<long long>(n[2]) : std::nullopt);
}

void DeriveRocmRelease(Facts& facts, const nlohmann::json& data) {
  const nlohmann::json& drivers = DataTable(data, "amdgpu_driver_versions");
  struct Candidate {
    std::string kind, value, source;
  };
  std::vector<Candidate> candidates;
  // The machine's own installs first, then what a paste shows, most direct first.
  for (const char* path : {"rocm.opt_rocm_version", "rocm.newest_version", "amd_smi.rocm_version"}) {
    if (auto v = FactText(facts, path); !v.empty()) candidates.push_back({"rocm-install", v, "rocm-install"});
  }
  for (const char* path : {"toolchain.hip_version"}) {
    if (auto v = FactText(facts, path); !v.empty()) candidates.push_back({"hip-version", v, "hip-version"});
  }
  static const std::pair<const char*, const char*> kEntityKinds[] = {
      {"rocm_package", "package"}, {"rocm_path", "rocm-path"}, {"hip_version", "hip-version"}, {"amdgpu_dkms", "dkms"}};
  for (const auto& [entity, kind] : kEntityKinds) {
    for (const auto& e : FactArray(facts, "triage.entities")) {
      if (Field(e, "kind") == entity) candidates.push_back({kind, Field(e, "value"), kind == std::string("package") ? "package" : kind});
    }
  }
  if (auto v = FactText(facts, "dkms.module_version"); !v.empty() && FactText(facts, "dkms.module") == "amdgpu") {
    candidates.push_back({"dkms", v, "dkms"});
  }
  // "ROCm 6.2" in prose or a banner: after every structured source.
  for (const auto& e : FactArray(facts, "triage.entities")) {
    if (Field(e, "kind") == "rocm_mention") candidates.push_back({"rocm-install", Field(e, "value"), "mention"});
  }
  // torch's ROCm line is what the wheel was built against: a last resort for the system's.
  for (const char* path : {"frameworks.torch.hip"}) {  // a torch print writes it too (issue 13)
    if (auto v = FactText(facts, path); !v.empty()) candidates.push_back({"hip-version", v, "wheel"});
  }
  for (const auto& e : FactArray(facts, "triage.entities")) {
    if (Field(e, "kind") == "rocm_wheel") candidates.push_back({"wheel", Field(e, "value"), "wheel"});
  }
  // TheRock and Core SDK releases (7.9 on, 10.x) carry a HIP whose version is not the release's
  // (ROCm 7.11 ships HIP 7.2.53150: ggml-org/llama.cpp#23934): a stated release of that line
  // outranks what the HIP version would say.
  std::stable_partition(candidates.begin(), candidates.end(), [&](const Candidate& c) {
    if (c.source != "mention") return false;
    auto r = ReleaseFromVersion(c.kind, c.value, drivers);
    return r && (r->major > 7 || (r->major == 7 && r->minor >= 9));
  });
  for (const auto& c : candidates) {
    auto release = ReleaseFromVersion(c.kind, c.value, drivers);
    if (!release) continue;
    Evidence ev{"derived", c.source + ": " + Printable(c.value, 120)};
    if (auto patched = PatchFromHipPackage(facts, *release)) {
      release = patched->first;
      ev = {"derived", c.source + ": " + Printable(c.value, 120) + ", package " + patched->second};
    }
    facts.Set("rocm.release", release->release, ev);
    facts.Set("rocm.release_major", release->major, ev);
    facts.Set("rocm.release_minor", release->minor, ev);
    facts.Set("rocm.release_source", c.source, ev);
    return;
  }
}

}  // namespace rd
