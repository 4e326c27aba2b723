#include "system/temp_dir.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "system/exit_cleanup.h"

namespace rd {

Result<std::string> MakePrivateTempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string root = (base && base[0] == '/') ? base : "/tmp";
  std::string pattern = root + "/rocm-doctor.XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data())) return ErrnoError(errno, "create private temp dir in " + root);
  std::string path(buffer.data());
  TrackTempDir(path);  // hostile-input D6: a signal or _Exit removes it too
  return path;
}

bool RemoveTempDir(const std::string& path) {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);  // remove_all does not follow symlinks
  if (ec) return false;
  UntrackTempDir(path);
  return true;
}

}  // namespace rd
