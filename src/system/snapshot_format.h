#pragma once
/// The on-disk form of a recorded world (docs/snapshot-format.md):
///   DIR/files/<absolute path>   contents of every file read, as read
///   DIR/env.json                the environment
///   DIR/commands/NNN.json       each command run: argv, exit, signal, stdout, stderr, time
///   DIR/meta.json               everything else: uname, identity, groups, stat and link
///                               overrides, read errors, access answers, dlopen answers
/// Fixtures under tests/fixtures/<scenario>/ use the same form, written by hand: a file tree
/// plus the few overrides (device nodes, errors) a plain tree cannot express.
#include <nlohmann/json.hpp>

#include "system/system.h"

namespace rd {

nlohmann::json FileInfoToJson(const FileInfo& info);
FileInfo FileInfoFromJson(const nlohmann::json& j);
nlohmann::json ErrorToJson(const Error& error);
Error ErrorFromJson(const nlohmann::json& j);
ErrorKind ErrorKindFromName(const std::string& name);
nlohmann::json IdentityToJson(const Identity& id);
Identity IdentityFromJson(const nlohmann::json& j);
nlohmann::json UnameToJson(const Uname& u);
Uname UnameFromJson(const nlohmann::json& j);
nlohmann::json CommandToJson(const CommandSpec& spec, const CommandResult& result);
CommandResult CommandResultFromJson(const nlohmann::json& j);
nlohmann::json DlopenToJson(const DlopenResult& r);
DlopenResult DlopenFromJson(const nlohmann::json& j);

}  // namespace rd
