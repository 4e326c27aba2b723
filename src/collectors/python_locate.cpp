#include "collectors/python_locate.h"

#include <nlohmann/json.hpp>

#include <future>

#include "util/strings.h"

namespace rd {

namespace {

const char* kSysPathScript = "import sys,json;print(json.dumps(sys.path))";

std::string Parent(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos || slash == 0 ? "/" : path.substr(0, slash);
}

std::vector<std::string> GuessSearchPath(CollectContext& context, const std::string& interpreter) {
  std::string prefix = Parent(Parent(interpreter));
  std::vector<std::string> dirs;
  auto lib = context.system.ListDir(prefix + "/lib");
  for (const auto& entry : lib.value_or({})) {
    if (!StartsWith(entry, "python3")) continue;
    dirs.push_back(prefix + "/lib/" + entry + "/site-packages");
    dirs.push_back(prefix + "/lib/" + entry + "/dist-packages");
  }
  if (prefix == "/usr") {
    // Debian: distribution packages in /usr/lib/python3/dist-packages, pip in /usr/local.
    dirs.push_back("/usr/lib/python3/dist-packages");
    for (const auto& entry : context.system.ListDir("/usr/local/lib").value_or({})) {
      if (StartsWith(entry, "python3")) dirs.push_back("/usr/local/lib/" + entry + "/dist-packages");
    }
  }
  return dirs;
}

void FillSearchPath(CollectContext& context, PythonInstall& py, bool ask) {
  if (ask) {
    CommandSpec spec{{py.interpreter, "-c", kSysPathScript}, std::chrono::milliseconds(3000), 1 << 16, {}, {}};
    CommandResult r = context.system.Run(spec);
    if (r.started && r.exit_code == 0 && !r.timed_out) {
      auto j = nlohmann::json::parse(r.out, nullptr, false);
      if (j.is_array()) {
        py.search_path.clear();
        for (const auto& item : j) {
          if (item.is_string() && StartsWith(item.get<std::string>(), "/")) py.search_path.push_back(Printable(item.get<std::string>(), 1024));
        }
        py.search_path_from_interpreter = true;
        return;
      }
      py.search_path_problem = py.interpreter + ": sys.path output is not a JSON list";
    } else {
      py.search_path_problem = !r.started ? r.start_error
                              : r.timed_out ? py.interpreter + ": timed out printing sys.path"
                                            : py.interpreter + " exited " + std::to_string(r.exit_code) + " printing sys.path";
    }
  } else {
    py.search_path_problem = "interpreter not asked";
  }
  py.search_path = GuessSearchPath(context, py.interpreter);
}

void FindTorch(CollectContext& context, PythonInstall& py) {
  for (const auto& dir : py.search_path) {
    if (context.system.Stat(dir + "/torch/version.py")) {
      py.torch_dir = dir + "/torch";
      return;
    }
  }
}

}  // namespace

std::vector<PythonCandidate> PythonCandidates(CollectContext& context) {
  std::vector<PythonCandidate> candidates;
  if (auto env = context.system.GetEnv("VIRTUAL_ENV"); env && StartsWith(*env, "/")) candidates.push_back({*env + "/bin/python3", "VIRTUAL_ENV"});
  if (auto env = context.system.GetEnv("CONDA_PREFIX"); env && StartsWith(*env, "/")) candidates.push_back({*env + "/bin/python3", "CONDA_PREFIX"});
  if (auto found = context.system.FindProgram("python3")) candidates.push_back({*found, "PATH"});
  candidates.push_back({"/usr/bin/python3", "system"});
  std::vector<PythonCandidate> out;
  for (const auto& c : candidates) {
    bool seen = false;
    for (const auto& p : out) seen = seen || p.interpreter == c.interpreter;
    auto info = context.system.Stat(c.interpreter);
    if (!seen && info && info->type == FileType::Regular) out.push_back(c);
  }
  return out;
}

std::vector<PythonInstall> LocatePythons(CollectContext& context, bool ask_interpreter) {
  // Interpreters are asked concurrently: a pyenv shim alone takes most of a second to start.
  std::vector<std::future<PythonInstall>> pending;
  for (const auto& c : PythonCandidates(context)) {
    pending.push_back(std::async(std::launch::async, [&context, c, ask_interpreter] {
      PythonInstall py{c.interpreter, c.origin, {}, false, "", std::nullopt};
      // The guessed prefix/lib/pythonX.Y dirs are right for system, venv and conda interpreters;
      // only when they show no torch is the interpreter asked (a shim, a custom sys.path).
      py.search_path = GuessSearchPath(context, py.interpreter);
      FindTorch(context, py);
      if (py.torch_dir) {
        py.search_path_problem = "guessed from the interpreter's prefix";
        return py;
      }
      FillSearchPath(context, py, ask_interpreter);
      FindTorch(context, py);
      return py;
    }));
  }
  std::vector<PythonInstall> out;
  for (auto& f : pending) out.push_back(f.get());
  return out;
}

}  // namespace rd
