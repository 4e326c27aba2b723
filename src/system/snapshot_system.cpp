#include "system/snapshot_system.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "system/live_system.h"
#include "system/local_files.h"
#include "system/snapshot_format.h"
#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

using nlohmann::json;

/// A large file kept compact (tests/tools/compact_snapshot.py): files/<path> holds only these
/// (offset, length) ranges of the original, back to back; the rest reads as zeros, and its size
/// is `size`. A recorded 1.3 GB libggml-hip.so is a few KB in git this way (issue 15 item 6).
struct Extents {
  uint64_t size = 0;
  std::vector<std::pair<uint64_t, uint64_t>> ranges;  ///< sorted, disjoint
};

struct SnapshotSystem::Data {
  std::map<std::string, Extents> extents;
  std::map<std::string, Error> read_errors, dir_errors;
  std::map<std::string, std::vector<std::string>> dirs;
  std::map<std::string, Result<FileInfo>> stats, lstats;
  std::map<std::string, Result<std::string>> links;
  std::map<std::string, Result<bool>> access;
  std::map<uint32_t, Result<GroupEntry>> groups;
  std::map<std::string, DlopenResult> dlopens;
  std::vector<std::pair<std::vector<std::string>, CommandResult>> commands;
  std::map<std::string, std::string> env;
  std::vector<std::string> problems;  ///< Parts of the snapshot that could not be used, and why.
  Identity identity;
  Uname uname;
};

namespace {

Result<FileInfo> StatEntry(const json& j) {
  if (j.contains("error")) return ErrorFromJson(j["error"]);
  return FileInfoFromJson(j);
}

// A member object of meta.json, or an empty object (never a temporary: range-for over the
// items() of a temporary would dangle).
const json& Member(const json& meta, const char* key) {
  static const json empty = json::object();
  auto it = meta.find(key);
  if (it == meta.end()) return empty;
  if (!it->is_object()) throw std::runtime_error(std::string("\"") + key + "\" must be an object");
  return *it;
}

// Runs `load` on meta.json's member `key`; a failure names the key (m3: "meta.json: stoul" or
// "type must be number, but is string" alone do not say where to look).
template <typename Load>
void Section(const json& meta, const char* key, Load load) {
  try {
    for (const auto& [name, j] : Member(meta, key).items()) {
      try {
        load(name, j);
      } catch (const std::exception& e) {
        throw std::runtime_error("\"" + name + "\": " + PlainJsonError(e.what()));
      }
    }
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("\"") + key + "\"" + (Contains(e.what(), "must be an object") ? " " : " → ") + PlainJsonError(e.what()));
  }
}

uint32_t ParseGid(const std::string& text) {
  auto gid = ParseInt(text);
  if (!gid || *gid < 0 || *gid > 0xffffffffLL) throw std::runtime_error("not a group id");
  return static_cast<uint32_t>(*gid);
}

void LoadMeta(const json& meta, SnapshotSystem::Data& data) {
  if (!meta.is_object()) throw std::runtime_error("the top level must be an object");
  if (meta.contains("format") && meta["format"] != "rocm-doctor-snapshot") {
    throw std::runtime_error("\"format\" is not \"rocm-doctor-snapshot\": not a rocm-doctor snapshot");
  }
  Section(meta, "read_errors", [&](const std::string& path, const json& err) { data.read_errors[path] = ErrorFromJson(err); });
  Section(meta, "dir_errors", [&](const std::string& path, const json& err) { data.dir_errors[path] = ErrorFromJson(err); });
  Section(meta, "dirs", [&](const std::string& path, const json& names) { data.dirs[path] = names.get<std::vector<std::string>>(); });
  Section(meta, "stat", [&](const std::string& path, const json& j) { data.stats.emplace(path, StatEntry(j)); });
  Section(meta, "lstat", [&](const std::string& path, const json& j) { data.lstats.emplace(path, StatEntry(j)); });
  Section(meta, "links", [&](const std::string& path, const json& j) {
    if (j.is_string()) data.links.emplace(path, j.get<std::string>());
    else data.links.emplace(path, ErrorFromJson(j.at("error")));
  });
  Section(meta, "access", [&](const std::string& key, const json& j) {
    if (j.is_boolean()) data.access.emplace(key, j.get<bool>());
    else data.access.emplace(key, ErrorFromJson(j.at("error")));
  });
  Section(meta, "groups", [&](const std::string& gid, const json& j) {
    auto id = ParseGid(gid);
    if (j.contains("error")) data.groups.emplace(id, ErrorFromJson(j["error"]));
    else data.groups.emplace(id, GroupEntry{j.at("name").get<std::string>(), id, j.value("members", std::vector<std::string>{})});
  });
  Section(meta, "dlopen", [&](const std::string& name, const json& j) { data.dlopens[name] = DlopenFromJson(j); });
  Section(meta, "extents", [&](const std::string& path, const json& j) {
    Extents e;
    e.size = j.at("size").get<uint64_t>();
    uint64_t end = 0;
    for (const auto& r : j.at("ranges")) {
      uint64_t offset = r.at(0).get<uint64_t>(), length = r.at(1).get<uint64_t>();
      if (offset < end || length > e.size || offset > e.size - length) throw std::runtime_error("ranges must be sorted, disjoint and within size");
      e.ranges.emplace_back(offset, length);
      end = offset + length;
    }
    data.extents[path] = std::move(e);
  });
  for (const char* key : {"identity", "uname"}) {
    try {
      if (std::string(key) == "identity") data.identity = IdentityFromJson(Member(meta, key));
      else data.uname = UnameFromJson(Member(meta, key));
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string("\"") + key + "\": " + PlainJsonError(e.what()));
    }
  }
}

// m3: a value that is not a string names its variable.
void LoadEnv(const json& env, std::map<std::string, std::string>& out) {
  if (!env.is_object()) throw std::runtime_error("the top level must be an object of NAME: \"value\"");
  std::vector<std::string> wrong;
  for (const auto& [name, value] : env.items()) {
    if (value.is_string()) out[name] = value.get<std::string>();
    else wrong.push_back("\"" + name + "\" is " + std::string(value.type_name()));
  }
  if (!wrong.empty()) {
    size_t shown = std::min<size_t>(wrong.size(), 8);
    std::vector<std::string> head(wrong.begin(), wrong.begin() + static_cast<long>(shown));
    throw std::runtime_error("values must be strings: " + Join(head, ", ") + (wrong.size() > shown ? ", …" : ""));
  }
}

// D7, D20: a folder that is no snapshot must not replay as a healthy, empty machine, and
// files/ must not lead out of the snapshot (files -> / would diagnose the host).
Result<bool> CheckSnapshotLayout(const std::string& dir) {
  auto info = LocalStat(dir);
  if (!info) return Error{ErrorKind::NotFound, "replay: " + dir + ": " + info.error().message};
  if (info->type != FileType::Directory) return Error{ErrorKind::Invalid, "replay: " + dir + " is not a snapshot folder (not a directory)"};
  auto files = LocalLStat(dir + "/files");
  if (!files) {
    return Error{ErrorKind::Invalid, "replay: " + dir + " is not a snapshot folder (no files/; a snapshot has files/, meta.json, env.json, commands/ — was it unpacked one level too deep?)"};
  }
  if (files->type == FileType::Symlink) return Error{ErrorKind::Invalid, "replay: " + dir + "/files is a symlink, not followed (it could lead out of the snapshot)"};
  if (files->type != FileType::Directory) return Error{ErrorKind::Invalid, "replay: " + dir + "/files is not a directory"};
  auto commands = LocalLStat(dir + "/commands");
  if (commands && commands->type != FileType::Directory) return Error{ErrorKind::Invalid, "replay: " + dir + "/commands is not a directory"};
  return true;
}

// Each piece is parsed inside its own try so that the message names the file at fault.
constexpr size_t kMaxRecordedCommand = 16u << 20;

Result<json> ParseJsonFile(const std::string& path, bool required, size_t max_bytes = 64u << 20) {
  auto text = ReadLocalFile(path, max_bytes);
  if (!text) {
    if (!required && text.error().kind == ErrorKind::NotFound) return json::object();
    return text.error();
  }
  if (!JsonDepthOk(*text)) return Error{ErrorKind::Invalid, path + ": nested deeper than " + std::to_string(kMaxJsonDepth) + " levels, not read"};
  json j = json::parse(*text, nullptr, false);
  if (j.is_discarded()) return Error{ErrorKind::Invalid, path + ": not valid JSON"};
  return j;
}

// Messages from the local read name the host path inside files/; users need the snapshot path.
Error Renamed(Error error, const std::string& host, const std::string& path) {
  if (auto at = error.message.find(host); at != std::string::npos) error.message.replace(at, host.size(), path);
  return error;
}

}  // namespace

SnapshotSystem::SnapshotSystem(std::string root, std::shared_ptr<Data> data)
    : root_(std::move(root)), data_(std::move(data)) {}

Result<std::unique_ptr<SnapshotSystem>> SnapshotSystem::Load(const std::string& dir) {
  auto data = std::make_shared<Data>();
  if (auto layout = CheckSnapshotLayout(dir); !layout) return layout.error();
  for (const auto& [name, required] : {std::pair{"meta.json", false}, std::pair{"env.json", false}}) {
    std::string path = dir + "/" + name;
    auto j = ParseJsonFile(path, required);
    if (!j) return j.error();
    try {
      if (std::string(name) == "meta.json") LoadMeta(*j, *data);
      else LoadEnv(*j, data->env);
    } catch (const std::exception& e) {
      return Error{ErrorKind::Invalid, path + ": " + PlainJsonError(e.what())};
    }
  }
  auto commands = ListLocalDir(dir + "/commands");
  for (const auto& name : commands.value_or({})) {
    std::string path = dir + "/commands/" + name;
    // One unreadable or malformed command is that command's problem, not the replay's (m5):
    // it replays as "not in the snapshot" and the cause is listed.
    // Live output is capped at 1 MiB per stream, so a real recording is a few MiB at most; a
    // larger one is refused before it is parsed (m13: 96 MB of stdout cost 300 MB to replay).
    auto j = ParseJsonFile(path, true, kMaxRecordedCommand);
    if (!j) {
      data->problems.push_back(j.error().message + " (this recorded command is skipped)");
      continue;
    }
    try {
      data->commands.emplace_back(j->at("argv").get<std::vector<std::string>>(), CommandResultFromJson(*j));
    } catch (const std::exception& e) {
      data->problems.push_back(path + ": " + PlainJsonError(e.what()) + " (this recorded command is skipped)");
    }
  }
  return std::unique_ptr<SnapshotSystem>(new SnapshotSystem(dir + "/files", data));
}

Result<std::string> SnapshotSystem::Resolve(const std::string& path, bool follow_last) {
  if (path.empty() || path[0] != '/') return Error{ErrorKind::Invalid, path + ": not an absolute path"};
  std::vector<std::string> pending;
  for (const auto& part : Split(path, '/')) {
    if (!part.empty() && part != ".") pending.push_back(part);
  }
  std::reverse(pending.begin(), pending.end());
  std::vector<std::string> done;
  int hops = 0;
  while (!pending.empty()) {
    std::string part = pending.back();
    pending.pop_back();
    if (part == "..") {
      if (!done.empty()) done.pop_back();
      continue;
    }
    done.push_back(part);
    std::string host = root_ + "/" + Join(done, "/");
    struct stat st {};
    if (lstat(host.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) continue;
    if (pending.empty() && !follow_last) break;
    if (++hops > 40) return Error{ErrorKind::Loop, path + ": Too many levels of symbolic links"};
    auto target = LocalReadLink(host);
    if (!target) return target.error();
    done.pop_back();
    if (!target->empty() && (*target)[0] == '/') done.clear();
    auto parts = Split(*target, '/');
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
      if (!it->empty() && *it != ".") pending.push_back(*it);
    }
  }
  return root_ + "/" + Join(done, "/");
}

const Extents* SnapshotSystem::ExtentsOf(const std::string& host) const {
  if (data_->extents.empty() || host.compare(0, root_.size() + 1, root_ + "/") != 0) return nullptr;
  auto it = data_->extents.find(host.substr(root_.size()));
  return it == data_->extents.end() ? nullptr : &it->second;
}

Result<std::string> SnapshotSystem::ReadExtents(const std::string& host, const Extents& e, uint64_t offset, size_t length) const {
  constexpr uint64_t kMaxAssembled = 1ull << 30;  // a hostile "size" cannot make us allocate more
  if (offset >= e.size) return std::string();
  uint64_t want = std::min<uint64_t>(length, e.size - offset);
  if (want > kMaxAssembled) return Error{ErrorKind::TooLarge, host + ": range too large to assemble"};
  std::string out(static_cast<size_t>(want), '\0');
  uint64_t packed = 0;  // where each range starts in the compact file
  for (const auto& [start, size] : e.ranges) {
    uint64_t from = std::max(start, offset), to = std::min(start + size, offset + want);
    if (from < to) {
      auto bytes = ReadLocalFileRange(host, packed + (from - start), static_cast<size_t>(to - from));
      if (!bytes) return bytes.error();
      std::copy(bytes->begin(), bytes->end(), out.begin() + static_cast<std::ptrdiff_t>(from - offset));
    }
    packed += size;
  }
  return out;
}

Result<std::string> SnapshotSystem::ReadFile(const std::string& path, size_t max_bytes) {
  if (auto it = data_->read_errors.find(path); it != data_->read_errors.end()) return it->second;
  auto host = Resolve(path, true);
  if (!host) return host.error();
  if (const Extents* e = ExtentsOf(*host)) {
    if (e->size > max_bytes) return Error{ErrorKind::TooLarge, path + ": larger than " + std::to_string(max_bytes) + " bytes"};
    return ReadExtents(*host, *e, 0, static_cast<size_t>(e->size));
  }
  auto text = ReadLocalFile(*host, max_bytes);
  if (!text) return Renamed(text.error(), *host, path);
  return text;
}

Result<std::string> SnapshotSystem::ReadFileRange(const std::string& path, uint64_t offset, size_t length) {
  if (auto it = data_->read_errors.find(path); it != data_->read_errors.end()) return it->second;
  auto host = Resolve(path, true);
  if (!host) return host.error();
  if (const Extents* e = ExtentsOf(*host)) return ReadExtents(*host, *e, offset, length);
  auto bytes = ReadLocalFileRange(*host, offset, length);
  if (!bytes) return Renamed(bytes.error(), *host, path);
  return bytes;
}

Result<std::vector<std::string>> SnapshotSystem::ListDir(const std::string& path) {
  if (auto it = data_->dir_errors.find(path); it != data_->dir_errors.end()) return it->second;
  if (auto it = data_->dirs.find(path); it != data_->dirs.end()) return it->second;
  auto host = Resolve(path, true);
  if (!host) return host.error();
  auto names = ListLocalDir(*host);
  if (!names) return Renamed(names.error(), *host, path);
  return names;
}

Result<FileInfo> SnapshotSystem::Stat(const std::string& path) {
  if (auto it = data_->stats.find(path); it != data_->stats.end()) return it->second;
  if (auto it = data_->read_errors.find(path); it != data_->read_errors.end() && it->second.kind == ErrorKind::NotFound) return it->second;
  auto host = Resolve(path, true);
  if (!host) return host.error();
  auto info = LocalStat(*host);
  if (!info) return Renamed(info.error(), *host, path);
  FileInfo replayed = *info;
  replayed.uid = replayed.gid = 0;  // the checkout's owner means nothing; meta.json says owners
  if (const Extents* e = ExtentsOf(*host)) replayed.size = e->size;
  return replayed;
}

Result<FileInfo> SnapshotSystem::LStat(const std::string& path) {
  if (auto it = data_->lstats.find(path); it != data_->lstats.end()) return it->second;
  if (data_->links.count(path) && data_->links.at(path)) {
    FileInfo link;
    link.type = FileType::Symlink;
    link.mode = 0777;
    return link;
  }
  auto host = Resolve(path, false);
  if (!host) return host.error();
  auto info = LocalLStat(*host);
  if (!info) return Renamed(info.error(), *host, path);
  FileInfo replayed = *info;
  replayed.uid = replayed.gid = 0;
  return replayed;
}

Result<std::string> SnapshotSystem::ReadLink(const std::string& path) {
  if (auto it = data_->links.find(path); it != data_->links.end()) return it->second;
  auto host = Resolve(path, false);
  if (!host) return host.error();
  auto target = LocalReadLink(*host);
  if (!target) return Renamed(target.error(), *host, path);
  return target;
}

Result<bool> SnapshotSystem::Access(const std::string& path, int mode) {
  if (auto it = data_->access.find(path + "|" + std::to_string(mode)); it != data_->access.end()) return it->second;
  auto info = Stat(path);
  if (!info) return info.error();
  const Identity& id = data_->identity;
  if (id.euid == 0) return (mode & X_OK) == 0 || (info->mode & 0111) != 0;
  uint32_t bits = info->mode & 07;
  if (info->uid == id.euid) bits = (info->mode >> 6) & 07;
  else if (info->gid == id.gid || std::count(id.groups.begin(), id.groups.end(), info->gid)) bits = (info->mode >> 3) & 07;
  return (bits & static_cast<uint32_t>(mode)) == static_cast<uint32_t>(mode);
}

std::map<std::string, std::string> SnapshotSystem::Environment() { return data_->env; }
Identity SnapshotSystem::GetIdentity() { return data_->identity; }
Uname SnapshotSystem::GetUname() { return data_->uname; }

Result<GroupEntry> SnapshotSystem::LookupGroup(uint32_t gid) {
  if (auto it = data_->groups.find(gid); it != data_->groups.end()) return it->second;
  return Error{ErrorKind::NotFound, "GID " + std::to_string(gid) + " has no name in the group database"};
}

namespace {
// A recorded output is cut where a live child's would be (m13: 50 MB of recorded stdout must
// not cost more than the live run did).
void CapOutput(std::string& text, size_t cap, bool& truncated) {
  if (text.size() <= cap) return;
  text.resize(cap);
  truncated = true;
}
}  // namespace

CommandResult SnapshotSystem::Run(const CommandSpec& spec) {
  for (const auto& [argv, recorded] : data_->commands) {
    if (argv != spec.argv) continue;
    CommandResult result = recorded;
    CapOutput(result.out, spec.max_output, result.out_truncated);
    CapOutput(result.err, spec.max_output, result.err_truncated);
    return result;
  }
  CommandResult missing;
  missing.start_error = (spec.argv.empty() ? std::string("command") : spec.argv[0]) + ": not found on PATH (not in the snapshot)";
  return missing;
}

const std::vector<std::string>& SnapshotSystem::LoadProblems() const { return data_->problems; }

DlopenResult SnapshotSystem::TryDlopen(const std::string& name) {
  if (auto it = data_->dlopens.find(name); it != data_->dlopens.end()) return it->second;
  return DlopenResult{false, "", name + ": cannot open shared object file: No such file or directory"};
}

}  // namespace rd
