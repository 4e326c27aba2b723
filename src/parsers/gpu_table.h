#pragma once
/// Lookups in rules/data/gpus.toml (gfx targets, PCI device ids). Data, not code.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace rd {

struct GfxInfo {
  std::string family, klass, override_value, firmware;
  bool apu = false;
};
struct PciModel {
  std::string gfx, name;
};

/// `table` is context.data["gpus"]. nullopt when the table does not list it.
std::optional<GfxInfo> LookupGfx(const nlohmann::json& table, const std::string& gfx);
/// `device_id` as "0x744c".
std::optional<PciModel> LookupPciDevice(const nlohmann::json& table, const std::string& device_id);

}  // namespace rd
