// main only wires the process to the CLI; everything else is in rocm_doctor_core.
#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/io.h"
#include "system/exit_cleanup.h"
#include "system/local_files.h"

int main(int argc, char** argv) {
  // Before any thread: every thread inherits the mask that leaves the signals to the cleanup
  // thread (hostile-input D6).
  rd::InstallSignalCleanup();
  // Library resolution reads whole ELF files (libamdhip64 is 14 MB). With glibc's default, each
  // such buffer is a fresh mmap that page-faults on first touch and is unmapped on free; keeping
  // freed memory in the heap lets the next file reuse already-mapped pages (measured: most of
  // `check --quick`'s time in a VM was those page faults).
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  rd::Io io{std::cout, std::cerr, rd::StdoutIsTerminal(), !rd::GetOwnEnv("NO_COLOR").empty()};
  int status = rd::RunCli(argc, argv, io);
  std::cout.flush();
  std::cerr.flush();
  // A collector that overran its budget may still be running on a detached thread; leave
  // without running static destructors under it, but not without killing the children it
  // started and removing their temp dir (hostile-input D6; also after an internal error).
  rd::CleanUpBeforeExit();
  std::_Exit(status);
}
