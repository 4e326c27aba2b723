#pragma once
/// The small text files that decide where a Python interpreter looks for packages, parsed without
/// running it: site-packages `*.pth` files, a venv's pyvenv.cfg, pyenv's version files and shims.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

/// Directories a `.pth` file in `site_dir` adds to sys.path, in order: each line that is not
/// blank, a comment, or an `import` statement (site.py runs those; they add no directory).
/// Relative lines are relative to `site_dir`. Editable installs (`pip install -e`, `setup.py
/// develop` of a torch checkout) point here.
std::vector<std::string> ParsePthFile(std::string_view text, const std::string& site_dir);

struct PyvenvCfg {
  std::string home;                        ///< Directory of the base interpreter ("/usr/bin").
  bool include_system_site_packages = false;
  std::string version;                     ///< "3.11.2" (`version` or `version_info`).
};
/// `key = value` lines of <venv>/pyvenv.cfg; nullopt when no line has the form.
std::optional<PyvenvCfg> ParsePyvenvCfg(std::string_view text);

/// pyenv `version` / `.python-version` files: the first word of each line, skipping blank lines
/// and `#` comments; words with `/` or `..` are ignored, as pyenv-version-file-read does.
std::vector<std::string> ParsePyenvVersionFile(std::string_view text);

/// PYENV_ROOT of a pyenv shim (a bash script that execs `<root>/libexec/pyenv exec NAME`);
/// nullopt when the text is not a pyenv shim.
std::optional<std::string> PyenvShimRoot(std::string_view script);

/// "3.11" from an interpreter file name ("python3.11"), nullopt for "python3" or "python".
std::optional<std::string> PythonVersionFromName(std::string_view name);

}  // namespace rd
