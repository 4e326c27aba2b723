#include "parsers/product_names.h"

#include "util/json_fingerprint.h"
#include "util/keyed_cache.h"

namespace rd {

ProductNames ProductNames::FromData(const nlohmann::json* data) {
  ProductNames names;
  if (!data || !data->contains("gpu_names") || !(*data)["gpu_names"].contains("name")) return names;
  for (const auto& row : (*data)["gpu_names"]["name"]) {
    if (!row.is_object() || !row.contains("pattern") || !row["pattern"].is_string()) continue;
    auto regex = Regex::Compile(row["pattern"].get<std::string>(), Regex::Options{true, false});
    if (!regex) continue;
    names.entries.push_back({std::move(regex).value(), row.value("gfx", ""), row.value("name", ""), row.value("cpu", false)});
  }
  return names;
}

std::shared_ptr<const ProductNames> ProductNames::For(const nlohmann::json* data) {
  static KeyedCache<ProductNames> cache;
  const bool has = data && data->is_object() && data->contains("gpu_names");
  return cache.Get(has ? std::to_string(TableFingerprint(*data, "gpu_names")) : std::string(), [&] { return FromData(data); });
}

const ProductNames::Entry* ProductNames::Find(std::string_view text) const {
  for (const auto& entry : entries) {
    if (entry.pattern.Search(text)) return &entry;
  }
  return nullptr;
}

}  // namespace rd
