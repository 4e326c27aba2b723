#pragma once
/// fleet's JSON and Markdown leave the cluster like a node report does: redacted by default with
/// the same Redactor, which learns every node's literals (users, homes, personal groups,
/// serials); `fleet --no-redact` keeps them (hostile-input report D8). Node names stay: telling
/// nodes apart is what fleet is for (docs/fleet-schema.md).
#include <vector>

#include "fleet/fleet.h"

namespace rd {

FleetSummary RedactFleet(const FleetSummary& summary, const std::vector<NodeReport>& nodes);

}  // namespace rd
