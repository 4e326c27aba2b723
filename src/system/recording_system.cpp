#include "system/recording_system.h"

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>

#include "system/snapshot_format.h"
#include "util/secret_names.h"

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
  // Secret-named variables never reach a snapshot (snapshot-format.md; hostile-input D3).
  env_.clear();
  for (const auto& [name, value] : env) {
    if (!IsSecretName(name)) env_[name] = value;
  }
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
// Non-UTF-8 bytes in an environment value or a file name are replaced, not fatal: the report
// and the rest of the snapshot still come out (hostile-input report D13).
std::string Dump(const json& document) { return document.dump(2, ' ', false, json::error_handler_t::replace); }

std::string Relative(const std::string& absolute) {
  return std::filesystem::path(absolute).lexically_normal().relative_path().string();
}
}  // namespace

Result<bool> RecordingSystem::Save(RecordDir& dir) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& [path, content] : files_) {
    if (auto ok = dir.WriteFile("files/" + Relative(path), content); !ok) return ok;
  }
  for (const auto& [path, ranges] : ranges_) {
    if (files_.count(path)) continue;
    if (auto ok = dir.WriteRanges("files/" + Relative(path), ranges); !ok) return ok;
  }
  for (size_t i = 0; i < commands_.size(); ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "commands/%03zu.json", i);
    if (auto ok = dir.WriteFile(name, Dump(commands_[i])); !ok) return ok;
  }
  if (env_read_) {
    if (auto ok = dir.WriteFile("env.json", Dump(json(env_))); !ok) return ok;
  }
  return dir.WriteFile("meta.json", Dump(meta_));
}

}  // namespace rd
