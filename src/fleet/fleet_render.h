#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "fleet/fleet.h"

namespace rd {

/// docs/fleet-schema.md. Node names are kept: telling nodes apart is what fleet is for.
nlohmann::json FleetToJson(const FleetSummary& summary);
std::string RenderFleetJson(const FleetSummary& summary);
/// One table per question: which nodes are unreadable/missing, differ, are slow, have findings.
std::string RenderFleetText(const FleetSummary& summary, bool verbose);
std::string RenderFleetMarkdown(const FleetSummary& summary);

}  // namespace rd
