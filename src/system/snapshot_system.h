#pragma once
#include <map>
#include <memory>
#include <vector>

#include "system/system.h"

namespace rd {

/// Replays a snapshot folder (see snapshot_format.h). Paths resolve inside DIR/files, symlinks in
/// that tree are followed inside it (an absolute target is re-rooted, 40 hops at most, then
/// ELOOP), and meta.json overrides what a plain tree cannot say: errors, device nodes, owners.
/// Access() without a recorded answer is computed from mode bits and the recorded identity,
/// the way the kernel decides.
struct Extents;  // a compacted large file (meta.json "extents")

class SnapshotSystem : public System {
 public:
  /// Loads DIR; an Error names the file and the cause when meta.json or a command is malformed.
  static Result<std::unique_ptr<SnapshotSystem>> Load(const std::string& dir);

  Result<std::string> ReadFile(const std::string& path, size_t max_bytes) override;
  Result<std::string> ReadFileRange(const std::string& path, uint64_t offset, size_t length) override;
  Result<std::vector<std::string>> ListDir(const std::string& path) override;
  Result<FileInfo> Stat(const std::string& path) override;
  Result<FileInfo> LStat(const std::string& path) override;
  Result<std::string> ReadLink(const std::string& path) override;
  Result<bool> Access(const std::string& path, int mode) override;
  std::map<std::string, std::string> Environment() override;
  Identity GetIdentity() override;
  Result<GroupEntry> LookupGroup(uint32_t gid) override;
  Uname GetUname() override;
  CommandResult Run(const CommandSpec& spec) override;
  DlopenResult TryDlopen(const std::string& name) override;
  /// Parts of the snapshot that could not be used (a malformed commands/NNN.json), with causes.
  const std::vector<std::string>& LoadProblems() const;

  struct Data;  // parsed meta.json, env.json and commands/

 private:
  explicit SnapshotSystem(std::string root, std::shared_ptr<Data> data);
  /// Host path inside files/ for a snapshot path, following in-tree symlinks.
  Result<std::string> Resolve(const std::string& path, bool follow_last);
  const Extents* ExtentsOf(const std::string& host) const;
  Result<std::string> ReadExtents(const std::string& host, const Extents& e, uint64_t offset, size_t length) const;
  std::string root_;
  std::shared_ptr<Data> data_;
};

}  // namespace rd
