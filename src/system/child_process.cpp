#include "system/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

namespace rd {

namespace {

using Clock = std::chrono::steady_clock;

struct Pipe {
  int read_end = -1, write_end = -1;
  bool Open() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return false;
    read_end = fds[0];
    write_end = fds[1];
    return true;
  }
  void CloseAll() {
    if (read_end >= 0) close(read_end);
    if (write_end >= 0) close(write_end);
    read_end = write_end = -1;
  }
};

std::vector<char*> CStrings(std::vector<std::string>& storage) {
  std::vector<char*> out;
  for (auto& s : storage) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Appends what is readable on fd to sink, keeping at most cap bytes; false at EOF or error.
bool Drain(int fd, std::string& sink, size_t cap, bool& truncated) {
  char buffer[65536];
  ssize_t n = read(fd, buffer, sizeof buffer);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  size_t room = sink.size() < cap ? cap - sink.size() : 0;
  sink.append(buffer, std::min(room, static_cast<size_t>(n)));
  if (static_cast<size_t>(n) > room) truncated = true;
  return true;
}

// Collects output until both pipes close or the deadline passes; reaps the child when it exits.
void Pump(pid_t pid, int out_fd, int err_fd, Clock::time_point deadline, const CommandSpec& spec,
          CommandResult& result, int& status, bool& reaped) {
  bool out_open = true, err_open = true;
  while (out_open || err_open || !reaped) {
    if (!reaped && waitpid(pid, &status, WNOHANG) == pid) {
      reaped = true;
      kill(-pid, SIGKILL);  // stragglers in its group would keep our pipes open
    }
    auto now = Clock::now();
    if (now >= deadline) {
      result.timed_out = !reaped;
      return;
    }
    struct pollfd fds[2] = {{out_open ? out_fd : -1, POLLIN, 0}, {err_open ? err_fd : -1, POLLIN, 0}};
    int wait_ms = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count());
    poll(fds, 2, std::min(wait_ms, reaped ? 50 : 20));
    if (out_open && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) out_open = Drain(out_fd, result.out, spec.max_output, result.out_truncated);
    if (err_open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) err_open = Drain(err_fd, result.err, spec.max_output, result.err_truncated);
    if (reaped && !out_open && !err_open) return;
  }
}

}  // namespace

CommandResult RunChild(const std::string& program, const CommandSpec& spec,
                       const std::map<std::string, std::string>& env, const std::string& work_dir) {
  CommandResult result;
  result.resolved_path = program;
  Pipe out, err;
  if (!out.Open() || !err.Open()) {
    result.start_error = std::string("pipe: ") + std::strerror(errno);
    out.CloseAll();
    err.CloseAll();
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.write_end, 1);
  posix_spawn_file_actions_adddup2(&actions, err.write_end, 2);
  posix_spawn_file_actions_addchdir_np(&actions, work_dir.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t default_signals;
  sigemptyset(&default_signals);
  sigaddset(&default_signals, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &default_signals);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> argv_storage = spec.argv;
  std::vector<std::string> env_storage;
  for (const auto& [name, value] : env) env_storage.push_back(name + "=" + value);
  auto argv = CStrings(argv_storage);
  auto envp = CStrings(env_storage);

  auto start = Clock::now();
  pid_t pid = -1;
  int rc = posix_spawn(&pid, program.c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(out.write_end);
  close(err.write_end);
  out.write_end = err.write_end = -1;
  if (rc != 0) {
    result.start_error = program + ": " + std::strerror(rc);
    out.CloseAll();
    err.CloseAll();
    return result;
  }
  result.started = true;
  int status = 0;
  bool reaped = false;
  Pump(pid, out.read_end, err.read_end, start + spec.timeout, spec, result, status, reaped);
  if (!reaped) {
    kill(-pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  out.CloseAll();
  err.CloseAll();
  result.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

}  // namespace rd
