#include "engine/toml_json.h"

#include <sstream>

namespace rd {

nlohmann::json TomlToJson(const toml::node& node) {
  using nlohmann::json;
  if (const auto* table = node.as_table()) {
    json out = json::object();
    for (const auto& [key, value] : *table) out[std::string(key.str())] = TomlToJson(value);
    return out;
  }
  if (const auto* array = node.as_array()) {
    json out = json::array();
    for (const auto& value : *array) out.push_back(TomlToJson(value));
    return out;
  }
  if (const auto* s = node.as_string()) return s->get();
  if (const auto* i = node.as_integer()) return i->get();
  if (const auto* f = node.as_floating_point()) return f->get();
  if (const auto* b = node.as_boolean()) return b->get();
  std::ostringstream text;
  node.visit([&](const auto& value) { text << value; });
  return text.str();
}

}  // namespace rd
