#pragma once
/// Where a rule can apply, derived from the fact catalog's sources (ux-review m2): a rule that
/// needs a fact only pastes or triage write (log.*, commands.*, docker.*) can never be decided by
/// `check`, so a live or replayed check does not count it as "not evaluated".
#include "core/fact_catalog.h"
#include "engine/rule.h"

namespace rd {

/// True when every source of `path` in the catalog is a paste kind or triage (a prefix such as
/// `commands`: every entry below it). Unknown paths are not paste-only.
bool IsPasteOnlyFact(const std::string& path, const FactCatalog& catalog);

/// True when the rule's for_each, or a leaf of its top-level `when` list that has no
/// `if_unknown`, is a paste-only fact: it cannot hold without a paste.
bool NeedsPastedInput(const Rule& rule, const FactCatalog& catalog);

}  // namespace rd
