// ROCm installs section: every install, its version, where /opt/rocm points, and which one
// PATH and the loader pick. pitfalls.md #37 (several versions), #36 (soname majors).
#include <algorithm>
#include <cctype>
#include <cstring>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/library_resolver.h"
#include "collectors/rocm_roots.h"
#include "parsers/rocm_version.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

namespace {

const std::vector<FactSpec> kRocmFacts = {
    {"rocm.installs", "array", "Every ROCm install found (/opt/rocm*, ROCM_PATH, HIP_PATH, distro /usr)"},
    {"rocm.installs.path", "string", "Install root as found"},
    {"rocm.installs.real", "string", "Install root with symlinks resolved"},
    {"rocm.installs.sources", "string", "How it was found: /opt/rocm, /opt, ROCM_PATH, HIP_PATH, distro"},
    {"rocm.installs.version", "string", "ROCm (or, for distro installs, HIP) version"},
    {"rocm.installs.version_source", "string", "File the version came from"},
    {"rocm.installs.hip_version", "string", "HIP version from include/hip/hip_version.h"},
    {"rocm.installs.kind", "string", "legacy (/opt/rocm-X.Y.Z), core-sdk (/opt/rocm/core-X.Y), tarball, wheel (site-packages/_rocm_sdk_core) or distro (/usr)"},
    {"rocm.installs.therock", "bool", "A TheRock build: share/therock/therock_manifest.json or dist_info.json is there"},
    {"rocm.installs.amdgpu_targets", "string", "GPU targets or families the build was made for (dist_info.json dist_amdgpu_targets)"},
    {"rocm.installs.device_families", "array", "For wheels: the rocm-sdk-device-* wheels installed beside it (gfx942, gfx110X-all …)"},
    {"rocm.opt_rocm_layout", "string", "What /opt/rocm is: legacy (a tree or a link to /opt/rocm-X.Y.Z), core-sdk (an umbrella over core-X.Y) or absent"},
    {"rocm.opt_rocm_bin_target", "string", "Where /opt/rocm/bin resolves (update-alternatives on the Core SDK)"},
    {"rocm.opt_rocm_lib_target", "string", "Where /opt/rocm/lib resolves"},
    {"rocm.install_count", "int", "Number of distinct installs"},
    {"rocm.opt_rocm_target", "string", "Where /opt/rocm resolves to"},
    {"rocm.opt_rocm_version", "string", "Version of the install /opt/rocm points at"},
    {"rocm.newest_version", "string", "Newest version among the installs"},
    {"rocm.newest_path", "string", "Install with the newest version"},
    {"rocm.default_is_older", "bool", "/opt/rocm points at an install older than the newest one"},
    {"rocm.path_hipcc", "string", "hipcc found on PATH"},
    {"rocm.path_install", "string", "Install that the hipcc on PATH belongs to"},
    {"rocm.loader_hip_library", "string", "libamdhip64 the dynamic loader finds (LD_LIBRARY_PATH, then ld.so.cache)"},
    {"rocm.loader_install", "string", "Install that library belongs to"},
    {"rocm.versions_disagree", "bool", "/opt/rocm, PATH and the loader pick different installs"},
    {"rocm.packages", "array", "Installed ROCm/HIP packages from the dpkg or rpm database"},
    {"rocm.packages_source", "string", "Which package database rocm.packages comes from: dpkg or rpm"},
    {"rocm.packages.name", "string", "Package name"},
    {"rocm.packages.version", "string", "Package version"},
};


struct InstallVersion {
  std::string version, source, hip;
};

// site-packages/rocm_sdk_core-7.14.0.dist-info -> "7.14.0" (the wheel's own version).
std::string WheelVersion(CollectContext& context, const std::string& site, const std::string& dist_prefix) {
  auto names = context.system.ListDir(site);
  if (!names) return "";
  for (const auto& name : *names) {
    if (StartsWith(name, dist_prefix + "-") && name.size() > dist_prefix.size() + 11 && name.compare(name.size() - 10, 10, ".dist-info") == 0) {
      return name.substr(dist_prefix.size() + 1, name.size() - dist_prefix.size() - 11);
    }
  }
  return "";
}

// The rocm-sdk-device-* wheels next to a _rocm_sdk_core: rocm_sdk_device_gfx942-7.14.0.dist-info.
nlohmann::json DeviceFamilies(CollectContext& context, const std::string& site) {
  nlohmann::json families = nlohmann::json::array();
  auto names = context.system.ListDir(site);
  if (!names) return families;
  const std::string prefix = "rocm_sdk_device_";
  for (const auto& name : *names) {
    if (!StartsWith(name, prefix) || name.find(".dist-info") == std::string::npos) continue;
    std::string family = name.substr(prefix.size(), name.find('-', prefix.size()) - prefix.size());
    if (!family.empty()) families.push_back(family);
  }
  return families;
}

// dist_info.json's dist_amdgpu_targets ("gfx942;gfx950" or a list), "" when absent or unreadable.
std::string DistTargets(CollectContext& context, const std::string& root) {
  auto text = context.system.ReadFile(root + "/share/therock/dist_info.json", 256 * 1024);
  if (!text) return "";
  auto info = nlohmann::json::parse(*text, nullptr, false);
  if (!info.is_object() || !info.contains("dist_amdgpu_targets")) return "";
  const auto& targets = info["dist_amdgpu_targets"];
  if (targets.is_string()) return Printable(targets.get<std::string>(), 400);
  if (!targets.is_array()) return "";
  std::vector<std::string> names;
  for (const auto& t : targets) if (t.is_string()) names.push_back(t.get<std::string>());
  return Printable(Join(names, ";"), 400);
}

// "/opt/rocm/core-10.1" -> "10.1": the Core SDK may have no .info/version (field-2026.md §4.1).
std::string VersionFromName(const std::string& path) {
  std::string leaf = path.substr(path.rfind('/') + 1);
  for (const char* prefix : {"core-", "rocm-"}) {
    if (StartsWith(leaf, prefix) && leaf.size() > std::strlen(prefix) && std::isdigit(static_cast<unsigned char>(leaf[std::strlen(prefix)]))) {
      return leaf.substr(std::strlen(prefix));
    }
  }
  return "";
}

InstallVersion ReadVersion(CollectContext& context, const RocmRoot& root) {
  InstallVersion out;
  auto read = [&](const std::string& path) { return context.system.ReadFile(path, 256 * 1024); };
  if (auto text = read(root.path + "/.info/version"); text && !ParseInfoVersion(*text).empty()) {
    out = {ParseInfoVersion(*text), root.path + "/.info/version", ""};
  }
  for (const char* header : {"/include/rocm-core/rocm_version.h", "/include/rocm_version.h"}) {
    if (!out.version.empty()) break;
    if (auto text = read(root.path + header); text && !ParseVersionHeader(*text, "ROCM_VERSION").empty()) {
      out = {ParseVersionHeader(*text, "ROCM_VERSION"), root.path + header, ""};
    }
  }
  if (auto text = read(root.path + "/include/hip/hip_version.h")) out.hip = ParseVersionHeader(*text, "HIP_VERSION");
  if (out.version.empty() && root.kind == "wheel") {
    std::string site = root.path.substr(0, root.path.rfind('/'));
    if (std::string v = WheelVersion(context, site, "rocm_sdk_core"); !v.empty()) out = {v, site + "/rocm_sdk_core-" + v + ".dist-info", out.hip};
  }
  if (out.version.empty() && root.kind == "core-sdk") {
    if (std::string v = VersionFromName(root.path); !v.empty()) out = {v, root.path + " (folder name)", out.hip};
  }
  // Distribution packages (Debian) have no ROCm version file: the HIP version stands in.
  if (out.version.empty() && !out.hip.empty()) out = {out.hip, root.path + "/include/hip/hip_version.h", out.hip};
  return out;
}

std::string FindLoaderHip(CollectContext& context) {
  LoaderConfig config = ReadLoaderConfig(context.system);
  auto is_hip = [](const std::string& name) { return StartsWith(name, "libamdhip64.so."); };
  for (const auto& dir : config.ld_library_path) {
    if (dir.empty()) continue;
    auto names = context.system.ListDir(dir);
    if (!names) continue;
    for (auto it = names->rbegin(); it != names->rend(); ++it) {
      if (is_hip(*it)) return dir + "/" + *it;
    }
  }
  std::string best, best_name;
  for (const auto& entry : config.cache) {
    if (is_hip(entry.name) && entry.name > best_name) {
      best = entry.path;
      best_name = entry.name;
    }
  }
  return best;
}

nlohmann::json PackageList(const std::vector<DpkgPackage>& packages) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& pkg : packages) list.push_back({{"name", pkg.name}, {"version", pkg.version}});
  return list;
}

// RHEL/Fedora keep the rpm database in SQLite (/var/lib/rpm/rpmdb.sqlite; /usr/lib/sysimage/rpm
// on Fedora 36+ and openSUSE, ndb there): read through `rpm -qa`, a child, so --quick skips it
// (issue 15 item 1: amdrocm-* packages of the Core SDK from dpkg and rpm databases).
void CollectRpmPackages(CollectContext& context, Facts& facts) {
  bool has_db = false;
  for (const char* dir : {"/var/lib/rpm", "/usr/lib/sysimage/rpm"}) has_db = has_db || PathExists(context, dir).value_or(false);
  if (!has_db) return;  // neither dpkg nor rpm: nothing to say
  if (context.quick) {
    facts.MarkAbsent("rocm.packages", "rpm -qa not run: check --quick");
    return;
  }
  CommandSpec spec;
  spec.argv = {"rpm", "-qa", "--qf", kRpmQueryFormat};
  spec.timeout = std::chrono::milliseconds(10000);
  CommandResult result = context.system.Run(spec);
  if (!result.started || result.exit_code != 0 || result.timed_out) {
    std::string why = !result.started ? result.start_error
                      : result.timed_out ? "timed out"
                                         : "exit " + std::to_string(result.exit_code) + ": " + Printable(result.err.substr(0, result.err.find('\n')), 200);
    facts.MarkAbsent("rocm.packages", "rpm -qa failed: " + why);
    return;
  }
  facts.Set("rocm.packages", PackageList(ParseRpmQuery(result.out, kRocmPackagePrefixes)), {"cmd:rpm -qa (exit 0)", ""});
  facts.Set("rocm.packages_source", "rpm", {"cmd:rpm -qa (exit 0)", ""});
}

void CollectPackages(CollectContext& context, Facts& facts) {
  auto status = context.system.ReadFile("/var/lib/dpkg/status", 64u << 20);
  if (!status) return CollectRpmPackages(context, facts);
  facts.Set("rocm.packages", PackageList(ParseDpkgStatus(*status, kRocmPackagePrefixes)), FileEvidence("/var/lib/dpkg/status"));
  facts.Set("rocm.packages_source", "dpkg", FileEvidence("/var/lib/dpkg/status"));
}

void CollectRocm(CollectContext& context, Facts& facts) {
  std::vector<RocmRoot> roots = FindRocmRoots(context);
  nlohmann::json installs = nlohmann::json::array();
  std::string opt_target = Canonicalize(context.system, "/opt/rocm");
  std::string newest, newest_path, opt_version;
  for (const auto& root : roots) {
    InstallVersion v = ReadVersion(context, root);
    nlohmann::json install = {{"path", root.path}, {"real", root.real}, {"sources", Join(root.sources, ", ")},
                              {"version", v.version}, {"version_source", v.source}, {"hip_version", v.hip}, {"kind", root.kind}};
    bool therock = PathExists(context, root.path + "/share/therock/therock_manifest.json").value_or(false) ||
                   PathExists(context, root.path + "/share/therock/dist_info.json").value_or(false);
    install["therock"] = therock;
    if (std::string targets = DistTargets(context, root.path); !targets.empty()) install["amdgpu_targets"] = targets;
    if (root.kind == "wheel") install["device_families"] = DeviceFamilies(context, root.path.substr(0, root.path.rfind('/')));
    installs.push_back(std::move(install));
    if (!v.version.empty() && (newest.empty() || CompareVersions(v.version, newest).value_or(0) > 0)) {
      newest = v.version;
      newest_path = root.path;
    }
    if (root.real == opt_target && PathExists(context, "/opt/rocm").value_or(false)) opt_version = v.version;
  }
  facts.Set("rocm.installs", installs, {"stat:/opt/rocm*, $ROCM_PATH, $HIP_PATH, /usr/include/hip", ""});
  facts.Set("rocm.install_count", static_cast<int>(roots.size()));
  if (PathExists(context, "/opt/rocm").value_or(false)) {
    facts.Set("rocm.opt_rocm_target", opt_target, {"readlink:/opt/rocm", opt_target});
    if (!opt_version.empty()) facts.Set("rocm.opt_rocm_version", opt_version);
    bool umbrella = std::none_of(roots.begin(), roots.end(), [&](const RocmRoot& r) { return r.path == "/opt/rocm"; }) &&
                    std::any_of(roots.begin(), roots.end(), [](const RocmRoot& r) { return r.kind == "core-sdk"; });
    facts.Set("rocm.opt_rocm_layout", umbrella ? "core-sdk" : "legacy");
    for (const char* sub : {"bin", "lib"}) {
      std::string link = std::string("/opt/rocm/") + sub;
      if (PathExists(context, link).value_or(false)) facts.Set(std::string("rocm.opt_rocm_") + sub + "_target", Canonicalize(context.system, link), {"readlink:" + link, ""});
    }
    // Core SDK: the version /opt/rocm/bin's alternative points into is what /opt/rocm means.
    if (umbrella && opt_version.empty()) {
      std::string bin = Canonicalize(context.system, "/opt/rocm/bin");
      for (const auto& install : installs) {
        if (StartsWith(bin, install["real"].get<std::string>() + "/")) facts.Set("rocm.opt_rocm_version", install["version"]);
      }
    }
  } else {
    facts.Set("rocm.opt_rocm_layout", "absent");
  }
  if (!newest.empty()) {
    facts.Set("rocm.newest_version", newest);
    facts.Set("rocm.newest_path", newest_path);
    if (!opt_version.empty()) facts.Set("rocm.default_is_older", CompareVersions(opt_version, newest).value_or(0) < 0);
  }
  std::vector<std::string> picks;
  if (auto hipcc = context.system.FindProgram("hipcc")) {
    std::string owner = OwningRoot(roots, Canonicalize(context.system, *hipcc));
    facts.Set("rocm.path_hipcc", *hipcc, {"PATH", *hipcc});
    if (!owner.empty()) {
      facts.Set("rocm.path_install", owner);
      picks.push_back(Canonicalize(context.system, owner));
    }
  }
  if (std::string hip = FindLoaderHip(context); !hip.empty()) {
    std::string owner = OwningRoot(roots, Canonicalize(context.system, hip));
    facts.Set("rocm.loader_hip_library", hip, {"ld.so search (LD_LIBRARY_PATH, /etc/ld.so.cache)", hip});
    if (!owner.empty()) {
      facts.Set("rocm.loader_install", owner);
      picks.push_back(Canonicalize(context.system, owner));
    }
  }
  if (!opt_version.empty()) picks.push_back(opt_target);
  bool disagree = std::any_of(picks.begin(), picks.end(), [&](const std::string& p) { return p != picks.front(); });
  facts.Set("rocm.versions_disagree", disagree);
  CollectPackages(context, facts);
}

}  // namespace

Collector RocmInstallsCollector() { return {"rocm_installs", "rocm", CollectRocm, &kRocmFacts}; }

}  // namespace rd
