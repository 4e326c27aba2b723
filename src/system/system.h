#pragma once
/// The one narrow interface through which rocm-doctor reads the world (DESIGN.md "The System
/// interface"). LiveSystem does it for real, RecordingSystem saves what was read into a snapshot
/// folder, SnapshotSystem replays such a folder, so a scenario is a folder and a ticket can be
/// replayed. Collectors never touch the OS any other way.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

namespace rd {

enum class FileType { Regular, Directory, Symlink, CharDevice, BlockDevice, Fifo, Socket, Other };
const char* FileTypeName(FileType type);
FileType FileTypeFromName(const std::string& name);

struct FileInfo {
  FileType type = FileType::Regular;
  uint32_t mode = 0;  ///< Permission bits (07777).
  uint32_t uid = 0;
  uint32_t gid = 0;
  uint64_t size = 0;
  uint32_t rdev_major = 0;
  uint32_t rdev_minor = 0;
};

/// Who this process is: what the kernel uses for permission checks.
struct Identity {
  uint32_t uid = 0;
  uint32_t euid = 0;
  uint32_t gid = 0;
  std::vector<uint32_t> groups;  ///< Supplementary groups of this process (not /etc/group).
  std::string user_name;         ///< From the passwd database; empty when the uid has no name.
  std::string home;
};

struct GroupEntry {
  std::string name;
  uint32_t gid = 0;
  std::vector<std::string> members;  ///< Listed members (the database, not this process).
};

struct Uname {
  std::string sysname, nodename, release, version, machine;
  std::string libc_version;  ///< The C library this process runs on ("2.36").
};

/// A child process to run: by argv, never through a shell.
struct CommandSpec {
  std::vector<std::string> argv;
  std::chrono::milliseconds timeout{5000};
  size_t max_output = 1 << 20;                   ///< Bytes kept of stdout and of stderr each.
  std::map<std::string, std::string> env_set;    ///< Added to (or replacing in) the user's env.
  std::vector<std::string> env_unset;
  /// Files (plain names, no '/') written into the private working directory before the child
  /// starts, e.g. a source file to compile; argv stays the same on every machine (replay).
  std::map<std::string, std::string> input_files;
};

struct CommandResult {
  bool started = false;
  std::string start_error;  ///< Why it did not start ("hipcc: not found on PATH").
  int exit_code = -1;
  int signal = 0;           ///< Signal that ended it, 0 if none.
  bool timed_out = false;
  std::string out, err;
  bool out_truncated = false, err_truncated = false;
  /// The child exited, but a process it started outside its group (setsid) still held stdout or
  /// stderr open; reading stopped shortly after the exit (hostile-input m16).
  bool output_held_open = false;
  double elapsed_ms = 0;
  std::string resolved_path;  ///< The executable actually run.
};

struct DlopenResult {
  bool loaded = false;
  std::string path;   ///< Where the loader found it, when loaded.
  std::string error;  ///< dlerror() text otherwise.
};

inline constexpr size_t kDefaultMaxRead = 4u << 20;

class System {
 public:
  virtual ~System() = default;

  /// Whole file, at most max_bytes (TooLarge beyond that). Never blocks on FIFOs or devices.
  virtual Result<std::string> ReadFile(const std::string& path, size_t max_bytes = kDefaultMaxRead) = 0;
  /// Bytes [offset, offset + length) of a regular file, fewer at its end: the headers and a few
  /// sections of a large ELF library instead of all of it.
  virtual Result<std::string> ReadFileRange(const std::string& path, uint64_t offset, size_t length) = 0;
  /// Entry names of a directory, sorted, without "." and "..".
  virtual Result<std::vector<std::string>> ListDir(const std::string& path) = 0;
  virtual Result<FileInfo> Stat(const std::string& path) = 0;   ///< Follows symlinks.
  virtual Result<FileInfo> LStat(const std::string& path) = 0;  ///< Does not.
  virtual Result<std::string> ReadLink(const std::string& path) = 0;
  /// access(2) with R_OK/W_OK/X_OK bits: true/false, or an Error when the path can't be checked.
  virtual Result<bool> Access(const std::string& path, int mode) = 0;
  virtual std::map<std::string, std::string> Environment() = 0;
  virtual Identity GetIdentity() = 0;
  virtual Result<GroupEntry> LookupGroup(uint32_t gid) = 0;
  virtual Uname GetUname() = 0;
  /// Runs in an empty private directory, own process group, with a timeout.
  virtual CommandResult Run(const CommandSpec& spec) = 0;
  virtual DlopenResult TryDlopen(const std::string& name) = 0;

  std::optional<std::string> GetEnv(const std::string& name);
  /// The first existing regular executable named `program` on the PATH of Environment(),
  /// skipping relative PATH entries (they would resolve against the user's cwd).
  std::optional<std::string> FindProgram(const std::string& program);
};

}  // namespace rd
