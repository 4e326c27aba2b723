#include "fleet/fleet_render.h"

#include <fmt/format.h>

#include "util/terminal_text.h"

namespace rd {

namespace {

using nlohmann::json;

// Long node lists are shortened in text and Markdown; JSON always has all of them.
constexpr size_t kShownNodes = 12;

std::string NodeList(const std::vector<std::string>& nodes) {
  std::string out;
  for (size_t i = 0; i < nodes.size() && i < kShownNodes; ++i) out += (i ? ", " : "") + nodes[i];
  if (nodes.size() > kShownNodes) out += fmt::format(" … (+{} more)", nodes.size() - kShownNodes);
  return out;
}

std::string Percent(double fraction) { return fmt::format("{:.0f}%", fraction * 100); }

std::string Headline(const FleetSummary& s) {
  return fmt::format("{} node(s) reporting, {} missing, {} unreadable; {} fact(s) differ, {} probe outlier(s), "
                     "{} node(s) with GPU health problems, {} distinct finding(s)",
                     s.nodes_reporting, s.missing_nodes.size(), s.unreadable.size(), s.skew.size(), s.outliers.size(),
                     s.node_health.size(), s.findings.size());
}

std::vector<std::string> HealthNodes(const HealthSpread& h) {
  std::vector<std::string> out;
  for (const auto& [node, value] : h.nodes) out.push_back(node);
  return out;
}

}  // namespace

json FleetToJson(const FleetSummary& s) {
  json findings = json::array();
  for (const auto& f : s.findings) {
    findings.push_back({{"id", f.rule_id}, {"section", f.section}, {"severity", SeverityName(f.severity)},
                        {"title", f.title}, {"node_count", f.nodes.size()}, {"nodes", f.nodes}});
  }
  json skew = json::array();
  for (const auto& k : s.skew) {
    json groups = json::array();
    for (const auto& g : k.groups) groups.push_back({{"value", g.value}, {"node_count", g.nodes.size()}, {"nodes", g.nodes}});
    skew.push_back({{"fact", k.fact}, {"values", groups}});
  }
  json outliers = json::array();
  for (const auto& o : s.outliers) {
    outliers.push_back({{"metric", o.metric}, {"node", o.node}, {"value", o.value}, {"median", o.median},
                        {"below_median_fraction", o.below_fraction}});
  }
  json unreadable = json::array();
  for (const auto& u : s.unreadable) unreadable.push_back({{"node", u.node}, {"file", u.source}, {"message", u.message}});
  json health = json::array();
  for (const auto& h : s.health) {
    json nodes = json::array();
    for (const auto& [node, value] : h.nodes) nodes.push_back({{"node", node}, {"value", value}});
    health.push_back({{"fact", h.fact}, {"node_count", h.nodes.size()}, {"nodes", nodes}});
  }
  json node_health = json::array();
  for (const auto& n : s.node_health) node_health.push_back({{"node", n.node}, {"problems", n.problems}});
  return {{"fleet_schema", kFleetSchema},
          {"summary", {{"nodes_reporting", s.nodes_reporting}, {"nodes_missing", s.missing_nodes.size()},
                       {"reports_unreadable", s.unreadable.size()}, {"facts_skewed", s.skew.size()},
                       {"probe_outliers", s.outliers.size()}, {"nodes_with_health_problems", s.node_health.size()},
                       {"distinct_findings", s.findings.size()}}},
          {"outlier_fraction", s.outlier_fraction},
          {"nodes", s.nodes},
          {"missing_nodes", s.missing_nodes},
          {"unreadable", unreadable},
          {"skew_checked", s.skew_checked},
          {"skew", skew},
          {"probe_outliers", outliers},
          {"health_checked", s.health_checked},
          {"health", health},
          {"node_health", node_health},
          {"findings", findings}};
}

std::string RenderFleetJson(const FleetSummary& summary) {
  // Non-UTF-8 file or node names are replaced, not fatal (hostile-input D12).
  return FleetToJson(summary).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

std::string FleetText(const FleetSummary& s, bool verbose) {
  std::string out = "rocm-doctor fleet: " + Headline(s) + "\n";
  if (!s.missing_nodes.empty()) out += "\n✗ Missing nodes (no report): " + NodeList(s.missing_nodes) + "\n";
  if (!s.unreadable.empty()) {
    out += "\n✗ Unreadable reports:\n";
    for (const auto& u : s.unreadable) out += fmt::format("    {}: {}\n", u.node, u.message);
  }
  out += s.skew.empty() ? "\n✓ Versions agree across nodes\n" : "\n! Version skew across nodes:\n";
  for (const auto& k : s.skew) {
    out += "    " + k.fact + "\n";
    for (const auto& g : k.groups) out += fmt::format("      {:<28} {:>5} node(s): {}\n", g.value, g.nodes.size(), NodeList(g.nodes));
  }
  if (verbose) out += "    (compared: " + NodeList(s.skew_checked) + ")\n";
  out += s.outliers.empty() ? fmt::format("\n✓ No probe outliers (slower than the fleet median by more than {})\n",
                                          Percent(s.outlier_fraction))
                            : fmt::format("\n! Probe outliers (slower than the fleet median by more than {}):\n",
                                          Percent(s.outlier_fraction));
  for (const auto& o : s.outliers) {
    out += fmt::format("    {:<20} {}: {:.3g} (median {:.3g}, {} below)\n", o.node, o.metric, o.value, o.median,
                       Percent(o.below_fraction));
  }
  if (!s.health_checked.empty()) {
    out += s.health.empty() ? "\n✓ No GPU health problems (ECC, PCIe link, XGMI, firmware, throttling, power cap)\n"
                            : "\n! GPU health problems:\n";
  }
  for (const auto& h : s.health) out += fmt::format("    {:<32} {:>5} node(s): {}\n", h.fact, h.nodes.size(), NodeList(HealthNodes(h)));
  for (size_t i = 0; i < s.node_health.size() && (verbose || i < kShownNodes); ++i) {
    for (const auto& line : s.node_health[i].problems) out += fmt::format("      {}: {}\n", s.node_health[i].node, line);
  }
  if (!verbose && s.node_health.size() > kShownNodes) out += fmt::format("      … (+{} more nodes; -v or JSON lists all)\n", s.node_health.size() - kShownNodes);
  out += s.findings.empty() ? "\n✓ No findings on any node\n" : "\nFindings by node:\n";
  for (const auto& f : s.findings) {
    // ux-review m16: the same note mark as check's text report (•), not "·".
    const char* mark = f.severity == Severity::Error ? "✗" : f.severity == Severity::Warning ? "!" : "•";
    out += fmt::format("  {} {} — {} node(s): {}\n      {}\n", mark, f.rule_id, f.nodes.size(), NodeList(f.nodes), f.title);
  }
  return out;
}

std::string FleetMarkdown(const FleetSummary& s) {
  std::string out = "# rocm-doctor fleet report\n\n" + Headline(s) + "\n";
  if (!s.missing_nodes.empty() || !s.unreadable.empty()) {
    out += "\n## Nodes without a report\n\n| node | why |\n|---|---|\n";
    for (const auto& n : s.missing_nodes) out += "| " + n + " | no report (expected) |\n";
    for (const auto& u : s.unreadable) out += "| " + u.node + " | " + u.message + " |\n";
  }
  out += "\n## Version skew\n\n";
  if (s.skew.empty()) out += "All compared facts agree: " + NodeList(s.skew_checked) + "\n";
  else out += "| fact | value | nodes | which |\n|---|---|---|---|\n";
  for (const auto& k : s.skew) {
    for (const auto& g : k.groups) out += fmt::format("| `{}` | `{}` | {} | {} |\n", k.fact, g.value, g.nodes.size(), NodeList(g.nodes));
  }
  out += fmt::format("\n## Probe outliers (more than {} below the fleet median)\n\n", Percent(s.outlier_fraction));
  if (s.outliers.empty()) out += "None.\n";
  else out += "| node | metric | value | median | below |\n|---|---|---|---|---|\n";
  for (const auto& o : s.outliers) {
    out += fmt::format("| {} | `{}` | {:.3g} | {:.3g} | {} |\n", o.node, o.metric, o.value, o.median, Percent(o.below_fraction));
  }
  if (!s.health_checked.empty()) {
    out += "\n## GPU health\n\n";
    if (s.health.empty()) out += "No node has ECC, PCIe link, XGMI, firmware, throttling or power cap problems.\n";
    else out += "| fact | nodes | which |\n|---|---|---|\n";
    for (const auto& h : s.health) out += fmt::format("| `{}` | {} | {} |\n", h.fact, h.nodes.size(), NodeList(HealthNodes(h)));
  }
  out += "\n## Findings\n\n";
  if (s.findings.empty()) out += "None on any node.\n";
  else out += "| severity | id | nodes | which |\n|---|---|---|---|\n";
  for (const auto& f : s.findings) {
    out += fmt::format("| {} | `{}` | {} | {} |\n", SeverityName(f.severity), f.rule_id, f.nodes.size(), NodeList(f.nodes));
  }
  return out;
}

}  // namespace

// hostile-input report D5: node names, file names, finding titles and fact values come from the
// node reports, which anyone who can write into the fleet folder controls. Text and Markdown have
// no colour, so the finished string is sanitised as a whole: nothing built above can bypass it.
std::string RenderFleetText(const FleetSummary& summary, bool verbose) { return TerminalSafe(FleetText(summary, verbose)); }

std::string RenderFleetMarkdown(const FleetSummary& summary) { return TerminalSafe(FleetMarkdown(summary)); }

}  // namespace rd
