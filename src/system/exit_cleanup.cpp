// hostile-input D6: signals, _Exit and internal errors used to leave the private temp dir and
// running children (a hung rocminfo, a torch import) behind.
//
// Why a signal-waiting thread and not a handler: the cleanup walks and removes a directory tree
// and takes the registry's lock, neither of which is async-signal-safe. With the four signals
// blocked in every thread and one thread in sigwait(), the signal arrives as an ordinary return
// value, and the cleanup is plain code that may lock, allocate and call std::filesystem.
#include "system/exit_cleanup.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <mutex>
#include <new>
#include <set>
#include <system_error>
#include <thread>
#include <vector>

#include "system/temp_dir.h"

namespace rd {

namespace {

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

struct Registry {
  std::mutex mutex;
  bool closing = false;  ///< The cleanup has run: start nothing more.
  std::set<pid_t> groups;
  std::set<std::string> temp_dirs;
};

// Never destroyed: a detached collector thread may still spawn or reap after main has returned.
Registry& TheRegistry() {
  static Registry* registry = new Registry;
  return *registry;
}

// Dies of `signal` as if it had never been caught, so the shell sees 128+N (130 for Ctrl-C).
[[noreturn]] void DieOf(int signal) {
  // SIGQUIT's default action dumps core into the cwd: the doctor writes nothing but -o and its
  // temp dir, so no core file (the status still says SIGQUIT).
  if (signal == SIGQUIT) {
    struct rlimit none {0, 0};
    setrlimit(RLIMIT_CORE, &none);
  }
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, signal);
  raise(signal);  // pending on this thread until the unblock below, which delivers it
  pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
  _exit(128 + signal);  // not reached
}

void WaitForSignals(sigset_t set) {
  int signal = 0;
  while (sigwait(&set, &signal) != 0) {
  }
  CleanUpBeforeExit();
  DieOf(signal);
}

}  // namespace

void InstallSignalCleanup() {
  sigset_t set;
  sigemptyset(&set);
  for (int signal : kCleanupSignals) {
    struct sigaction current {};
    if (sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    sigaddset(&set, signal);
  }
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  try {
    std::thread(WaitForSignals, set).detach();
  } catch (const std::system_error&) {
    // No thread (a tight ulimit): the signals keep their default action rather than being lost.
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  }
}

void CleanUpBeforeExit() {
  Registry& registry = TheRegistry();
  std::vector<std::string> dirs;
  {
    std::lock_guard<std::mutex> lock(registry.mutex);
    registry.closing = true;
    for (pid_t group : registry.groups) kill(-group, SIGKILL);
    try {
      dirs.assign(registry.temp_dirs.begin(), registry.temp_dirs.end());
    } catch (const std::bad_alloc&) {
      // Out of memory (ulimit -v, m3): no copy, no retries; rmdir allocates nothing and the dirs
      // are empty unless a child was writing into one.
      for (const auto& dir : registry.temp_dirs) rmdir(dir.c_str());
      return;
    }
  }
  // A child killed a moment ago may still be creating a file in its dir: retry briefly.
  for (const auto& dir : dirs) {
    for (int attempt = 0; attempt < 10 && !RemoveTempDir(dir); ++attempt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
}

int SpawnTracked(const std::function<int(pid_t&)>& spawn, pid_t& pid) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  if (registry.closing) return ECANCELED;
  int rc = spawn(pid);
  if (rc == 0) registry.groups.insert(pid);
  return rc;
}

int ReapTracked(pid_t pid) {
  // Wait without reaping (WNOWAIT): the zombie keeps the pid and group id reserved, and the wait
  // may be long (a child stuck in the kernel), so it is not done under the lock.
  siginfo_t info {};
  while (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
  }
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  registry.groups.erase(pid);
  return status;
}

bool TrackTempDir(const std::string& path) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  if (registry.closing) return false;
  registry.temp_dirs.insert(path);
  return true;
}

void UntrackTempDir(const std::string& path) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.temp_dirs.erase(path);
}

}  // namespace rd
