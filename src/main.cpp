// main only wires the process to the CLI; everything else is in rocm_doctor_core.
#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/io.h"
#include "core/exit_status.h"
#include "system/exit_cleanup.h"
#include "system/local_files.h"

namespace {
// A closed fd 0/1/2 would be handed to the next file the doctor opens, and the report would be
// written into that file (hostile-input report D21). Put /dev/null there (/dev/full for stdout,
// so that any write to it fails and is reported) and remember it.
bool ReserveStandardFd(int fd) {
  if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) return false;
  const char* placeholder = fd == STDOUT_FILENO ? "/dev/full" : "/dev/null";
  int null_fd = open(placeholder, fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
  if (null_fd >= 0 && null_fd != fd) {
    dup2(null_fd, fd);
    close(null_fd);
  }
  return true;
}
}  // namespace

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
  ReserveStandardFd(STDIN_FILENO);
  bool stdout_closed = ReserveStandardFd(STDOUT_FILENO);
  ReserveStandardFd(STDERR_FILENO);
  rd::Io io{std::cout, std::cerr, rd::StdoutIsTerminal(), !rd::GetOwnEnv("NO_COLOR").empty(), stdout_closed};
  int status = rd::RunCli(argc, argv, io);
  // Every command's output ends here: a write that failed (full disk, /dev/full) is an error,
  // not a truncated report with exit 0 (D21). Report outputs were checked already (kExitUsage).
  errno = 0;
  std::cout.flush();
  if (std::cout.fail() && status != rd::kExitUsage) {
    const char* cause = stdout_closed ? "it is closed" : errno ? std::strerror(errno) : "failed";
    std::cerr << "rocm-doctor: write standard output: " << cause << "\n";
    status = rd::kExitUsage;
  }
  std::cerr.flush();
  // A collector that overran its budget may still be running on a detached thread; leave
  // without running static destructors under it, but not without killing the children it
  // started and removing their temp dir (hostile-input D6; also after an internal error).
  rd::CleanUpBeforeExit();
  std::_Exit(status);
}
