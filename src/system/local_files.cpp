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
