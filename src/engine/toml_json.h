#pragma once
#include <nlohmann/json.hpp>
#include <toml++/toml.h>

namespace rd {

/// A TOML value as JSON (dates become strings), so conditions and data tables share one model.
nlohmann::json TomlToJson(const toml::node& node);

}  // namespace rd
