#include "parsers/gpu_table.h"

#include "util/strings.h"

namespace rd {

namespace {
std::string Text(const nlohmann::json& entry, const char* key) {
  auto it = entry.find(key);
  return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A string array; anything else (a hand edit gone wrong) reads as empty, never throws.
std::vector<std::string> Strings(const nlohmann::json& entry, const char* key) {
  std::vector<std::string> out;
  auto it = entry.find(key);
  if (it == entry.end() || !it->is_array()) return out;
  for (const auto& v : *it) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
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
  GfxInfo info{Text(*entry, "family"), Text(*entry, "class"), Text(*entry, "override"), Text(*entry, "firmware"), false,
               Strings(*entry, "members"), Strings(*entry, "products")};
  if (auto it = entry->find("apu"); it != entry->end() && it->is_boolean()) info.apu = it->get<bool>();
  return info;
}

std::vector<std::string> GenericTargetsFor(const nlohmann::json& table, const std::string& gfx) {
  std::vector<std::string> out;
  if (!table.is_object() || !table.contains("gfx") || !table["gfx"].is_array()) return out;
  std::string want = ToLower(gfx);
  for (const auto& entry : table["gfx"]) {
    if (!entry.is_object() || Text(entry, "class") != "generic") continue;
    for (const auto& member : Strings(entry, "members")) {
      if (ToLower(member) == want) {
        out.push_back(Text(entry, "name"));
        break;
      }
    }
  }
  return out;
}

std::optional<PciModel> LookupPciDevice(const nlohmann::json& table, const std::string& device_id) {
  const auto* entry = Find(table, "pci", "device_id", device_id);
  if (!entry) return std::nullopt;
  return PciModel{Text(*entry, "gfx"), Text(*entry, "name")};
}

}  // namespace rd
