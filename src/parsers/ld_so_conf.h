#pragma once
/// /etc/ld.so.conf and its includes: one directory per line, `include GLOB` lines (relative
/// globs count from the including file's directory), `#` comments, `hwcap` lines (obsolete).
/// The collector expands the globs through System. pitfalls.md #35.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct LdSoConf {
  std::vector<std::string> dirs;      ///< In file order.
  std::vector<std::string> includes;  ///< Glob patterns, made absolute against `file_dir`.
};

LdSoConf ParseLdSoConf(std::string_view text, const std::string& file_dir);

/// fnmatch-style match of one path component (`*`, `?`, `[...]`), no `/` inside.
bool GlobMatch(std::string_view pattern, std::string_view name);

}  // namespace rd
