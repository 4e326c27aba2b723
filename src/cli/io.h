#pragma once
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
};

/// The whole CLI (main.cpp only calls this): parse, run, print; returns the exit status.
int RunCli(int argc, const char* const* argv, Io& io);

}  // namespace rd
