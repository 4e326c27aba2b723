#pragma once
/// The registries: every collector of `check` and every declared fact spec. They combine
/// collectors/ and triage/, so they live at the top (cli/), not in core/ (docs/ARCHITECTURE.md;
/// scripts/check_layering.py enforces it).
#include <vector>

#include "core/collector.h"

namespace rd {

/// Every collector of `check`, in no particular order (they run concurrently).
const std::vector<Collector>& AllCollectors();
/// Every fact spec the collectors and paste kinds declare (each must be in the catalog,
/// rules/facts.toml, with the same type: tests/unit/fact_catalog_test.cpp).
std::vector<FactSpec> AllFactSpecs();

}  // namespace rd
