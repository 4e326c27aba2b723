#include "system/temp_dir.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <system_error>
#include <vector>

#include "system/exit_cleanup.h"

namespace rd {

Result<std::string> MakePrivateTempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string root = (base && base[0] == '/') ? base : "/tmp";
  // mkdtemp fills in the name in place: nothing is allocated between making the dir and
  // tracking it, and an allocation that fails while tracking removes it again (ulimit -v, m3).
  std::string path = root + "/rocm-doctor.XXXXXX";
  if (!mkdtemp(path.data())) return ErrnoError(errno, "create private temp dir in " + root);
  bool tracked = false;
  try {
    tracked = TrackTempDir(path);
  } catch (...) {
    rmdir(path.c_str());
    throw;
  }
  // hostile-input D6: a signal or _Exit removes it too; one made while that cleanup runs (by a
  // collector thread that overran) would be left behind, so it is not kept.
  if (!tracked) {
    rmdir(path.c_str());
    return Error{ErrorKind::Unsupported, "create private temp dir in " + root + ": rocm-doctor is exiting"};
  }
  return path;
}

bool RemoveTempDir(const std::string& path) {
  std::error_code ec;
  try {
    std::filesystem::remove_all(path, ec);  // remove_all does not follow symlinks
  } catch (const std::bad_alloc&) {
    ec = std::make_error_code(std::errc::not_enough_memory);
  }
  // Out of memory (remove_all allocates; ulimit -v, m3): the usual empty dir still goes.
  if (ec && rmdir(path.c_str()) == 0) ec.clear();
  if (ec) return false;
  UntrackTempDir(path);
  return true;
}

}  // namespace rd
