#pragma once
/// A PCI device id -> its gfx target and name: rules/data/gpus.toml first (AMD's table), then
/// libdrm's amdgpu.ids names (rules/data/pci_names.toml, generated) through the product-name
/// patterns of rules/data/gpu_names.toml. So "kfd: skipped device 1002:699f" names a Radeon 540
/// without anyone hand-writing device ids.
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "parsers/gpu_table.h"
#include "parsers/product_names.h"

namespace rd {

class PciLookup {
 public:
  /// `data` is rules/data keyed by stem; it must outlive the lookup.
  explicit PciLookup(const nlohmann::json& data);
  /// rules/data/gpus.toml (an empty object when the database has none).
  const nlohmann::json& table() const { return table_; }
  /// gpu_names.toml's patterns, compiled on first use (once per process: triage shares them).
  const ProductNames& names() const;
  /// `device_id` as "0x73df".
  std::optional<PciModel> Find(const std::string& device_id) const;

 private:
  const nlohmann::json& data_;
  const nlohmann::json& table_;
  mutable std::shared_ptr<const ProductNames> names_;
};

}  // namespace rd
