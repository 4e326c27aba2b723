#include "collectors/python_bundles.h"

#include <set>

#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxSiteDirs = 64;

}  // namespace

std::vector<std::string> PythonSiteDirs(CollectContext& context) {
  System& system = context.system;
  std::vector<std::string> prefixes = {"/usr", "/usr/local", "/opt/conda"};
  for (const char* var : {"VIRTUAL_ENV", "CONDA_PREFIX"}) {
    if (auto value = system.GetEnv(var); value && !value->empty() && (*value)[0] == '/') prefixes.push_back(*value);
  }
  if (std::string home = system.GetIdentity().home; !home.empty()) prefixes.push_back(home + "/.local");
  std::vector<std::string> sites = {"/usr/lib/python3/dist-packages"};
  for (const auto& prefix : prefixes) {
    auto names = system.ListDir(prefix + "/lib");
    if (!names) continue;
    for (const auto& name : *names) {
      if (!StartsWith(name, "python3")) continue;
      for (const char* kind : {"/site-packages", "/dist-packages"}) sites.push_back(prefix + "/lib/" + name + kind);
    }
  }
  if (sites.size() > kMaxSiteDirs) sites.resize(kMaxSiteDirs);
  return sites;
}

namespace {

void ScanDir(System& system, const std::string& dir, const std::string& package, const std::vector<std::string>& stems,
             std::vector<BundledLibrary>& out) {
  auto names = system.ListDir(dir);
  if (!names) return;
  for (const auto& name : *names) {
    for (const auto& stem : stems) {
      // "libamdhip64.so", "libamdhip64.so.6", auditwheel's "libamdhip64-1a2b3c4d.so.6"
      if (StartsWith(name, stem + ".so") || StartsWith(name, stem + "-")) {
        out.push_back({dir + "/" + name, package});
        break;
      }
    }
  }
}

}  // namespace

std::vector<BundledLibrary> FindPythonBundles(CollectContext& context, const std::vector<std::string>& stems,
                                              const std::vector<std::string>& bundle_dirs) {
  std::vector<BundledLibrary> out;
  std::set<std::string> seen;
  for (const auto& site : PythonSiteDirs(context)) {
    if (!seen.insert(site).second) continue;
    auto entries = context.system.ListDir(site);
    if (!entries) continue;
    for (const auto& sub : bundle_dirs) {
      ScanDir(context.system, site + "/" + sub, sub.substr(0, sub.find('/')), stems, out);
    }
    for (const auto& entry : *entries) {
      if (entry.size() > 5 && entry.compare(entry.size() - 5, 5, ".libs") == 0) {
        ScanDir(context.system, site + "/" + entry, entry.substr(0, entry.size() - 5), stems, out);
      }
    }
  }
  return out;
}

}  // namespace rd
