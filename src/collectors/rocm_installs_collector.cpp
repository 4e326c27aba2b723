// ROCm installs section: every install, its version, where /opt/rocm points, and which one
// PATH and the loader pick. pitfalls.md #37 (several versions), #36 (soname majors).
#include <algorithm>

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
    {"rocm.packages", "array", "Installed ROCm/HIP packages from the dpkg database"},
    {"rocm.packages.name", "string", "Package name"},
    {"rocm.packages.version", "string", "Package version"},
};

const std::vector<std::string> kPackagePrefixes = {"rocm", "hip", "libamdhip64", "libhsa-runtime", "libhsakmt", "hsa-rocr",
                                                   "rocblas", "librocblas", "miopen", "libmiopen", "amdgpu", "comgr",
                                                   "libamd-comgr", "hipblaslt", "libhipblaslt", "librocm-smi"};

struct InstallVersion {
  std::string version, source, hip;
};

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

void CollectPackages(CollectContext& context, Facts& facts) {
  auto status = context.system.ReadFile("/var/lib/dpkg/status", 64u << 20);
  if (!status) return;  // not a dpkg system: nothing to say
  nlohmann::json list = nlohmann::json::array();
  for (const auto& pkg : ParseDpkgStatus(*status, kPackagePrefixes)) list.push_back({{"name", pkg.name}, {"version", pkg.version}});
  facts.Set("rocm.packages", list, FileEvidence("/var/lib/dpkg/status"));
}

void CollectRocm(CollectContext& context, Facts& facts) {
  std::vector<RocmRoot> roots = FindRocmRoots(context);
  nlohmann::json installs = nlohmann::json::array();
  std::string opt_target = Canonicalize(context.system, "/opt/rocm");
  std::string newest, newest_path, opt_version;
  for (const auto& root : roots) {
    InstallVersion v = ReadVersion(context, root);
    installs.push_back({{"path", root.path}, {"real", root.real}, {"sources", Join(root.sources, ", ")},
                        {"version", v.version}, {"version_source", v.source}, {"hip_version", v.hip}});
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
