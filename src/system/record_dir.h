#pragma once
/// The folder `check --record DIR` writes. Hostile-input report D2: root recording into a folder
/// another user controls must not follow a symlink swapped in after the check. So DIR is
/// created (or an existing empty one, owned by the caller and not a symlink, is taken) before
/// the run, held open as a directory descriptor, and everything below it is created with
/// mkdirat/openat relative to descriptors with O_NOFOLLOW | O_EXCL: a planted symlink or an
/// existing file is an error, never a path to follow or truncate.
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "util/result.h"

namespace rd {

class RecordDir {
 public:
  /// Creates `path` (mode 0700) or takes an existing empty directory that the caller owns.
  static Result<std::unique_ptr<RecordDir>> Open(const std::string& path);
  ~RecordDir();
  RecordDir(const RecordDir&) = delete;
  RecordDir& operator=(const RecordDir&) = delete;

  const std::string& path() const { return path_; }
  /// Writes a new file at `relative` (absolute paths are taken relative to DIR; "." and ".."
  /// components are refused), creating the directories above it.
  Result<bool> WriteFile(const std::string& relative, const std::string& content);
  /// Writes `ranges` (offset -> bytes) at their offsets: a sparse file.
  Result<bool> WriteRanges(const std::string& relative, const std::map<uint64_t, std::string>& ranges);

 private:
  RecordDir(std::string path, int fd) : path_(std::move(path)), root_fd_(fd) {}
  /// The descriptor of the directory holding `relative`'s last component (created as needed).
  Result<int> ParentDirFd(const std::string& relative, std::string& leaf);
  Result<int> CreateFile(const std::string& relative);

  std::string path_;
  int root_fd_ = -1;
  std::map<std::string, int> dir_fds_;  ///< Relative directory path -> open descriptor.
};

}  // namespace rd
