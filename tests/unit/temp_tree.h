#pragma once
/// A per-test temporary directory for tests that need real files (snapshots, rule dirs).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace rd::testing {

class TempTree {
 public:
  TempTree() {
    std::string pattern = (std::filesystem::temp_directory_path() / "rd-test.XXXXXX").string();
    root_ = mkdtemp(pattern.data());
  }
  ~TempTree() {
    std::error_code ec;
    std::filesystem::permissions(root_, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(root_, ec);
  }
  const std::string& root() const { return root_; }
  std::string Path(const std::string& rel) const { return root_ + "/" + rel; }
  void Write(const std::string& rel, const std::string& content) const {
    std::filesystem::create_directories(std::filesystem::path(Path(rel)).parent_path());
    std::ofstream(Path(rel), std::ios::binary) << content;
  }
  void Link(const std::string& rel, const std::string& target) const {
    std::filesystem::create_directories(std::filesystem::path(Path(rel)).parent_path());
    std::filesystem::create_symlink(target, Path(rel));
  }

 private:
  std::string root_;
};

}  // namespace rd::testing
