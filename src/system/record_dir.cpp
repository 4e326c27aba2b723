#include "system/record_dir.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "util/strings.h"

namespace rd {

namespace {

Result<bool> WriteAllAt(int fd, const std::string& bytes, uint64_t offset, const std::string& what) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(errno, "record: write " + what);
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

// O_DIRECTORY | O_NOFOLLOW on a symlink fails with ENOTDIR (or ELOOP): say which it was.
std::string Describe(int err, int dir_fd, const std::string& name) {
  struct stat st{};
  if (fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) return "is a symlink, not followed";
  if (err == ELOOP) return "is a symlink, not followed";
  if (err == ENOTDIR) return "is not a directory";
  if (err == EEXIST) return "already exists";
  return "";
}

}  // namespace

Result<std::unique_ptr<RecordDir>> RecordDir::Open(const std::string& path) {
  if (mkdir(path.c_str(), 0700) != 0 && errno != EEXIST) return ErrnoError(errno, "record: create " + path);
  int fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    int err = errno;
    std::string why = Describe(err, AT_FDCWD, path);
    if (!why.empty()) return Error{ErrorKind::Invalid, "record: " + path + " " + why};
    return ErrnoError(err, "record: open " + path);
  }
  auto dir = std::unique_ptr<RecordDir>(new RecordDir(path, fd));
  struct stat st{};
  if (fstat(fd, &st) != 0) return ErrnoError(errno, "record: stat " + path);
  if (st.st_uid != geteuid()) {
    return Error{ErrorKind::Invalid, "record: " + path + " belongs to uid " + std::to_string(st.st_uid) +
                                         ", not to this user: give a new folder's name"};
  }
  int list_fd = dup(fd);
  DIR* listing = list_fd >= 0 ? fdopendir(list_fd) : nullptr;
  if (!listing) return ErrnoError(errno, "record: list " + path);
  bool empty = true;
  while (dirent* entry = readdir(listing)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") empty = false;
  }
  closedir(listing);
  if (!empty) return Error{ErrorKind::Invalid, "record: " + path + " exists and is not empty"};
  return dir;
}

RecordDir::~RecordDir() {
  for (auto& [rel, fd] : dir_fds_) close(fd);
  if (root_fd_ >= 0) close(root_fd_);
}

Result<int> RecordDir::ParentDirFd(const std::string& relative, std::string& leaf) {
  std::vector<std::string> parts;
  for (auto& part : Split(relative, '/')) {
    if (part.empty()) continue;
    if (part == "." || part == "..") return Error{ErrorKind::Invalid, "record: refusing path component '" + part + "' in " + relative};
    parts.push_back(part);
  }
  if (parts.empty()) return Error{ErrorKind::Invalid, "record: empty path"};
  leaf = parts.back();
  parts.pop_back();
  int fd = root_fd_;
  std::string so_far;
  for (const auto& part : parts) {
    so_far += "/" + part;
    if (auto known = dir_fds_.find(so_far); known != dir_fds_.end()) {
      fd = known->second;
      continue;
    }
    if (mkdirat(fd, part.c_str(), 0700) != 0 && errno != EEXIST) return ErrnoError(errno, "record: create " + path_ + so_far);
    int next = openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0) {
      int err = errno;
      std::string why = Describe(err, fd, part);
      if (!why.empty()) return Error{ErrorKind::Invalid, "record: " + path_ + so_far + " " + why};
      return ErrnoError(err, "record: open " + path_ + so_far);
    }
    dir_fds_[so_far] = next;
    fd = next;
  }
  return fd;
}

Result<int> RecordDir::CreateFile(const std::string& relative) {
  std::string leaf;
  auto parent = ParentDirFd(relative, leaf);
  if (!parent) return parent.error();
  int fd = openat(*parent, leaf.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    int err = errno;
    std::string why = Describe(err, *parent, leaf);
    if (!why.empty()) return Error{ErrorKind::Invalid, "record: " + path_ + "/" + relative + " " + why};
    return ErrnoError(err, "record: create " + path_ + "/" + relative);
  }
  return fd;
}

Result<bool> RecordDir::WriteFile(const std::string& relative, const std::string& content) {
  return WriteRanges(relative, {{0, content}});
}

Result<bool> RecordDir::WriteRanges(const std::string& relative, const std::map<uint64_t, std::string>& ranges) {
  auto fd = CreateFile(relative);
  if (!fd) return fd.error();
  Result<bool> ok = true;
  for (const auto& [offset, bytes] : ranges) {
    if (ok) ok = WriteAllAt(*fd, bytes, offset, path_ + "/" + relative);
  }
  if (close(*fd) != 0 && ok) ok = ErrnoError(errno, "record: write " + path_ + "/" + relative);
  return ok;
}

}  // namespace rd
