#include "system/temp_dir.h"

#include <unistd.h>

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
  // hostile-input D6: a signal or _Exit removes it too; one made while that cleanup runs (by a
  // collector thread that overran) would be left behind, so it is not kept.
  if (!TrackTempDir(path)) {
    rmdir(path.c_str());
    return Error{ErrorKind::Unsupported, "create private temp dir in " + root + ": rocm-doctor is exiting"};
  }
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
