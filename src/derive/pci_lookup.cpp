#include "derive/pci_lookup.h"

#include "derive/fact_reads.h"
#include "util/strings.h"

namespace rd {

PciLookup::PciLookup(const nlohmann::json& data) : data_(data), table_(DataTable(data, "gpus")) {}

const ProductNames& PciLookup::names() const {
  if (!names_) names_ = ProductNames::For(&data_);
  return *names_;
}

std::optional<PciModel> PciLookup::Find(const std::string& device_id) const {
  if (auto model = LookupPciDevice(table_, device_id)) return model;
  if (!StartsWith(device_id, "0x") || !data_.contains("pci_names") || !data_["pci_names"].contains("device")) return std::nullopt;
  std::string hex = device_id.substr(2);
  for (const auto& row : data_["pci_names"]["device"]) {
    if (Field(row, "id") != hex || !row.contains("names") || !row["names"].is_array()) continue;
    std::string first;
    for (const auto& n : row["names"]) {
      if (!n.is_string()) continue;
      std::string name = n.get<std::string>();
      if (first.empty()) first = name;
      if (const auto* product = names().Find(name)) return PciModel{product->gfx, name};
    }
    if (!first.empty()) return PciModel{"", first};
  }
  return std::nullopt;
}

}  // namespace rd
