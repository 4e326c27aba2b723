#pragma once
#include <cstddef>
#include <iostream>
#include <string>

#include "util/strings.h"

namespace rd {

/// Where the CLI writes; tests pass string streams and assert on structured results.
struct Io {
  std::ostream& out;
  std::ostream& err;
  bool stdout_is_tty = false;
  bool no_color = false;  ///< NO_COLOR set.
  bool stdout_closed = false;  ///< fd 1 was closed at start (main put /dev/null there).
  bool stderr_is_tty = false;  ///< For the progress line (cli/progress.h).
  bool term_dumb = false;      ///< TERM=dumb: no colour and no progress, as with NO_COLOR.
  size_t stdout_columns = 0;   ///< Terminal width of stdout (0: unknown; 80 is used on a TTY).
  size_t stderr_columns = 0;
  bool ascii_only = false;     ///< LC_ALL/LC_CTYPE/LANG names a locale that is not UTF-8 (ux-review p1).
};

/// Colour and the progress line are decoration: only on a terminal, without NO_COLOR
/// (https://no-color.org) and TERM=dumb (issue 14 item 5).
inline bool Decorated(const Io& io, bool is_tty) { return is_tty && !io.no_color && !io.term_dumb; }

/// The locale the first set variable names (POSIX order: LC_ALL, LC_CTYPE, LANG) is UTF-8. None
/// set counts as UTF-8: every terminal of today is, and the marks are what people paste.
inline bool LocaleIsUtf8(const std::string& lc_all, const std::string& lc_ctype, const std::string& lang) {
  const std::string& name = !lc_all.empty() ? lc_all : !lc_ctype.empty() ? lc_ctype : lang;
  if (name.empty()) return true;
  std::string lower = ToLower(name);
  return Contains(lower, "utf-8") || Contains(lower, "utf8");
}

/// The whole CLI (main.cpp only calls this): parse, run, print; returns the exit status.
int RunCli(int argc, const char* const* argv, Io& io);

}  // namespace rd
