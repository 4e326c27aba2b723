// main only wires the process to the CLI; everything else is in rocm_doctor_core.
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
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
// Out of memory (ulimit -v, a cgroup limit) can strike in any thread, where an exception has
// nowhere to go but std::terminate: say what happened, clean up, and leave with the usage /
// configuration status instead of an abort (hostile-input report m3). Only the first thread to
// get here reports; a second one waits for it to exit.
[[noreturn]] void OnTerminate() {
  static std::atomic<bool> once{false};
  if (once.exchange(true)) {
    for (;;) pause();
  }
  const char* message = "rocm-doctor: stopped: a worker thread failed (no report); run again\n";
  if (auto current = std::current_exception()) {
    try {
      std::rethrow_exception(current);
    } catch (const std::bad_alloc&) {
      message = "rocm-doctor: out of memory (an address-space or cgroup limit such as ulimit -v?): no report; raise the limit and run again\n";
    } catch (...) {
    }
  }
  ssize_t ignored = write(STDERR_FILENO, message, std::strlen(message));
  (void)ignored;
  try {
    rd::CleanUpBeforeExit();  // may itself run out of memory: the exit status still comes
  } catch (...) {
  }
  std::_Exit(rd::kExitUsage);
}

}  // namespace

// Threads get 2 MiB stacks, not the 8 MiB of RLIMIT_STACK: a dozen collector threads then
// reserve 24 MiB of address space instead of 96, so a tight `ulimit -v` still leaves room for
// the report (m3). Nothing recurses deeply: JSON nesting is bounded (util/json_depth.h), RE2
// and the redactor do not recurse on input. Sanitizer builds keep the default (ASan frames are
// larger).
void UseSmallThreadStacks() {
#if !defined(__SANITIZE_ADDRESS__)
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return;
  if (pthread_attr_setstacksize(&attr, 2u << 20) == 0) pthread_setattr_default_np(&attr);
  pthread_attr_destroy(&attr);
#endif
}

int main(int argc, char** argv) {
  std::set_terminate(OnTerminate);
  UseSmallThreadStacks();
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
  rd::Io io{std::cout, std::cerr, rd::StdoutIsTerminal(), !rd::GetOwnEnv("NO_COLOR").empty(), stdout_closed,
            rd::StderrIsTerminal(), rd::GetOwnEnv("TERM") == "dumb", rd::TerminalColumns(STDOUT_FILENO),
            rd::TerminalColumns(STDERR_FILENO), !rd::LocaleIsUtf8(rd::GetOwnEnv("LC_ALL"), rd::GetOwnEnv("LC_CTYPE"), rd::GetOwnEnv("LANG"))};
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
