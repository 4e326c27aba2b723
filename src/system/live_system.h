#pragma once
#include <memory>
#include <mutex>
#include <string>

#include "system/system.h"

namespace rd {

/// The real OS. Needs no root; reads nothing it was not asked for.
class LiveSystem : public System {
 public:
  LiveSystem();
  ~LiveSystem() override;

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

 private:
  /// The private, initially empty working directory of every child (made on first use).
  Result<std::string> WorkDir();
  std::mutex mutex_;
  std::string work_dir_;
};

}  // namespace rd
