#include "collectors/collect_util.h"

#include <unistd.h>

namespace rd {

std::optional<std::string> ReadForFact(CollectContext& context, Facts& facts, const std::string& path,
                                       const std::string& fact, size_t max_bytes) {
  auto text = context.system.ReadFile(path, max_bytes);
  if (text) return *text;
  if (!fact.empty()) facts.MarkAbsent(fact, text.error().message);
  return std::nullopt;
}

std::optional<bool> PathExists(CollectContext& context, const std::string& path) {
  auto info = context.system.Stat(path);
  if (info) return true;
  if (info.error().kind == ErrorKind::NotFound) return false;
  return std::nullopt;
}

Evidence FileEvidence(const std::string& path, const std::string& excerpt) { return Evidence{"file:" + path, excerpt}; }

bool IsExecutableFile(CollectContext& context, const std::string& path) {
  auto info = context.system.Stat(path);
  return info && info->type == FileType::Regular && context.system.Access(path, X_OK).value_or(false);
}

std::string ParentDir(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos || slash == 0 ? "/" : path.substr(0, slash);
}

std::vector<std::string> DataStrings(const nlohmann::json& data, const char* table, const char* key) {
  std::vector<std::string> out;
  auto t = data.is_object() ? data.find(table) : data.end();
  if (!data.is_object() || t == data.end() || !t->is_object()) return out;
  auto list = t->find(key);
  if (list == t->end() || !list->is_array()) return out;
  for (const auto& item : *list) {
    if (item.is_string()) out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace rd
