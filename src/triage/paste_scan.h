#pragma once
/// What every piece of a paste says, whatever its kind (issue 13 items 3 and the pasted
/// commands): commands.* from command lines, env.* / env_origin.* from assignments, and
/// triage.entities[] (gfx, PCI ids, versions, paths, marketing names) with their lines. The
/// derive stage turns the entities into gpus[], rocm.release and platform.kind.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/facts.h"
#include "triage/triage.h"
#include "util/regex.h"

namespace rd {

/// rules/data/gpu_names.toml compiled once per triage run: product name pattern -> gfx.
struct MarketingNames {
  struct Entry {
    Regex pattern;
    std::string gfx, name;
  };
  std::vector<Entry> entries;
  static MarketingNames FromData(const nlohmann::json* data);
};

void AddPastedCommandFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts);
void AddIdentityFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts);
void AddEntityFacts(const PastePiece& piece, const PasteOrigin& origin, const MarketingNames& names, Facts& facts);

}  // namespace rd
