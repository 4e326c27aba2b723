#include "system/user_shell.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <cstring>

extern char** environ;

namespace rd {

Result<int> RunInUserShell(const std::string& command) {
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // The doctor blocks SIGINT/TERM/HUP/QUIT for its signal thread (exit_cleanup.h): the command
  // starts with nothing blocked and default dispositions, so Ctrl-C stops it as it would in a
  // shell. It stays in the terminal's foreground process group (sudo reads the password there).
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&defaults, sig);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  std::string sh = "/bin/sh", dash_c = "-c", text = command;
  char* argv[] = {sh.data(), dash_c.data(), text.data(), nullptr};
  pid_t pid = -1;
  int rc = posix_spawn(&pid, "/bin/sh", nullptr, &attr, argv, environ);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return Error{ErrorKind::Io, std::string("start /bin/sh: ") + std::strerror(rc)};
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return ErrnoError(errno, "wait for /bin/sh");
  }
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace rd
