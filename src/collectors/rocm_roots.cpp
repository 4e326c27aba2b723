#include "collectors/rocm_roots.h"

#include <cctype>
#include <set>

#include "collectors/python_bundles.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr int kMaxHops = 40;

bool IsDir(System& system, const std::string& path) {
  auto info = system.Stat(path);
  return info && info->type == FileType::Directory;
}

bool Exists(System& system, const std::string& path) { return static_cast<bool>(system.Stat(path)); }

std::string Normalize(const std::vector<std::string>& parts) {
  std::vector<std::string> out;
  for (const auto& part : parts) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (!out.empty()) out.pop_back();
      continue;
    }
    out.push_back(part);
  }
  return "/" + Join(out, "/");
}

void AddRoot(CollectContext& context, std::vector<RocmRoot>& roots, const std::string& path, const std::string& source) {
  if (path.empty() || path[0] != '/' || !IsDir(context.system, path)) return;
  std::string trimmed = path.size() > 1 && path.back() == '/' ? path.substr(0, path.size() - 1) : path;
  std::string real = Canonicalize(context.system, trimmed);
  for (auto& root : roots) {
    if (root.real == real) {
      root.sources.push_back(source);
      return;
    }
  }
  roots.push_back({trimmed, real, {source}, RootKind(real)});
}

bool HasHipRuntime(System& system, const std::string& lib_dir) {
  auto names = system.ListDir(lib_dir);
  if (!names) return false;
  for (const auto& name : *names) {
    if (StartsWith(name, "libamdhip64.so")) return true;
  }
  return false;
}

std::string Parent(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos || slash == 0 ? "/" : path.substr(0, slash);
}

// The Core SDK makes /opt/rocm an umbrella: core-10.1/ (or core/ on 7.13/7.14), extras-10/, and
// bin/ and lib/ as update-alternatives links into one core. Each core is a root; the umbrella is
// not (it has no version of its own).
bool AddCoreSdkRoots(CollectContext& context, std::vector<RocmRoot>& roots) {
  auto names = context.system.ListDir("/opt/rocm");
  if (!names) return false;
  bool any = false;
  for (const auto& name : *names) {
    if (name == "core" || StartsWith(name, "core-")) {
      AddRoot(context, roots, "/opt/rocm/" + name, "/opt/rocm/" + name);
      any = true;
    }
  }
  return any;
}

// A directory on PATH that ends in bin/ (or on LD_LIBRARY_PATH in lib/, lib64/) whose install holds
// libamdhip64: how a tarball is used (its docs set PATH, LD_LIBRARY_PATH and ROCM_PATH).
// At most this many entries of each variable are looked at: a hostile PATH of 20,000 entries must
// not cost 20,000 path walks (hostile-input snapshots env-hostile).
constexpr size_t kMaxSearchEntries = 64;

void AddSearchPathRoots(CollectContext& context, std::vector<RocmRoot>& roots) {
  for (const char* var : {"PATH", "LD_LIBRARY_PATH"}) {
    auto value = context.system.GetEnv(var);
    if (!value) continue;
    std::set<std::string> seen;
    for (const auto& entry : Split(*value, ':')) {
      if (entry.empty() || entry[0] != '/' || StartsWith(entry, "/usr/") || entry == "/bin" || entry == "/sbin") continue;
      if (!seen.insert(entry).second) continue;
      if (seen.size() > kMaxSearchEntries) break;
      std::string real = Canonicalize(context.system, entry);
      std::string leaf = real.substr(real.rfind('/') + 1);
      bool matches = std::string(var) == "PATH" ? leaf == "bin" : (leaf == "lib" || leaf == "lib64");
      if (!matches) continue;
      std::string root = Parent(real);
      if (HasHipRuntime(context.system, root + "/lib") || HasHipRuntime(context.system, root + "/lib64")) AddRoot(context, roots, root, var);
    }
  }
}

}  // namespace

std::string Canonicalize(System& system, const std::string& path) {
  std::vector<std::string> pending = Split(path, '/');
  std::vector<std::string> done;
  int hops = 0;
  for (size_t i = 0; i < pending.size(); ++i) {
    const std::string& part = pending[i];
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (!done.empty()) done.pop_back();
      continue;
    }
    std::string current = Normalize(done) + (done.empty() ? "" : "/") + part;
    auto info = system.LStat(current);
    if (info && info->type == FileType::Symlink) {
      auto target = system.ReadLink(current);
      if (!target || ++hops > kMaxHops) return path;
      std::vector<std::string> rest = Split(*target, '/');
      if (!target->empty() && (*target)[0] == '/') done.clear();
      rest.insert(rest.end(), pending.begin() + static_cast<long>(i) + 1, pending.end());
      pending = std::move(rest);
      i = static_cast<size_t>(-1);
      continue;
    }
    done.push_back(part);
  }
  return Normalize(done);
}

std::string RootKind(const std::string& real_path) {
  if (real_path == "/usr") return "distro";
  if (StartsWith(real_path, "/opt/rocm/core")) return "core-sdk";
  if (StartsWith(real_path, "/opt/rocm")) return "legacy";
  if (real_path.find("/site-packages/_rocm_sdk") != std::string::npos || real_path.find("/dist-packages/_rocm_sdk") != std::string::npos) return "wheel";
  return "tarball";
}

std::vector<RocmRoot> FindRocmRoots(CollectContext& context) {
  std::vector<RocmRoot> roots;
  System& system = context.system;
  // /opt/rocm a link into /opt/rocm-X.Y.Z, or a legacy tree of its own, or the Core SDK umbrella.
  bool umbrella = !Exists(system, "/opt/rocm/.info/version") && !Exists(system, "/opt/rocm/include") && AddCoreSdkRoots(context, roots);
  if (!umbrella) AddRoot(context, roots, "/opt/rocm", "/opt/rocm");
  if (auto names = system.ListDir("/opt")) {
    for (const auto& name : *names) {
      // /opt/rocm-6.2.0, not /opt/rocm-smi-tools or other rocm-named folders.
      if (StartsWith(name, "rocm-") && name.size() > 5 && std::isdigit(static_cast<unsigned char>(name[5]))) {
        AddRoot(context, roots, "/opt/" + name, "/opt");
      }
    }
  }
  for (const char* var : {"ROCM_PATH", "HIP_PATH", "ROCM_HOME"}) {
    if (auto value = system.GetEnv(var)) AddRoot(context, roots, *value, var);
  }
  AddSearchPathRoots(context, roots);
  // TheRock's pip wheels: rocm-sdk-core installs site-packages/_rocm_sdk_core (field-2026.md §1.4).
  for (const auto& site : PythonSiteDirs(context)) {
    if (IsDir(system, site + "/_rocm_sdk_core")) AddRoot(context, roots, site + "/_rocm_sdk_core", "site-packages");
  }
  // Distribution packages (Debian/Ubuntu hipcc + libamdhip64, Fedora rocm-hip, Arch).
  for (const char* marker : {"/usr/include/hip/hip_version.h", "/usr/bin/hipconfig", "/usr/lib64/libamdhip64.so"}) {
    if (Exists(system, marker)) {
      AddRoot(context, roots, "/usr", "distro");
      break;
    }
  }
  return roots;
}

std::vector<std::string> RootLibDirs(CollectContext& context, const RocmRoot& root) {
  std::vector<std::string> dirs;
  std::vector<std::string> candidates = {root.path + "/lib", root.path + "/lib64"};
  if (root.path == "/usr") candidates = {"/usr/lib/" + context.system.GetUname().machine + "-linux-gnu", "/usr/lib64", "/usr/lib"};
  for (const auto& dir : candidates) {
    if (IsDir(context.system, dir)) dirs.push_back(dir);
  }
  return dirs;
}

std::string OwningRoot(const std::vector<RocmRoot>& roots, const std::string& real_path) {
  std::string best;
  for (const auto& root : roots) {
    const std::string& prefix = root.real;
    if (real_path.rfind(prefix + "/", 0) == 0 && prefix.size() > best.size()) best = root.path;
  }
  return best;
}

}  // namespace rd
