#include "collectors/rocm_roots.h"

#include <cctype>

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
  roots.push_back({trimmed, real, {source}});
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

std::vector<RocmRoot> FindRocmRoots(CollectContext& context) {
  std::vector<RocmRoot> roots;
  System& system = context.system;
  AddRoot(context, roots, "/opt/rocm", "/opt/rocm");
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
