#include "parsers/gpu_table.h"

#include "util/strings.h"

namespace rd {

namespace {
std::string Text(const nlohmann::json& entry, const char* key) {
  auto it = entry.find(key);
  return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const nlohmann::json* Find(const nlohmann::json& table, const char* list, const char* key, const std::string& value) {
  if (!table.is_object() || !table.contains(list) || !table[list].is_array()) return nullptr;
  for (const auto& entry : table[list]) {
    if (entry.is_object() && ToLower(Text(entry, key)) == ToLower(value)) return &entry;
  }
  return nullptr;
}
}  // namespace

std::optional<GfxInfo> LookupGfx(const nlohmann::json& table, const std::string& gfx) {
  const auto* entry = Find(table, "gfx", "name", gfx);
  if (!entry) return std::nullopt;
  GfxInfo info{Text(*entry, "family"), Text(*entry, "class"), Text(*entry, "override"), Text(*entry, "firmware"), false};
  if (auto it = entry->find("apu"); it != entry->end() && it->is_boolean()) info.apu = it->get<bool>();
  return info;
}

std::optional<PciModel> LookupPciDevice(const nlohmann::json& table, const std::string& device_id) {
  const auto* entry = Find(table, "pci", "device_id", device_id);
  if (!entry) return std::nullopt;
  return PciModel{Text(*entry, "gfx"), Text(*entry, "name")};
}

}  // namespace rd
