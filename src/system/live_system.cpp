#include "system/live_system.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <grp.h>
#include <gnu/libc-version.h>
#include <link.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>

#include "system/child_process.h"
#include "system/temp_dir.h"

extern char** environ;

namespace rd {

namespace {

FileInfo FromStat(const struct stat& st) {
  FileInfo info;
  switch (st.st_mode & S_IFMT) {
    case S_IFREG: info.type = FileType::Regular; break;
    case S_IFDIR: info.type = FileType::Directory; break;
    case S_IFLNK: info.type = FileType::Symlink; break;
    case S_IFCHR: info.type = FileType::CharDevice; break;
    case S_IFBLK: info.type = FileType::BlockDevice; break;
    case S_IFIFO: info.type = FileType::Fifo; break;
    case S_IFSOCK: info.type = FileType::Socket; break;
    default: info.type = FileType::Other;
  }
  info.mode = st.st_mode & 07777;
  info.uid = st.st_uid;
  info.gid = st.st_gid;
  info.size = static_cast<uint64_t>(st.st_size);
  info.rdev_major = major(st.st_rdev);
  info.rdev_minor = minor(st.st_rdev);
  return info;
}

// Reads what an open descriptor holds, refusing more than max_bytes. Reads straight into the
// result (sized from st_size; /proc files say 0 and grow as read), so a 20 MB library is copied
// once, not once per chunk.
Result<std::string> ReadAll(int fd, const std::string& path, size_t max_bytes, size_t size_hint) {
  auto too_large = [&] {
    return Error{ErrorKind::TooLarge, "read " + path + ": larger than " + std::to_string(max_bytes) + " bytes, not read"};
  };
  if (size_hint > max_bytes) return too_large();
  std::string data(std::max<size_t>(size_hint + 1, 65536), '\0');
  size_t used = 0;
  while (true) {
    if (used == data.size()) {
      if (data.size() > max_bytes) return too_large();
      data.resize(std::min(data.size() * 2, max_bytes + 1));
    }
    ssize_t n = read(fd, data.data() + used, data.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(errno, "read " + path);
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
    if (used > max_bytes) return too_large();
  }
  data.resize(used);
  return data;
}

}  // namespace

LiveSystem::LiveSystem() = default;

LiveSystem::~LiveSystem() {
  if (!work_dir_.empty()) RemoveTempDir(work_dir_);
}

namespace {

// O_NONBLOCK: a FIFO planted where a file should be must not hang us. Returns the open
// descriptor of a regular file and its size.
Result<std::pair<int, uint64_t>> OpenRegular(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) return ErrnoError(errno, "open " + path);
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    int err = errno;
    close(fd);
    return ErrnoError(err, "stat " + path);
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    const char* what = S_ISDIR(st.st_mode) ? "a directory" : "not a regular file";
    return Error{ErrorKind::Unsupported, "read " + path + ": " + what + ", not read"};
  }
  return std::pair<int, uint64_t>{fd, static_cast<uint64_t>(st.st_size)};
}

}  // namespace

Result<std::string> LiveSystem::ReadFile(const std::string& path, size_t max_bytes) {
  auto file = OpenRegular(path);
  if (!file) return file.error();
  auto data = ReadAll(file->first, path, max_bytes, static_cast<size_t>(file->second));
  close(file->first);
  return data;
}

Result<std::string> LiveSystem::ReadFileRange(const std::string& path, uint64_t offset, size_t length) {
  auto file = OpenRegular(path);
  if (!file) return file.error();
  auto [fd, size] = *file;
  size_t wanted = offset >= size ? 0 : static_cast<size_t>(std::min<uint64_t>(length, size - offset));
  std::string data(wanted, '\0');
  size_t used = 0;
  while (used < wanted) {
    ssize_t n = pread(fd, data.data() + used, wanted - used, static_cast<off_t>(offset + used));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      close(fd);
      return ErrnoError(err, "read " + path + " at " + std::to_string(offset + used));
    }
    if (n == 0) break;  // the file shrank while we read it
    used += static_cast<size_t>(n);
  }
  close(fd);
  data.resize(used);
  return data;
}

Result<std::vector<std::string>> LiveSystem::ListDir(const std::string& path) {
  DIR* dir = opendir(path.c_str());
  if (!dir) return ErrnoError(errno, "list " + path);
  std::vector<std::string> names;
  while (struct dirent* entry = readdir(dir)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
    if (names.size() > 100000) break;  // a runaway directory must not stall the report
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

Result<FileInfo> LiveSystem::Stat(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return ErrnoError(errno, "stat " + path);
  return FromStat(st);
}

Result<FileInfo> LiveSystem::LStat(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return ErrnoError(errno, "lstat " + path);
  return FromStat(st);
}

Result<std::string> LiveSystem::ReadLink(const std::string& path) {
  char buffer[4096];
  ssize_t n = readlink(path.c_str(), buffer, sizeof buffer - 1);
  if (n < 0) return ErrnoError(errno, "readlink " + path);
  return std::string(buffer, static_cast<size_t>(n));
}

Result<bool> LiveSystem::Access(const std::string& path, int mode) {
  if (access(path.c_str(), mode) == 0) return true;
  if (errno == EACCES || errno == EPERM || errno == EROFS) return false;
  return ErrnoError(errno, "access " + path);
}

std::map<std::string, std::string> LiveSystem::Environment() {
  std::map<std::string, std::string> env;
  for (char** entry = environ; entry && *entry; ++entry) {
    std::string text = *entry;
    size_t eq = text.find('=');
    if (eq != std::string::npos) env.emplace(text.substr(0, eq), text.substr(eq + 1));
  }
  return env;
}

Identity LiveSystem::GetIdentity() {
  Identity id;
  id.uid = getuid();
  id.euid = geteuid();
  id.gid = getgid();
  int count = getgroups(0, nullptr);
  if (count > 0) {
    std::vector<gid_t> groups(static_cast<size_t>(count));
    count = getgroups(count, groups.data());
    for (int i = 0; i < count; ++i) id.groups.push_back(groups[static_cast<size_t>(i)]);
  }
  struct passwd pw {};
  struct passwd* found = nullptr;
  std::vector<char> buffer(16384);
  if (getpwuid_r(id.uid, &pw, buffer.data(), buffer.size(), &found) == 0 && found) {
    id.user_name = pw.pw_name ? pw.pw_name : "";
    id.home = pw.pw_dir ? pw.pw_dir : "";
  }
  return id;
}

Result<GroupEntry> LiveSystem::LookupGroup(uint32_t gid) {
  struct group gr {};
  struct group* found = nullptr;
  std::vector<char> buffer(65536);
  int rc = getgrgid_r(gid, &gr, buffer.data(), buffer.size(), &found);
  if (rc != 0) return ErrnoError(rc, "group database lookup of GID " + std::to_string(gid));
  if (!found) return Error{ErrorKind::NotFound, "GID " + std::to_string(gid) + " has no name in the group database"};
  GroupEntry entry{gr.gr_name ? gr.gr_name : "", gr.gr_gid, {}};
  for (char** member = gr.gr_mem; member && *member; ++member) entry.members.emplace_back(*member);
  return entry;
}

Uname LiveSystem::GetUname() {
  struct utsname u {};
  Uname out;
  if (uname(&u) == 0) {
    out = {u.sysname, u.nodename, u.release, u.version, u.machine, ""};
  }
  out.libc_version = gnu_get_libc_version();
  return out;
}

namespace {

Result<bool> WriteInputFile(const std::string& dir, const std::string& name, const std::string& content) {
  if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..") {
    return Error{ErrorKind::Invalid, "input file name '" + name + "' must be a plain file name"};
  }
  std::string path = dir + "/" + name;
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return ErrnoError(errno, "create " + path);
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = errno;
      close(fd);
      return ErrnoError(err, "write " + path);
    }
    done += static_cast<size_t>(n);
  }
  close(fd);
  return true;
}

}  // namespace

Result<std::string> LiveSystem::WorkDir() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (work_dir_.empty()) {
    auto dir = MakePrivateTempDir();
    if (!dir) return dir.error();
    work_dir_ = *dir;
  }
  return work_dir_;
}

CommandResult LiveSystem::Run(const CommandSpec& spec) {
  CommandResult result;
  if (spec.argv.empty()) {
    result.start_error = "empty command";
    return result;
  }
  auto program = FindProgram(spec.argv[0]);
  if (!program) {
    result.start_error = spec.argv[0] + ": not found on PATH";
    return result;
  }
  auto dir = WorkDir();
  if (!dir) {
    result.start_error = dir.error().message;
    return result;
  }
  for (const auto& [name, content] : spec.input_files) {
    if (auto written = WriteInputFile(*dir, name, content); !written) {
      result.start_error = written.error().message;
      return result;
    }
  }
  auto env = Environment();
  for (const auto& name : spec.env_unset) env.erase(name);
  for (const auto& [name, value] : spec.env_set) env[name] = value;
  // Children's own temp files (clang's per-target objects, a killed hipcc's leftovers) land in
  // the private dir and go with it, so the doctor leaves nothing behind in the user's /tmp.
  env["TMPDIR"] = *dir;
  return RunChild(*program, spec, env, *dir);
}

DlopenResult LiveSystem::TryDlopen(const std::string& name) {
  DlopenResult result;
  // RTLD_LAZY | RTLD_LOCAL: load to ask the loader, run no library code beyond its constructors.
  void* handle = dlopen(name.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!handle) {
    const char* err = dlerror();
    result.error = err ? err : "dlopen failed";
    return result;
  }
  result.loaded = true;
  struct link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name) result.path = map->l_name;
  dlclose(handle);
  return result;
}

}  // namespace rd
