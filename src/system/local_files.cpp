#include "system/local_files.h"

#include <fcntl.h>
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
Result<std::vector<std::string>> ListLocalDir(const std::string& path) { return Local().ListDir(path); }
Result<FileInfo> LocalStat(const std::string& path) { return Local().Stat(path); }
Result<FileInfo> LocalLStat(const std::string& path) { return Local().LStat(path); }
Result<std::string> LocalReadLink(const std::string& path) { return Local().ReadLink(path); }

Result<bool> WriteFileAtomically(const std::string& path, const std::string& content) {
  std::string tmp = path + ".tmp.XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) return ErrnoError(errno, "create temporary file beside " + path);
  size_t written = 0;
  while (written < content.size()) {
    ssize_t n = write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      close(fd);
      unlink(tmp.c_str());
      return ErrnoError(err, "write " + path);
    }
    written += static_cast<size_t>(n);
  }
  fchmod(fd, 0644);
  if (fsync(fd) != 0 || close(fd) != 0) {
    int err = errno;
    unlink(tmp.c_str());
    return ErrnoError(err, "write " + path);
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    unlink(tmp.c_str());
    return ErrnoError(err, "rename into " + path);
  }
  return true;
}

std::string ExecutablePath() {
  auto target = Local().ReadLink("/proc/self/exe");
  return target ? *target : std::string();
}

std::string GetOwnEnv(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

bool StdoutIsTerminal() { return isatty(STDOUT_FILENO) == 1; }

}  // namespace rd
