#pragma once
/// Facts that come from outside (check --from, fleet): a value whose JSON type is not the one
/// the fact catalog gives is not evaluated as if it were (hostile-input report m6: a rule fired
/// on HSA_OVERRIDE_GFX_VERSION = {"x": 1}, a finding was titled with a number as a GPU name).
#include "core/fact_catalog.h"
#include "core/facts.h"

namespace rd {

/// Removes every value whose type differs from the catalog's for its generic path
/// ("gpus[3].marketing_name" -> "gpus.marketing_name") and marks it absent with the reason, so
/// rules that need it are "not evaluated". Returns how many were removed.
size_t DropMistypedFacts(Facts& facts, const FactCatalog& catalog);

}  // namespace rd
