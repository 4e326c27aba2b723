#pragma once
/// rules/data/gpu_names.toml compiled once: product-name pattern -> gfx target. Triage uses it
/// to name GPUs in a paste's text, the derive stage to tell a GPU's own target from the one an
/// override makes the runtime report.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/regex.h"

namespace rd {

struct ProductNames {
  struct Entry {
    Regex pattern;
    std::string gfx, name;
    /// The pattern names a CPU (a Ryzen APU model, "4800U"): its integrated GPU is meant only
    /// when nothing else in the text names a GPU (a laptop's dGPU is what its owner runs).
    bool cpu = false;
  };
  std::vector<Entry> entries;  ///< in table order: the more specific name first

  /// `data` is rules/data keyed by stem (or null). A bad pattern is skipped: rules lint reports it.
  static ProductNames FromData(const nlohmann::json* data);
  /// FromData compiled once per distinct gpu_names table (triage and the derive stage of every
  /// paste share it).
  static std::shared_ptr<const ProductNames> For(const nlohmann::json* data);
  /// The first entry whose pattern occurs in `text`, or null.
  const Entry* Find(std::string_view text) const;
};

}  // namespace rd
