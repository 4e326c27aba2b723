// Compiles the probe's kernels.hip with the user's hipcc for one target (issue 16), when the
// embedded bundle has nothing for the GPU. The code object is cached under
// <cache>/probe-kernels/<hash of `hipcc --version` and the source>/<target>.co, so the second run
// loads it at once, and a new compiler or a changed kernels.hip gets a new entry. hipcc runs by
// argv (never a shell), its output is capped, and it is killed at the timeout.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <vector>

#include "code_objects.h"
#include "probe_util.h"

namespace probe {

namespace {

struct ChildResult {
  bool started = false, timed_out = false;
  int status = -1;
  std::string output;  ///< stdout and stderr together, capped
};

ChildResult RunChild(const std::vector<std::string>& argv, double timeout_ms) {
  ChildResult result;
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) return result;
  pid_t pid = fork();
  if (pid < 0) {
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    return result;
  }
  if (pid == 0) {
    setpgid(0, 0);  // hipcc's own children (clang, lld) die with it at the timeout
    dup2(pipe_fds[1], 1);
    dup2(pipe_fds[1], 2);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  result.started = true;
  auto start = Clock::now();
  char buffer[4096];
  for (;;) {
    double left = timeout_ms - MsSince(start);
    if (left <= 0) {
      result.timed_out = true;
      kill(-pid, SIGKILL);
      break;
    }
    pollfd fd{pipe_fds[0], POLLIN, 0};
    int ready = poll(&fd, 1, static_cast<int>(left) + 1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    if (result.output.size() < 64 * 1024) result.output.append(buffer, static_cast<size_t>(n));
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.status = status;
  return result;
}

bool Succeeded(const ChildResult& r) { return r.started && !r.timed_out && WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0; }

uint64_t Fnv1a(const std::string& text, uint64_t hash = 1469598103934665603ull) {
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

bool MakeDirs(const std::string& path) {
  for (size_t slash = path.find('/', 1); ; slash = path.find('/', slash + 1)) {
    std::string part = slash == std::string::npos ? path : path.substr(0, slash);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return false;
    if (slash == std::string::npos) return true;
  }
}

// The first lines of the compiler's output: what the report shows when the compile failed.
std::string Head(const std::string& text, size_t lines) {
  std::string out;
  std::istringstream in(text);
  std::string line;
  while (lines-- && std::getline(in, line)) out += (out.empty() ? "" : " | ") + line;
  return out.empty() ? "no output" : out;
}

// The lines of `hipcc --version` that name versions (HIP, clang): the cache key. Debian's hipcc
// 5.2 also prints rocm_agent_enumerator's traceback there when no GPU is present.
std::string VersionLines(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::string lower;
    for (char c : line) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("version") != std::string::npos && lower.find("traceback") == std::string::npos) out += line + "\n";
  }
  return out;
}

bool ValidTarget(const std::string& target) {
  if (target.size() < 4 || target.size() > 32) return false;
  for (char c : target) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  }
  return true;
}

}  // namespace

JitResult CompileForTarget(const JitOptions& options, const std::string& target, bool compile) {
  JitResult jit;
  auto start = Clock::now();
  if (!ValidTarget(target)) {
    jit.error = "'" + target + "' is not a target name";
    return jit;
  }
  std::string source = Slurp(options.kernel_source);
  if (source.empty()) {
    jit.error = "cannot read " + options.kernel_source;
    return jit;
  }
  ChildResult version = RunChild({options.hipcc, "--version"}, 20000);
  std::string compiler = VersionLines(version.output);
  if (!Succeeded(version) || compiler.empty()) {
    jit.error = "`" + options.hipcc + " --version` failed: " + Head(version.output, 2);
    return jit;
  }
  char key[32];
  std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(Fnv1a(source, Fnv1a(compiler))));
  std::string dir = options.cache_dir + "/probe-kernels/" + key;
  jit.path = dir + "/" + target + ".co";
  struct stat st{};
  if (stat(jit.path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    jit.ok = true;
    jit.source = "jit-cache";
    jit.ms = MsSince(start);
    return jit;
  }
  if (!compile) {
    jit.not_cached = true;
    jit.error = "no code object for " + target + " in " + dir + " yet";
    return jit;
  }
  if (!MakeDirs(dir)) {
    jit.error = "cannot create " + dir + ": " + std::strerror(errno);
    return jit;
  }
  std::string partial = jit.path + ".part" + std::to_string(getpid());
  ChildResult compiled = RunChild({options.hipcc, "--genco", "--offload-arch=" + target, "-O2", options.kernel_source, "-o", partial},
                                  options.timeout_ms);
  if (!Succeeded(compiled)) {
    unlink(partial.c_str());
    jit.error = compiled.timed_out ? "timed out" : Head(compiled.output, 3);
    return jit;
  }
  // rename: a second probe racing on the same entry sees a whole file or none.
  if (rename(partial.c_str(), jit.path.c_str()) != 0) {
    jit.error = "cannot store " + jit.path + ": " + std::strerror(errno);
    unlink(partial.c_str());
    return jit;
  }
  jit.ok = true;
  jit.source = "jit-compiled";
  jit.ms = MsSince(start);
  return jit;
}

}  // namespace probe
