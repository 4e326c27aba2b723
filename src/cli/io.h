#pragma once
#include <cstddef>
#include <iostream>
#include <string>

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
};

/// Colour and the progress line are decoration: only on a terminal, without NO_COLOR
/// (https://no-color.org) and TERM=dumb (issue 14 item 5).
inline bool Decorated(const Io& io, bool is_tty) { return is_tty && !io.no_color && !io.term_dumb; }

/// The whole CLI (main.cpp only calls this): parse, run, print; returns the exit status.
int RunCli(int argc, const char* const* argv, Io& io);

}  // namespace rd
