#include "parsers/shell_prompt.h"

#include <cctype>

#include "util/strings.h"

namespace rd {

namespace {

bool NameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'; }

bool AllNameChars(std::string_view s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s) {
    if (!NameChar(c)) return false;
  }
  return true;
}

// "(venv) " / "(base) " prefixes, possibly several, and a cluster's "[project] " tag before
// user@host (ROCm/jax#268: "[cad14908] user@login6:~$"); "[user@host dir]$" is Bracketed's.
std::string_view StripVenv(std::string_view s, std::string& venv, std::string& account) {
  while (s.size() > 2 && (s[0] == '(' || s[0] == '[')) {
    if (s[0] == '[') {
      size_t close = s.find(']');
      if (close == std::string_view::npos || close > 64 || close + 1 >= s.size() || s[close + 1] != ' ') break;
      std::string_view tag = s.substr(1, close - 1);
      if (tag.empty() || !AllNameChars(tag)) break;
      account = std::string(tag);
      s.remove_prefix(close + 2);
      continue;
    }
    size_t close = s.find(')');
    if (close == std::string_view::npos || close > 64 || close + 1 >= s.size() || s[close + 1] != ' ') break;
    std::string_view name = s.substr(1, close - 1);
    if (name.find(' ') != std::string_view::npos || name.empty()) break;
    venv = std::string(name);
    s.remove_prefix(close + 2);
  }
  return s;
}

// "user@host" -> true with both filled.
bool SplitUserHost(std::string_view s, ShellPrompt& p) {
  size_t at = s.find('@');
  if (at == std::string_view::npos) return false;
  if (!AllNameChars(s.substr(0, at)) || !AllNameChars(s.substr(at + 1))) return false;
  p.user = std::string(s.substr(0, at));
  p.host = std::string(s.substr(at + 1));
  return true;
}

// After the prompt's end marker: a space or the end of the line.
bool TakeCommand(std::string_view rest, ShellPrompt& p) {
  if (!rest.empty() && rest[0] != ' ' && rest[0] != '\t') return false;
  p.command = std::string(Trim(rest));
  return true;
}

std::string WindowsUser(std::string_view path) {
  std::string lower = ToLower(path);
  size_t at = lower.find("\\users\\");
  if (at == std::string::npos) return "";
  std::string_view rest = path.substr(at + 7);
  return std::string(rest.substr(0, rest.find('\\')));
}

std::optional<ShellPrompt> Windows(std::string_view s, ShellPrompt p) {
  if (StartsWith(s, "PS ")) s.remove_prefix(3);
  if (s.size() < 3 || !std::isalpha(static_cast<unsigned char>(s[0])) || s[1] != ':' || s[2] != '\\') return std::nullopt;
  size_t gt = s.find('>');
  if (gt == std::string_view::npos || gt > 260) return std::nullopt;
  p.cwd = std::string(s.substr(0, gt));
  if (p.cwd.find_first_of("<|\"") != std::string::npos) return std::nullopt;
  p.os = "windows";
  p.user = WindowsUser(p.cwd);
  p.command = std::string(Trim(s.substr(gt + 1)));
  return p;
}

// [user@host dir]$ cmd
std::optional<ShellPrompt> Bracketed(std::string_view s, ShellPrompt p) {
  size_t close = s.find(']');
  if (close == std::string_view::npos || close > 200 || close + 1 >= s.size()) return std::nullopt;
  char mark = s[close + 1];
  if (mark != '$' && mark != '#') return std::nullopt;
  std::string_view inside = s.substr(1, close - 1);
  size_t space = inside.find(' ');
  if (!SplitUserHost(inside.substr(0, space), p)) return std::nullopt;
  if (space != std::string_view::npos) p.cwd = std::string(Trim(inside.substr(space + 1)));
  if (!TakeCommand(s.substr(close + 2), p)) return std::nullopt;
  p.root = mark == '#';
  p.os = "linux";
  return p;
}

// user@host:cwd$ cmd   |   user@host cwd % cmd (zsh)   |   user@host:cwd# cmd
std::optional<ShellPrompt> UserAtHost(std::string_view s, ShellPrompt p) {
  size_t end = s.find_first_of(": ");
  if (end == std::string_view::npos || !SplitUserHost(s.substr(0, end), p)) return std::nullopt;
  std::string_view rest = s.substr(end + 1);
  for (size_t i = 0; i < rest.size() && i < 256; ++i) {
    char c = rest[i];
    if (c == '$' || c == '#' || c == '%' || c == '>') {
      if (i + 1 < rest.size() && rest[i + 1] != ' ') continue;
      p.cwd = std::string(Trim(rest.substr(0, i)));
      if (s[end] == ' ' && p.cwd.find(' ') != std::string::npos) return std::nullopt;  // prose, not zsh
      p.root = c == '#';
      if (!TakeCommand(rest.substr(i + 1), p)) return std::nullopt;
      p.os = "linux";
      return p;
    }
    if (c == ' ' && s[end] == ':') return std::nullopt;  // "user@host:" then prose, not a prompt
  }
  return std::nullopt;
}

// fish: "user ~/dir> cmd", "user /dir (git-branch)> cmd" (vllm-project/vllm#28680). The cwd must
// start with ~ or / and hold no space, so prose with a '>' is not taken for a prompt.
std::optional<ShellPrompt> Fish(std::string_view s, ShellPrompt p) {
  size_t space = s.find(' ');
  if (space == std::string_view::npos || !AllNameChars(s.substr(0, space))) return std::nullopt;
  std::string_view rest = s.substr(space + 1);
  if (rest.empty() || (rest[0] != '~' && rest[0] != '/')) return std::nullopt;
  size_t cwd_end = rest.find_first_of(" >");
  if (cwd_end == std::string_view::npos || cwd_end > 256) return std::nullopt;
  std::string_view cwd = rest.substr(0, cwd_end), after = rest.substr(cwd_end);
  if (StartsWith(after, " (")) {  // the git branch
    size_t close = after.find(')');
    if (close == std::string_view::npos || close > 128 || after.substr(2, close - 2).find(' ') != std::string_view::npos) return std::nullopt;
    after.remove_prefix(close + 1);
  }
  if (after.empty() || after[0] != '>' || !TakeCommand(after.substr(1), p)) return std::nullopt;
  p.user = std::string(s.substr(0, space));
  p.cwd = std::string(cwd);
  p.os = "linux";
  return p;
}

}  // namespace

std::optional<ShellPrompt> ParseShellPrompt(std::string_view line) {
  std::string_view s = line;
  size_t indent = 0;
  while (indent < s.size() && indent < 4 && s[indent] == ' ') ++indent;
  s.remove_prefix(indent);
  if (s.size() > 4096 || s.empty()) return std::nullopt;
  ShellPrompt p;
  if (StartsWith(s, ">>> ") || s == ">>>") {
    p.os = "python";
    p.command = std::string(Trim(s.substr(3)));
    return p;
  }
  s = StripVenv(s, p.venv, p.account);
  std::optional<ShellPrompt> out;
  if (StartsWith(s, "PS ") || (s.size() > 2 && s[1] == ':' && s[2] == '\\')) out = Windows(s, p);
  else if (s[0] == '[') out = Bracketed(s, p);
  else if (StartsWith(s, "\u276f ") || StartsWith(s, "\u279c ")) {
    // zsh/starship and oh-my-zsh prompts: "❯ cmd", "➜ cmd".
    if (TakeCommand(s.substr(3), p)) {  // after the 3-byte UTF-8 symbol
      p.os = "linux";
      out = p;
    }
  } else if (s[0] == '$' || s[0] == '#') {
    // "$ cmd" is a prompt; "# cmd" only as "# " followed by a known root command would be a
    // guess, so a bare '#' line stays text (it is usually a comment).
    if (s[0] == '$' && TakeCommand(s.substr(1), p)) {
      p.os = "linux";
      out = p;
    }
  } else if ((s[0] == '~' || s[0] == '/') && s.find("$ ") != std::string_view::npos && s.find("$ ") < 128 &&
             s.substr(0, s.find("$ ")).find(' ') == std::string_view::npos) {
    p.cwd = std::string(s.substr(0, s.find("$ ")));
    p.command = std::string(Trim(s.substr(s.find("$ ") + 2)));
    p.os = "linux";
    out = p;
  } else {
    out = UserAtHost(s, p);
    if (!out) out = Fish(s, p);
  }
  if (out && out->user == "root") out->root = true;
  return out;
}

}  // namespace rd
