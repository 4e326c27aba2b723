#include "parsers/python_paths.h"

#include "util/strings.h"

namespace rd {

std::vector<std::string> ParsePthFile(std::string_view text, const std::string& site_dir) {
  std::vector<std::string> dirs;
  for (const auto& raw : SplitLines(text)) {
    std::string line(Trim(raw));
    if (line.empty() || line[0] == '#') continue;
    if (StartsWith(line, "import ") || StartsWith(line, "import\t")) continue;
    if (line.size() > 4096 || !LooksLikeText(line)) continue;
    dirs.push_back(line[0] == '/' ? line : site_dir + "/" + line);
  }
  return dirs;
}

std::optional<PyvenvCfg> ParsePyvenvCfg(std::string_view text) {
  PyvenvCfg cfg;
  bool any = false;
  for (const auto& line : SplitLines(text)) {
    size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string key = ToLower(Trim(std::string_view(line).substr(0, eq)));
    std::string value(Trim(std::string_view(line).substr(eq + 1)));
    any = true;
    if (key == "home") cfg.home = value;
    else if (key == "include-system-site-packages") cfg.include_system_site_packages = ToLower(value) == "true";
    else if (key == "version" || (key == "version_info" && cfg.version.empty())) cfg.version = value;
  }
  if (!any) return std::nullopt;
  return cfg;
}

std::vector<std::string> ParsePyenvVersionFile(std::string_view text) {
  std::vector<std::string> versions;
  for (const auto& raw : SplitLines(text)) {
    std::string_view line = Trim(raw);
    if (line.empty() || line[0] == '#') continue;
    std::string word(line.substr(0, line.find_first_of(" \t\r")));
    if (word == ".." || word.find('/') != std::string::npos) continue;  // pyenv's path-traversal guard
    versions.push_back(Printable(word, 128));
  }
  return versions;
}

namespace {

std::string_view Unquote(std::string_view text) {
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
    return text.substr(1, text.size() - 2);
  }
  return text;
}

}  // namespace

// The shim pyenv-rehash writes (create_prototype_shim):
//   export PYENV_ROOT="/home/alice/.pyenv"
//   exec "/home/alice/.pyenv/libexec/pyenv" exec "$program" "$@"
// where the pyenv path is `command -v pyenv` (libexec/pyenv, bin/pyenv, /usr/bin/pyenv …).
std::optional<std::string> PyenvShimRoot(std::string_view script) {
  if (!StartsWith(script, "#!")) return std::nullopt;
  std::string root;
  bool execs_pyenv = false;
  for (const auto& raw : SplitLines(script)) {
    std::string_view line = Trim(raw);
    if (StartsWith(line, "export PYENV_ROOT=")) root = std::string(Unquote(Trim(line.substr(18))));
    if (StartsWith(line, "exec ") && line.find("pyenv") != std::string::npos && line.find(" exec ", 4) != std::string::npos) {
      execs_pyenv = true;
      size_t at = line.find("/libexec/pyenv");
      if (root.empty() && at != std::string::npos) {
        std::string_view dir = Trim(line.substr(5, at - 5));
        if (!dir.empty() && (dir.front() == '"' || dir.front() == '\'')) dir.remove_prefix(1);
        root = std::string(dir);
      }
    }
  }
  if (!execs_pyenv || !StartsWith(root, "/")) return std::nullopt;
  return root;
}

std::optional<std::string> PythonVersionFromName(std::string_view name) {
  if (!StartsWith(name, "python")) return std::nullopt;
  std::string_view rest = name.substr(6);
  size_t dot = rest.find('.');
  if (dot == std::string::npos || dot == 0) return std::nullopt;
  if (!ParseInt(rest.substr(0, dot)) || !ParseInt(rest.substr(dot + 1))) return std::nullopt;
  return std::string(rest);
}

}  // namespace rd
