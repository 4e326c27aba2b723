#include "system/temp_dir.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace rd {

Result<std::string> MakePrivateTempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string root = (base && base[0] == '/') ? base : "/tmp";
  std::string pattern = root + "/rocm-doctor.XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data())) return ErrnoError(errno, "create private temp dir in " + root);
  return std::string(buffer.data());
}

void RemoveTempDir(const std::string& path) {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);  // remove_all does not follow symlinks
}

}  // namespace rd
