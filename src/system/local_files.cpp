#include "system/local_files.h"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "system/live_system.h"

namespace rd {

namespace {
LiveSystem& Local() {
  static LiveSystem local;
  return local;
}
}  // namespace

Result<std::string> ReadLocalFile(const std::string& path, size_t max_bytes) { return Local().ReadFile(path, max_bytes); }
Result<std::string> ReadLocalFileRange(const std::string& path, uint64_t offset, size_t length) {
  return Local().ReadFileRange(path, offset, length);
}
Result<std::string> ReadLocalStream(const std::string& path, size_t max_bytes) {
  // Blocking on purpose: the user named this pipe and its writer is running.
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return ErrnoError(errno, "open " + path);
  std::string text;
  text.reserve(max_bytes + 1);  // reserved, not touched: pages count only once filled
  char chunk[1 << 16];
  Result<std::string> result = std::string();
  while (true) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      result = ErrnoError(errno, "read " + path);
      break;
    }
    if (n == 0) {
      result = std::move(text);
      break;
    }
    text.append(chunk, static_cast<size_t>(n));
    if (text.size() > max_bytes) {
      result = Error{ErrorKind::TooLarge, path + ": larger than " + std::to_string(max_bytes) + " bytes, not read"};
      break;
    }
  }
  close(fd);
  return result;
}

Result<std::vector<std::string>> ListLocalDir(const std::string& path) { return Local().ListDir(path); }
Result<FileInfo> LocalStat(const std::string& path) { return Local().Stat(path); }
Result<FileInfo> LocalLStat(const std::string& path) { return Local().LStat(path); }
Result<std::string> LocalReadLink(const std::string& path) { return Local().ReadLink(path); }

std::string ExecutablePath() {
  auto target = Local().ReadLink("/proc/self/exe");
  return target ? *target : std::string();
}

std::string GetOwnEnv(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

bool StdoutIsTerminal() { return isatty(STDOUT_FILENO) == 1; }
bool StderrIsTerminal() { return isatty(STDERR_FILENO) == 1; }

size_t TerminalColumns(int fd) {
  std::string columns = GetOwnEnv("COLUMNS");
  char* end = nullptr;
  long n = columns.empty() ? 0 : std::strtol(columns.c_str(), &end, 10);
  if (end && *end == '\0' && n >= 20 && n <= 1000) return static_cast<size_t>(n);
  winsize size{};
  if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 0;
}

}  // namespace rd
