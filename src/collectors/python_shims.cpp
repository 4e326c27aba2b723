// pyenv shims resolved the way pyenv-version-name and pyenv-which do it: PYENV_VERSION, else the
// nearest .python-version from the working directory up, else $PYENV_ROOT/version, else
// "system" (the next interpreter on PATH after the shims directory).
#include "collectors/python_shims.h"

#include "collectors/collect_util.h"
#include "parsers/python_paths.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

namespace {

// Versions and the file that set them; PYENV_VERSION wins over every file.
std::pair<std::vector<std::string>, std::string> SelectedVersions(CollectContext& context, const std::string& root) {
  if (auto env = context.system.GetEnv("PYENV_VERSION"); env && !env->empty()) {
    return {Split(*env, ':'), "PYENV_VERSION environment variable"};
  }
  std::vector<std::string> starts;
  for (const char* var : {"PYENV_DIR", "PWD"}) {
    if (auto dir = context.system.GetEnv(var); dir && StartsWith(*dir, "/")) starts.push_back(*dir);
  }
  for (const auto& start : starts) {
    for (std::string dir = start;; dir = ParentDir(dir)) {
      std::string file = (dir == "/" ? "" : dir) + "/.python-version";
      if (auto text = context.system.ReadFile(file, 64 * 1024)) return {ParsePyenvVersionFile(*text), file};
      if (dir == "/") break;
    }
  }
  std::string global = root + "/version";
  if (auto text = context.system.ReadFile(global, 64 * 1024)) return {ParsePyenvVersionFile(*text), global};
  return {{"system"}, "no version file"};
}

// An installed version: exact, without a "python-" prefix, or the newest "3.11.x" for "3.11"
// (pyenv-latest).
std::optional<std::string> InstalledVersion(CollectContext& context, const std::string& root, const std::string& wanted) {
  std::vector<std::string> names = context.system.ListDir(root + "/versions").value_or({});
  std::string bare = StartsWith(wanted, "python-") ? wanted.substr(7) : wanted;
  for (const auto& name : names) {
    if (name == wanted || name == bare) return name;
  }
  std::optional<std::string> best;
  for (const auto& name : names) {
    if (!StartsWith(name, bare + ".") || name.find_first_not_of("0123456789.", bare.size()) != std::string::npos) continue;
    if (!best || CompareVersions(name, *best).value_or(0) > 0) best = name;
  }
  return best;
}

std::optional<std::string> SystemProgram(CollectContext& context, const std::string& shims, const std::string& program) {
  for (const auto& dir : Split(context.system.GetEnv("PATH").value_or(""), ':')) {
    if (!StartsWith(dir, "/") || dir == shims) continue;
    if (IsExecutableFile(context, dir + "/" + program)) return dir + "/" + program;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ShimResolution> ResolvePyenvShim(CollectContext& context, const std::string& path, const std::string& script) {
  auto root = PyenvShimRoot(script);
  if (!root) return std::nullopt;
  // The shim exports its own PYENV_ROOT (fixed when pyenv rehash wrote it), overriding the caller's.
  std::string program = path.substr(path.rfind('/') + 1);
  auto [versions, origin] = SelectedVersions(context, *root);
  if (versions.empty()) versions = {"system"};
  ShimResolution out;
  for (const auto& wanted : versions) {
    if (wanted.empty()) continue;
    if (wanted == "system") {
      if (auto found = SystemProgram(context, ParentDir(path), program)) {
        out.executable = *found;
        out.how = "pyenv system (set by " + origin + ")";
        return out;
      }
      continue;
    }
    auto version = InstalledVersion(context, *root, wanted);
    std::string exe = version ? *root + "/versions/" + *version + "/bin/" + program : "";
    if (!exe.empty() && IsExecutableFile(context, exe)) {
      out.executable = exe;
      out.how = "pyenv " + *version + " (set by " + origin + ")";
      return out;
    }
  }
  out.problem = "pyenv: no installed version among `" + Join(versions, ":") + "' has " + program + " (set by " + origin + ")";
  return out;
}

}  // namespace rd
