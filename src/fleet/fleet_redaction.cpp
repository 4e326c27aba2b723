#include "fleet/fleet_redaction.h"

#include <set>

#include "report/redaction.h"

namespace rd {

FleetSummary RedactFleet(const FleetSummary& summary, const std::vector<NodeReport>& nodes) {
  std::set<std::string> names(summary.nodes.begin(), summary.nodes.end());
  names.insert(summary.missing_nodes.begin(), summary.missing_nodes.end());
  for (const auto& node : nodes) names.insert(node.node);
  for (const auto& u : summary.unreadable) names.insert(u.node);
  Redactor redactor;
  for (const auto& node : nodes) redactor.Learn(node.report.facts, names);
  FleetSummary out = summary;
  for (auto& f : out.findings) f.title = redactor.Scrub(f.title);
  for (auto& k : out.skew) {
    for (auto& g : k.groups) g.value = redactor.Scrub(g.value);
  }
  for (auto& n : out.node_health) {
    for (auto& line : n.problems) line = redactor.Scrub(line);
  }
  for (auto& u : out.unreadable) {
    u.source = redactor.Scrub(u.source);
    u.message = redactor.Scrub(u.message);
  }
  return out;
}

}  // namespace rd
