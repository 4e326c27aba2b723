#include "system/recording_system.h"

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "system/snapshot_format.h"

namespace rd {

using nlohmann::json;

RecordingSystem::RecordingSystem(std::shared_ptr<System> inner) : inner_(std::move(inner)) {
  meta_ = {{"format", "rocm-doctor-snapshot"}, {"version", 1}};
}

Result<std::string> RecordingSystem::ReadFile(const std::string& path, size_t max_bytes) {
  auto result = inner_->ReadFile(path, max_bytes);
  std::lock_guard<std::mutex> lock(mutex_);
  if (result) files_[path] = *result;
  else meta_["read_errors"][path] = ErrorToJson(result.error());
  return result;
}

Result<std::string> RecordingSystem::ReadFileRange(const std::string& path, uint64_t offset, size_t length) {
  auto result = inner_->ReadFileRange(path, offset, length);
  std::lock_guard<std::mutex> lock(mutex_);
  if (result) ranges_[path][offset] = *result;
  else meta_["read_errors"][path] = ErrorToJson(result.error());
  return result;
}

Result<std::vector<std::string>> RecordingSystem::ListDir(const std::string& path) {
  auto result = inner_->ListDir(path);
  std::lock_guard<std::mutex> lock(mutex_);
  if (result) meta_["dirs"][path] = *result;
  else meta_["dir_errors"][path] = ErrorToJson(result.error());
  return result;
}

Result<FileInfo> RecordingSystem::Stat(const std::string& path) {
  auto result = inner_->Stat(path);
  std::lock_guard<std::mutex> lock(mutex_);
  meta_["stat"][path] = result ? FileInfoToJson(*result) : json{{"error", ErrorToJson(result.error())}};
  return result;
}

Result<FileInfo> RecordingSystem::LStat(const std::string& path) {
  auto result = inner_->LStat(path);
  std::lock_guard<std::mutex> lock(mutex_);
  meta_["lstat"][path] = result ? FileInfoToJson(*result) : json{{"error", ErrorToJson(result.error())}};
  return result;
}

Result<std::string> RecordingSystem::ReadLink(const std::string& path) {
  auto result = inner_->ReadLink(path);
  std::lock_guard<std::mutex> lock(mutex_);
  meta_["links"][path] = result ? json(*result) : json{{"error", ErrorToJson(result.error())}};
  return result;
}

Result<bool> RecordingSystem::Access(const std::string& path, int mode) {
  auto result = inner_->Access(path, mode);
  std::lock_guard<std::mutex> lock(mutex_);
  meta_["access"][path + "|" + std::to_string(mode)] = result ? json(*result) : json{{"error", ErrorToJson(result.error())}};
  return result;
}

std::map<std::string, std::string> RecordingSystem::Environment() {
  auto env = inner_->Environment();
  std::lock_guard<std::mutex> lock(mutex_);
  env_read_ = true;
  env_ = env;
  return env;
}

Identity RecordingSystem::GetIdentity() {
  auto id = inner_->GetIdentity();
  std::lock_guard<std::mutex> lock(mutex_);
  meta_["identity"] = IdentityToJson(id);
  return id;
}

Result<GroupEntry> RecordingSystem::LookupGroup(uint32_t gid) {
  auto result = inner_->LookupGroup(gid);
  std::lock_guard<std::mutex> lock(mutex_);
  auto key = std::to_string(gid);
  if (result) meta_["groups"][key] = {{"name", result->name}, {"members", result->members}};
  else meta_["groups"][key] = {{"error", ErrorToJson(result.error())}};
  return result;
}

Uname RecordingSystem::GetUname() {
  auto u = inner_->GetUname();
  std::lock_guard<std::mutex> lock(mutex_);
  meta_["uname"] = UnameToJson(u);
  return u;
}

CommandResult RecordingSystem::Run(const CommandSpec& spec) {
  auto result = inner_->Run(spec);
  std::lock_guard<std::mutex> lock(mutex_);
  commands_.push_back(CommandToJson(spec, result));
  return result;
}

DlopenResult RecordingSystem::TryDlopen(const std::string& name) {
  auto result = inner_->TryDlopen(name);
  std::lock_guard<std::mutex> lock(mutex_);
  meta_["dlopen"][name] = DlopenToJson(result);
  return result;
}

namespace {
Result<bool> WriteText(const std::filesystem::path& path, const std::string& text) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) return Error{ErrorKind::Io, "write " + path.string() + ": failed"};
  return true;
}

// Seeking past the end and writing leaves a hole: the snapshot file holds the recorded bytes at
// their offsets and takes no disk space for the rest (a 14 MB library becomes a few KB).
Result<bool> WriteRanges(const std::filesystem::path& path, const std::map<uint64_t, std::string>& ranges) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  for (const auto& [offset, bytes] : ranges) {
    out.seekp(static_cast<std::streamoff>(offset));
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  if (!out) return Error{ErrorKind::Io, "write " + path.string() + ": failed"};
  return true;
}
}  // namespace

Result<bool> RecordingSystem::Save(const std::string& dir) {
  namespace fs = std::filesystem;
  std::lock_guard<std::mutex> lock(mutex_);
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_empty(dir, ec)) {
    return Error{ErrorKind::Invalid, "record: " + dir + " exists and is not empty"};
  }
  fs::create_directories(dir, ec);
  if (ec) return Error{ErrorKind::Io, "record: create " + dir + ": " + ec.message()};
  for (const auto& [path, content] : files_) {
    auto ok = WriteText(fs::path(dir) / "files" / fs::path(path).relative_path(), content);
    if (!ok) return ok;
  }
  for (const auto& [path, ranges] : ranges_) {
    if (files_.count(path)) continue;
    auto ok = WriteRanges(fs::path(dir) / "files" / fs::path(path).relative_path(), ranges);
    if (!ok) return ok;
  }
  for (size_t i = 0; i < commands_.size(); ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "%03zu.json", i);
    auto ok = WriteText(fs::path(dir) / "commands" / name, commands_[i].dump(2));
    if (!ok) return ok;
  }
  if (env_read_) {
    auto ok = WriteText(fs::path(dir) / "env.json", json(env_).dump(2));
    if (!ok) return ok;
  }
  return WriteText(fs::path(dir) / "meta.json", meta_.dump(2));
}

}  // namespace rd
