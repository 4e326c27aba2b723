#pragma once
/// What every piece of a paste says, whatever its kind (issue 13 items 3 and the pasted
/// commands): commands.* from command lines, env.* / env_origin.* from assignments, and
/// triage.entities[] (gfx, PCI ids, versions, paths, marketing names) with their lines. The
/// derive stage turns the entities into gpus[], rocm.release and platform.kind.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/facts.h"
#include "parsers/product_names.h"
#include "triage/triage.h"

namespace rd {

void AddPastedCommandFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts);
void AddIdentityFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts);
void AddEntityFacts(const PastePiece& piece, const PasteOrigin& origin, const ProductNames& names, Facts& facts);

}  // namespace rd
