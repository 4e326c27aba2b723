#include "derive/fact_reads.h"

#include <algorithm>

namespace rd {

std::string FactText(const Facts& facts, std::string_view path) {
  auto v = facts.Get(path);
  return v.value && v.value->is_string() ? v.value->get<std::string>() : std::string();
}

std::optional<long long> FactInt(const Facts& facts, std::string_view path) {
  auto v = facts.Get(path);
  if (v.value && v.value->is_number_integer()) return v.value->get<long long>();
  return std::nullopt;
}

bool FactFlag(const Facts& facts, std::string_view path) {
  auto v = facts.Get(path);
  return v.value && v.value->is_boolean() && v.value->get<bool>();
}

const nlohmann::json& FactArray(const Facts& facts, std::string_view path) {
  static const nlohmann::json empty = nlohmann::json::array();
  auto v = facts.Get(path);
  return v.value && v.value->is_array() ? *v.value : empty;
}

std::string Field(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return "";
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const nlohmann::json& DataTable(const nlohmann::json& data, const char* name) {
  static const nlohmann::json empty = nlohmann::json::object();
  if (!data.is_object()) return empty;
  auto it = data.find(name);
  return it != data.end() && it->is_object() ? *it : empty;
}

bool HasString(const nlohmann::json& array, const std::string& value) {
  return array.is_array() &&
         std::any_of(array.begin(), array.end(), [&](const nlohmann::json& v) { return v.is_string() && v.get<std::string>() == value; });
}

}  // namespace rd
