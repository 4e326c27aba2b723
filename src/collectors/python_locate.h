#pragma once
/// Finding Python interpreters and the torch package each would import, without running them:
/// `check --python PATH` first, then $VIRTUAL_ENV, $CONDA_PREFIX, python3 on PATH, /usr/bin/python3
/// (Debian's python3-torch lives there even when PATH has a pyenv or conda python first).
/// sys.path is rebuilt from files the way site.py does (prefix, pyvenv.cfg, PYTHONPATH, user
/// site, .pth files); pyenv shims are resolved from pyenv's version files (python_shims.h).
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct PythonInstall {
  std::string interpreter;               ///< As found or given ("/usr/bin/python3").
  std::string origin;                    ///< "--python", "VIRTUAL_ENV", "CONDA_PREFIX", "PATH", "system"
  std::string executable;                ///< What runs: the interpreter, or the one behind a pyenv shim.
  std::string resolved_by;               ///< How a shim or a given wrapper was resolved ("pyenv 3.11.7 (set by …)").
  std::string problem;                   ///< Non-empty: nothing can run (a given path is missing …).
  std::string version;                   ///< "3.11" when known.
  bool search_path_known = true;         ///< False for a wrapper script other than a pyenv shim (not given with --python).
  bool externally_managed = false;       ///< PEP 668: its stdlib has EXTERNALLY-MANAGED and it is no venv.
  std::vector<std::string> search_path;  ///< Where `import torch` looks, in order.
  std::optional<std::string> torch_dir;  ///< ".../site-packages/torch" when version.py is there.
};

/// Each distinct interpreter once, most specific first. Starts no process but a wrapper script
/// given with --python (other than a pyenv shim), which is asked for its sys.path. Interpreters
/// given with --python always appear (with `problem` set when unusable, a wrapper that fails to
/// start Python included); the others only when they exist.
std::vector<PythonInstall> LocatePythons(CollectContext& context);

/// `executable -B -c script` with PYTHONDONTWRITEBYTECODE=1: a Python child of the doctor never
/// writes __pycache__ into the user's site-packages (hostile-input D10). Existing .pyc files are
/// still read; PYTHONPYCACHEPREFIX is not set, because Python would then look for them only under
/// the prefix and compile every module of torch from source on each run.
CommandSpec PythonCommand(const std::string& executable, const std::string& script, std::chrono::milliseconds timeout);

}  // namespace rd
