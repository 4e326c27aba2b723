#pragma once
/// Small typed reads of the fact tree for the derive stage ("" / nullopt when not there).
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/facts.h"

namespace rd {

std::string FactText(const Facts& facts, std::string_view path);
std::optional<long long> FactInt(const Facts& facts, std::string_view path);
bool FactFlag(const Facts& facts, std::string_view path);
/// The array at `path`, or an empty one.
const nlohmann::json& FactArray(const Facts& facts, std::string_view path);
/// A string field of a JSON object ("" when absent or not a string).
std::string Field(const nlohmann::json& object, const char* key);
/// The rules/data table `name` (one per file: data["pip"] is pip.toml), or an empty object.
const nlohmann::json& DataTable(const nlohmann::json& data, const char* name);
/// Whether `array` is an array holding the string `value`.
bool HasString(const nlohmann::json& array, const std::string& value);

}  // namespace rd
