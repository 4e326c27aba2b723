#include "system/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>

#include "util/strings.h"

namespace rd {

namespace {

Result<bool> WriteAll(int fd, const std::string& content, const std::string& path) {
  size_t written = 0;
  while (written < content.size()) {
    ssize_t n = write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(errno, "write " + path);
    }
    written += static_cast<size_t>(n);
  }
  return true;
}

// A FIFO or a device: open what is there and write into it. O_CREAT is left out on purpose, so
// a node that vanished between stat and open is an error, not a new regular file.
Result<bool> WriteInPlace(const std::string& path, const std::string& content) {
  int fd = open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return ErrnoError(errno, "open " + path);
  auto ok = WriteAll(fd, content, path);
  if (close(fd) != 0 && ok) return ErrnoError(errno, "write " + path);
  return ok;
}

Result<bool> ReplaceAtomically(const std::string& path, const std::string& content, mode_t final_mode) {
  std::string tmp = path + ".tmp.XXXXXX";
  int fd = mkostemp(tmp.data(), O_CLOEXEC);  // 0600 while it is being written
  if (fd < 0) return ErrnoError(errno, "create temporary file beside " + path);
  auto ok = WriteAll(fd, content, path);
  if (ok && fchmod(fd, final_mode) != 0) ok = ErrnoError(errno, "chmod " + tmp);
  if (ok && fsync(fd) != 0) ok = ErrnoError(errno, "write " + path);
  if (close(fd) != 0 && ok) ok = ErrnoError(errno, "write " + path);
  if (ok && rename(tmp.c_str(), path.c_str()) != 0) ok = ErrnoError(errno, "rename into " + path);
  if (!ok) unlink(tmp.c_str());
  return ok;
}

}  // namespace

bool IsStandardOutputPath(const std::string& path) {
  return path == "-" || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1";
}

unsigned CurrentUmask() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (!StartsWith(line, "Umask:")) continue;
    auto value = std::string(Trim(std::string_view(line).substr(6)));
    char* end = nullptr;
    unsigned long mask = std::strtoul(value.c_str(), &end, 8);
    if (end && *end == '\0' && !value.empty()) return static_cast<unsigned>(mask & 0777);
  }
  return 022;
}

Result<bool> WriteOutputFile(const std::string& path, const std::string& content, OutputFileMode mode) {
  struct stat st{};
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return Error{ErrorKind::Invalid, "write " + path + ": a directory"};
    if (!S_ISREG(st.st_mode)) return WriteInPlace(path, content);  // FIFO, device, socket → open's error
    return ReplaceAtomically(path, content, st.st_mode & 07777);
  }
  if (errno != ENOENT) return ErrnoError(errno, "stat " + path);
  mode_t fresh = mode == OutputFileMode::Private ? 0600 : (0666 & ~static_cast<mode_t>(CurrentUmask()));
  return ReplaceAtomically(path, content, fresh);
}

}  // namespace rd
