#include "parsers/os_release.h"

#include <cctype>

#include "util/strings.h"

namespace rd {

namespace {

bool IsKey(std::string_view key) {
  if (key.empty() || key.size() > 64) return false;
  for (char c : key) {
    if (!std::isupper(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

// Shell-style unquoting as os-release(5) describes: "…" with \" \\ \$ \` escapes, or '…'.
std::string Unquote(std::string_view value) {
  if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
    char quote = value.front();
    value = value.substr(1, value.size() - 2);
    if (quote == '\'') return std::string(value);
    std::string out;
    for (size_t i = 0; i < value.size(); ++i) {
      if (value[i] == '\\' && i + 1 < value.size()) ++i;
      out += value[i];
    }
    return out;
  }
  return std::string(value);
}

}  // namespace

OsRelease ParseOsRelease(std::string_view text) {
  OsRelease out;
  int number = 0;
  for (const auto& raw : SplitLines(text)) {
    ++number;
    std::string_view line = Trim(raw);
    if (line.empty() || line.front() == '#') continue;
    size_t eq = line.find('=');
    std::string_view key = eq == std::string_view::npos ? line : line.substr(0, eq);
    if (eq == std::string_view::npos || !IsKey(key) || !LooksLikeText(line)) {
      out.problems.push_back("line " + std::to_string(number) + ": " + Printable(line, 80));
      continue;
    }
    out.fields[std::string(key)] = Unquote(Trim(line.substr(eq + 1)));
    out.lines[std::string(key)] = number;
  }
  return out;
}

}  // namespace rd
