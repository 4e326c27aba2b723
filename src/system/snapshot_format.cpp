#include "system/snapshot_format.h"

namespace rd {

using nlohmann::json;

json FileInfoToJson(const FileInfo& info) {
  json j = {{"type", FileTypeName(info.type)}, {"mode", info.mode}, {"uid", info.uid},
            {"gid", info.gid}, {"size", info.size}};
  if (info.type == FileType::CharDevice || info.type == FileType::BlockDevice) {
    j["rdev"] = std::to_string(info.rdev_major) + ":" + std::to_string(info.rdev_minor);
  }
  return j;
}

FileInfo FileInfoFromJson(const json& j) {
  FileInfo info;
  info.type = FileTypeFromName(j.value("type", "file"));
  info.mode = j.value("mode", 0644u);
  info.uid = j.value("uid", 0u);
  info.gid = j.value("gid", 0u);
  info.size = j.value("size", uint64_t{0});
  std::string rdev = j.value("rdev", "");
  if (auto colon = rdev.find(':'); colon != std::string::npos) {
    info.rdev_major = static_cast<uint32_t>(std::strtoul(rdev.substr(0, colon).c_str(), nullptr, 10));
    info.rdev_minor = static_cast<uint32_t>(std::strtoul(rdev.substr(colon + 1).c_str(), nullptr, 10));
  }
  return info;
}

ErrorKind ErrorKindFromName(const std::string& name) {
  for (ErrorKind kind : {ErrorKind::NotFound, ErrorKind::Denied, ErrorKind::TooLarge, ErrorKind::Loop,
                         ErrorKind::Timeout, ErrorKind::Invalid, ErrorKind::Io, ErrorKind::Unsupported}) {
    if (name == ErrorKindName(kind)) return kind;
  }
  return ErrorKind::Io;
}

json ErrorToJson(const Error& error) { return {{"kind", ErrorKindName(error.kind)}, {"message", error.message}}; }

Error ErrorFromJson(const json& j) {
  return Error{ErrorKindFromName(j.value("kind", "io")), j.value("message", "recorded error")};
}

json IdentityToJson(const Identity& id) {
  return {{"uid", id.uid}, {"euid", id.euid}, {"gid", id.gid}, {"groups", id.groups},
          {"user_name", id.user_name}, {"home", id.home}};
}

Identity IdentityFromJson(const json& j) {
  Identity id;
  id.uid = j.value("uid", 1000u);
  id.euid = j.value("euid", id.uid);
  id.gid = j.value("gid", 1000u);
  id.groups = j.value("groups", std::vector<uint32_t>{});
  id.user_name = j.value("user_name", "");
  id.home = j.value("home", "");
  return id;
}

json UnameToJson(const Uname& u) {
  return {{"sysname", u.sysname}, {"nodename", u.nodename}, {"release", u.release},
          {"version", u.version}, {"machine", u.machine}, {"libc_version", u.libc_version}};
}

Uname UnameFromJson(const json& j) {
  return Uname{j.value("sysname", "Linux"), j.value("nodename", ""), j.value("release", ""),
               j.value("version", ""), j.value("machine", ""), j.value("libc_version", "")};
}

json CommandToJson(const CommandSpec& spec, const CommandResult& r) {
  return {{"argv", spec.argv},          {"started", r.started},      {"start_error", r.start_error},
          {"exit_code", r.exit_code},   {"signal", r.signal},        {"timed_out", r.timed_out},
          {"stdout", r.out},            {"stderr", r.err},           {"elapsed_ms", r.elapsed_ms},
          {"resolved_path", r.resolved_path}};
}

CommandResult CommandResultFromJson(const json& j) {
  CommandResult r;
  r.started = j.value("started", true);
  r.start_error = j.value("start_error", "");
  r.exit_code = j.value("exit_code", 0);
  r.signal = j.value("signal", 0);
  r.timed_out = j.value("timed_out", false);
  r.out = j.value("stdout", "");
  r.err = j.value("stderr", "");
  r.elapsed_ms = j.value("elapsed_ms", 0.0);
  r.resolved_path = j.value("resolved_path", "");
  return r;
}

json DlopenToJson(const DlopenResult& r) { return {{"loaded", r.loaded}, {"path", r.path}, {"error", r.error}}; }

DlopenResult DlopenFromJson(const json& j) {
  return DlopenResult{j.value("loaded", false), j.value("path", ""), j.value("error", "")};
}

}  // namespace rd
