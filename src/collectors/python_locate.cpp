#include "collectors/python_locate.h"

#include <fmt/format.h>
#include <unistd.h>

#include "collectors/collect_util.h"
#include "collectors/python_shims.h"
#include "parsers/python_paths.h"
#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kScriptMax = 64 * 1024;  // wrapper scripts are small; an interpreter binary is MBs

// What a wrapper's Python is asked: where it looks for packages. Imports nothing but sys and json.
constexpr std::string_view kWhereMarker = "@@RD-PYTHON@@";
const char* kWhereScript = R"PY(import json, sys
print('@@RD-PYTHON@@' + json.dumps({'executable': sys.executable, 'version': '%d.%d' % sys.version_info[:2], 'path': sys.path}), flush=True)
)PY";
constexpr auto kWhereTimeout = std::chrono::milliseconds(5000);

std::string Base(const std::string& path) { return path.substr(path.rfind('/') + 1); }

bool IsDir(CollectContext& context, const std::string& path) {
  auto info = context.system.Stat(path);
  return info && info->type == FileType::Directory;
}

// The file a chain of symlinks ends at (Python derives sys.prefix from it when no pyvenv.cfg is
// next to the interpreter), with every name on the way ("python3" -> "python3.11").
std::vector<std::string> LinkChain(CollectContext& context, const std::string& path) {
  std::vector<std::string> chain = {path};
  for (int hops = 0; hops < 16; ++hops) {
    auto target = context.system.ReadLink(chain.back());
    if (!target || target->empty()) break;
    chain.push_back((*target)[0] == '/' ? *target : ParentDir(chain.back()) + "/" + *target);
  }
  return chain;
}

// Why a given path cannot be a Python interpreter, or "".
std::string Unusable(CollectContext& context, const std::string& path) {
  if (path.find('/') == std::string::npos) return path + ": not found on PATH";
  auto info = context.system.Stat(path);
  if (!info) return info.error().message;
  if (info->type == FileType::Directory) return path + " is a directory, not a Python interpreter";
  if (info->type != FileType::Regular) return path + " is not a regular file";
  auto executable = context.system.Access(path, X_OK);
  if (!executable) return executable.error().message;
  if (!*executable) return fmt::format("{} is not executable (mode {:04o})", path, info->mode);
  return "";
}

std::string VersionOf(CollectContext& context, const std::vector<std::string>& chain, const std::string& prefix,
                      const std::optional<PyvenvCfg>& venv) {
  for (const auto& link : chain) {
    if (auto v = PythonVersionFromName(Base(link))) return *v;
  }
  if (venv && !venv->version.empty()) {
    auto parts = Split(venv->version, '.');
    if (parts.size() >= 2) return parts[0] + "." + parts[1];
  }
  for (const auto& name : context.system.ListDir(prefix + "/lib").value_or({})) {
    if (auto v = PythonVersionFromName(name); v && context.system.Stat(prefix + "/lib/" + name + "/os.py")) return *v;
  }
  return "";
}

// site-packages of a prefix: Debian's layout for /usr (deb_system scheme: /usr/local first),
// the upstream one elsewhere. An unknown version takes every lib/python3.* directory.
std::vector<std::string> PrefixSiteDirs(CollectContext& context, const std::string& prefix, const std::string& version) {
  std::vector<std::string> pys;
  if (!version.empty()) {
    pys.push_back("python" + version);
  } else {
    for (const auto& name : context.system.ListDir(prefix + "/lib").value_or({})) {
      if (StartsWith(name, "python3.")) pys.push_back(name);
    }
  }
  std::vector<std::string> dirs;
  if (prefix == "/usr") {
    for (const auto& py : pys) dirs.push_back("/usr/local/lib/" + py + "/dist-packages");
    dirs.push_back("/usr/lib/python3/dist-packages");
    for (const auto& py : pys) dirs.push_back("/usr/lib/" + py + "/dist-packages");
  }
  for (const auto& py : pys) {
    dirs.push_back(prefix + "/lib/" + py + "/site-packages");
    dirs.push_back(prefix + "/lib64/" + py + "/site-packages");
  }
  return dirs;
}

// site.addsitedir: the directory, then what its .pth files add (sorted by name, existing only).
void AddSiteDir(CollectContext& context, std::vector<std::string>& path, const std::string& dir) {
  if (!IsDir(context, dir)) return;
  path.push_back(dir);
  for (const auto& name : context.system.ListDir(dir).value_or({})) {
    if (!EndsWith(name, ".pth")) continue;
    auto text = context.system.ReadFile(dir + "/" + name, kScriptMax);
    if (!text) continue;
    for (const auto& added : ParsePthFile(*text, dir)) {
      if (IsDir(context, added)) path.push_back(added);
    }
  }
}

std::optional<PyvenvCfg> FindPyvenvCfg(CollectContext& context, const std::string& executable, std::string& venv_dir) {
  for (const auto& dir : {ParentDir(executable), ParentDir(ParentDir(executable))}) {
    if (auto text = context.system.ReadFile(dir + "/pyvenv.cfg", kScriptMax)) {
      venv_dir = dir;
      return ParsePyvenvCfg(*text);
    }
  }
  return std::nullopt;
}

void BuildSearchPath(CollectContext& context, PythonInstall& py) {
  for (const auto& dir : Split(context.system.GetEnv("PYTHONPATH").value_or(""), ':')) {
    if (StartsWith(dir, "/") && IsDir(context, dir)) py.search_path.push_back(dir);
  }
  std::string venv_dir;
  auto venv = FindPyvenvCfg(context, py.executable, venv_dir);
  auto chain = LinkChain(context, py.executable);
  std::string prefix = venv ? venv_dir : ParentDir(ParentDir(chain.back()));
  py.version = VersionOf(context, chain, venv ? ParentDir(ParentDir(chain.back())) : prefix, venv);
  // PEP 668: pip refuses to install into a Python whose stdlib holds this marker (Debian 12+,
  // Ubuntu 23.04+, Fedora 38+); a venv ignores it. ux-review U5: the fix must not be a bare pip.
  py.externally_managed = !venv && !py.version.empty() &&
                          context.system.Stat(prefix + "/lib/python" + py.version + "/EXTERNALLY-MANAGED").ok();
  bool user_site = (!venv || venv->include_system_site_packages) && !context.system.GetEnv("PYTHONNOUSERSITE");
  auto home = context.system.GetEnv("HOME");
  if (user_site && home && StartsWith(*home, "/") && !py.version.empty()) {
    AddSiteDir(context, py.search_path, *home + "/.local/lib/python" + py.version + "/site-packages");
  }
  for (const auto& dir : PrefixSiteDirs(context, prefix, py.version)) AddSiteDir(context, py.search_path, dir);
  if (venv && venv->include_system_site_packages && StartsWith(venv->home, "/")) {
    std::string base = ParentDir(LinkChain(context, venv->home + "/python3").back());
    for (const auto& dir : PrefixSiteDirs(context, ParentDir(base), py.version)) AddSiteDir(context, py.search_path, dir);
  }
}

// What a failed run said, short enough for a title: CPython's "Fatal Python error: …" line when
// there is one (a traceback of the dying runtime follows it), else the last two lines.
std::string FailureTail(const CommandResult& r) {
  std::vector<std::string> lines;
  for (const auto& line : SplitLines(r.err.empty() ? r.out : r.err)) {
    std::string trimmed(Trim(line));
    if (trimmed.empty()) continue;
    if (StartsWith(trimmed, "Fatal Python error")) return ": " + Printable(trimmed, 240);
    lines.push_back(trimmed);
  }
  if (lines.size() > 2) lines.erase(lines.begin(), lines.end() - 2);
  return lines.empty() ? "" : ": " + Printable(Join(lines, " / "), 240);
}

std::string RunFailure(const CommandResult& r, const std::string& path) {
  if (!r.started) return r.start_error;
  if (r.timed_out) return fmt::format("{}: running it did not finish in {} s", path, kWhereTimeout.count() / 1000);
  std::string how = r.signal != 0 ? fmt::format("killed by signal {}", r.signal)
                  : r.exit_code != 0 ? fmt::format("exit status {}", r.exit_code)
                                     : "it printed no sys.path";
  return fmt::format("{}: running it as Python failed ({}){}", path, how, FailureTail(r));
}

// hostile-input D22: a wrapper given with --python (a module system's, conda's, a site script)
// is what the user's jobs run, but where it leads is known only by running it. It runs once,
// here, and its sys.path is the search path; a wrapper that does not get as far as Python is a
// problem (rule python.given-interpreter-unusable). The torch import later runs through it too.
void ExamineByRunning(CollectContext& context, PythonInstall& py) {
  CommandResult r = context.system.Run(PythonCommand(py.interpreter, kWhereScript, kWhereTimeout));
  size_t marker = r.out.rfind(kWhereMarker);
  std::string_view answer = marker == std::string::npos ? std::string_view() : std::string_view(r.out).substr(marker + kWhereMarker.size());
  nlohmann::json j = answer.empty() || !JsonDepthOk(answer) ? nlohmann::json() : nlohmann::json::parse(answer, nullptr, false);
  if (!r.started || r.timed_out || r.signal != 0 || r.exit_code != 0 || !j.is_object()) {
    py.problem = RunFailure(r, py.interpreter);
    return;
  }
  // The answer is untrusted text: only absolute directory strings count, as site.py keeps them.
  if (j.contains("path") && j["path"].is_array()) {
    for (const auto& dir : j["path"]) {
      if (dir.is_string() && StartsWith(dir.get<std::string>(), "/") && IsDir(context, dir.get<std::string>())) py.search_path.push_back(dir.get<std::string>());
    }
  }
  if (j.contains("version") && j["version"].is_string()) {
    auto parts = Split(j["version"].get<std::string>(), '.');
    if (parts.size() == 2 && !parts[0].empty() && !parts[1].empty() && parts[0].find_first_not_of("0123456789") == std::string::npos &&
        parts[1].find_first_not_of("0123456789") == std::string::npos) {
      py.version = parts[0] + "." + parts[1];
    }
  }
  std::string executable = j.contains("executable") && j["executable"].is_string() ? Printable(j["executable"].get<std::string>(), 200) : "?";
  py.resolved_by = "ran the wrapper: sys.executable " + executable;
}

void FindTorch(CollectContext& context, PythonInstall& py) {
  for (const auto& dir : py.search_path) {
    if (context.system.Stat(dir + "/torch/version.py")) {
      py.torch_dir = dir + "/torch";
      break;
    }
  }
}

PythonInstall Examine(CollectContext& context, const std::string& path, const std::string& origin) {
  PythonInstall py;
  py.interpreter = path;
  py.origin = origin;
  py.executable = path;
  py.problem = Unusable(context, path);
  if (!py.problem.empty()) return py;
  auto info = context.system.Stat(path);
  if (info && info->size < kScriptMax) {
    auto text = context.system.ReadFile(path, kScriptMax);
    if (text && StartsWith(*text, "#!")) {
      auto shim = ResolvePyenvShim(context, path, *text);
      if (!shim && origin == "--python" && !context.quick) {  // --quick runs no child at all
        ExamineByRunning(context, py);
        if (py.problem.empty()) FindTorch(context, py);
        return py;
      }
      if (!shim) {
        // Another wrapper found on the way (asdf, a site script): known only by running it, which
        // the torch import does when no interpreter's search path shows torch.
        py.search_path_known = false;
        return py;
      }
      py.problem = shim->problem;
      py.executable = shim->executable;
      py.resolved_by = shim->how;
      if (!py.problem.empty()) return py;
    }
  }
  BuildSearchPath(context, py);
  FindTorch(context, py);
  return py;
}

// Two names of one interpreter: /bin/python3 (usrmerge) and /usr/bin/python3.11 (a link in the
// same directory). A link to another directory is another interpreter (a venv's bin/python3).
std::string SameInterpreterKey(CollectContext& context, const std::string& path) {
  std::string dir = ParentDir(path), name = Base(path);
  if (auto link = context.system.ReadLink(dir); link && !link->empty()) dir = (*link)[0] == '/' ? *link : ParentDir(dir) + "/" + *link;
  for (int hops = 0; hops < 8; ++hops) {
    auto link = context.system.ReadLink(dir + "/" + name);
    if (!link || link->empty() || link->find('/') != std::string::npos) break;
    name = *link;
  }
  return dir + "/" + name;
}

}  // namespace

CommandSpec PythonCommand(const std::string& executable, const std::string& script, std::chrono::milliseconds timeout) {
  CommandSpec spec{{executable, "-B", "-c", script}, timeout, 1 << 20, {{"PYTHONDONTWRITEBYTECODE", "1"}}, {}};
  return spec;
}

std::vector<PythonInstall> LocatePythons(CollectContext& context) {
  std::vector<std::pair<std::string, std::string>> candidates;
  for (const auto& given : context.pythons) {
    // A bare name ("python3.12") is looked up on PATH, as the shell would.
    std::string path = given.find('/') == std::string::npos ? context.system.FindProgram(given).value_or(given) : given;
    candidates.push_back({path, "--python"});
  }
  if (auto env = context.system.GetEnv("VIRTUAL_ENV"); env && StartsWith(*env, "/")) candidates.push_back({*env + "/bin/python3", "VIRTUAL_ENV"});
  if (auto env = context.system.GetEnv("CONDA_PREFIX"); env && StartsWith(*env, "/")) candidates.push_back({*env + "/bin/python3", "CONDA_PREFIX"});
  if (auto found = context.system.FindProgram("python3")) candidates.push_back({*found, "PATH"});
  candidates.push_back({"/usr/bin/python3", "system"});
  std::vector<PythonInstall> out;
  std::vector<std::string> keys;
  for (const auto& [path, origin] : candidates) {
    PythonInstall py = Examine(context, path, origin);
    if (!py.problem.empty() && origin != "--python") continue;  // only a given path is worth a word
    std::string key = py.problem.empty() ? SameInterpreterKey(context, py.executable) : py.interpreter;
    bool seen = false;
    for (const auto& k : keys) seen = seen || k == key;
    if (seen) continue;
    keys.push_back(key);
    out.push_back(std::move(py));
  }
  return out;
}

}  // namespace rd
