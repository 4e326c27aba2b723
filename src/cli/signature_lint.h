#pragma once
/// `rules lint` for the error-signature tables (rules/data/signatures*.toml): each entry's id and
/// pattern, and every rule that names a signature (`triage.signatures` contains ID,
/// `triage.signature_text.ID`) names one that exists — a typo would make the rule silently
/// never fire. Lives in cli/ because it joins engine (rules) and parsers (the table).
#include <vector>

#include "engine/rule.h"

namespace rd {

std::vector<Diagnostic> SignatureDiagnostics(const RuleDatabase& db);

}  // namespace rd
