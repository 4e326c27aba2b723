#pragma once
/// Signals that any piece of a paste may carry, whatever kind claims it (issue 13 parser gaps):
/// `dkms status` lines, Secure Boot state and module-signature refusals, pip's "from versions:
/// none", the Python versions in use, and runtime warnings about the host (ollama, RCCL). Each
/// is parsed by its own pure parser in src/parsers/; this file turns them into facts.
#include <vector>

#include "core/collector.h"
#include "core/facts.h"
#include "triage/triage.h"

namespace rd {

void AddLineSignalFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts);
const std::vector<FactSpec>& LineSignalFactSpecs();

}  // namespace rd
