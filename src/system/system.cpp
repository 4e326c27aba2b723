#include "system/system.h"

#include <unistd.h>

#include "util/strings.h"

namespace rd {

namespace {
struct TypeName {
  FileType type;
  const char* name;
};
constexpr TypeName kTypeNames[] = {
    {FileType::Regular, "file"},       {FileType::Directory, "dir"},   {FileType::Symlink, "symlink"},
    {FileType::CharDevice, "char"},    {FileType::BlockDevice, "block"}, {FileType::Fifo, "fifo"},
    {FileType::Socket, "socket"},      {FileType::Other, "other"},
};
}  // namespace

const char* FileTypeName(FileType type) {
  for (const auto& entry : kTypeNames) {
    if (entry.type == type) return entry.name;
  }
  return "other";
}

FileType FileTypeFromName(const std::string& name) {
  for (const auto& entry : kTypeNames) {
    if (name == entry.name) return entry.type;
  }
  return FileType::Other;
}

std::optional<std::string> System::GetEnv(const std::string& name) {
  auto env = Environment();
  auto it = env.find(name);
  if (it == env.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> System::FindProgram(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  auto path = GetEnv("PATH").value_or("/usr/local/bin:/usr/bin:/bin");
  for (const auto& dir : Split(path, ':')) {
    if (dir.empty() || dir[0] != '/') continue;  // never the user's cwd
    std::string candidate = dir + "/" + program;
    auto info = Stat(candidate);
    if (!info || info->type != FileType::Regular) continue;
    auto exec = Access(candidate, X_OK);
    if (exec && *exec) return candidate;
  }
  return std::nullopt;
}

}  // namespace rd
