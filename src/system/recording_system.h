#pragma once
#include <memory>
#include <mutex>

#include <nlohmann/json.hpp>

#include "system/record_dir.h"
#include "system/system.h"

namespace rd {

/// Passes every call to an inner System and remembers question and answer, so that Save() can
/// write a snapshot folder that SnapshotSystem replays to the same facts (check --record DIR).
class RecordingSystem : public System {
 public:
  explicit RecordingSystem(std::shared_ptr<System> inner);

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

  /// Writes the snapshot into `dir` (opened before the run: RecordDir::Open).
  Result<bool> Save(RecordDir& dir);

 private:
  std::shared_ptr<System> inner_;
  std::mutex mutex_;
  std::map<std::string, std::string> files_;  // path -> content
  // path -> offset -> bytes of ranged reads, saved as a sparse file (the same bytes at the same
  // offsets, holes elsewhere) unless the whole file was read too.
  std::map<std::string, std::map<uint64_t, std::string>> ranges_;
  nlohmann::json meta_;
  std::vector<nlohmann::json> commands_;
  bool env_read_ = false;
  std::map<std::string, std::string> env_;
};

}  // namespace rd
