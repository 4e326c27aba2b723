// main only wires the process to the CLI; everything else is in rocm_doctor_core.
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/io.h"
#include "system/local_files.h"

int main(int argc, char** argv) {
  rd::Io io{std::cout, std::cerr, rd::StdoutIsTerminal(), !rd::GetOwnEnv("NO_COLOR").empty()};
  int status = rd::RunCli(argc, argv, io);
  std::cout.flush();
  std::cerr.flush();
  // A collector that overran its budget may still be running on a detached thread; leave
  // without running static destructors under it.
  std::_Exit(status);
}
