#pragma once
/// Finding Python interpreters and the torch package they would import, without importing it:
/// python3 on PATH, /usr/bin/python3 (Debian's python3-torch lives there even when PATH has a
/// pyenv or conda python first), $VIRTUAL_ENV, $CONDA_PREFIX.
#include <optional>
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct PythonInstall {
  std::string interpreter;                 ///< As found ("/usr/bin/python3").
  std::string origin;                      ///< "PATH", "system", "VIRTUAL_ENV", "CONDA_PREFIX"
  std::vector<std::string> search_path;    ///< sys.path from the interpreter, or guessed dirs.
  bool search_path_from_interpreter = false;
  std::string search_path_problem;         ///< Why sys.path was guessed.
  std::optional<std::string> torch_dir;    ///< ".../site-packages/torch" when version.py is there.
};

struct PythonCandidate {
  std::string interpreter;
  std::string origin;
};

/// Existing interpreters, each once, most specific first: VIRTUAL_ENV, CONDA_PREFIX, PATH, system.
std::vector<PythonCandidate> PythonCandidates(CollectContext& context);

/// Each distinct interpreter once, in the order above. Runs `python -c 'import sys,json…'`
/// (no torch import) with a short timeout; falls back to <prefix>/lib/pythonX.Y/site-packages.
std::vector<PythonInstall> LocatePythons(CollectContext& context, bool ask_interpreter);

}  // namespace rd
