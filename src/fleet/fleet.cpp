#include "fleet/fleet.h"

#include <algorithm>
#include <map>
#include <set>

namespace rd {

namespace {

constexpr const char* kUnknown = "(unknown)";
constexpr const char* kNotPresent = "(not present)";

std::vector<std::string> StringList(const nlohmann::json& table, const char* key) {
  std::vector<std::string> out;
  if (!table.is_object() || !table.contains(key) || !table[key].is_array()) return out;
  for (const auto& item : table[key]) {
    if (item.is_string()) out.push_back(item.get<std::string>());
  }
  return out;
}

std::vector<FindingSpread> SpreadFindings(const std::vector<NodeReport>& nodes) {
  std::map<std::string, FindingSpread> by_id;
  for (const auto& node : nodes) {
    std::set<std::string> seen;  // A for_each rule fires once per element; count the node once.
    for (const auto& f : node.report.findings) {
      if (!seen.insert(f.rule_id).second) continue;
      auto& spread = by_id[f.rule_id];
      if (spread.rule_id.empty()) spread = {f.rule_id, f.section, f.title, f.severity, {}};
      spread.severity = std::max(spread.severity, f.severity);
      spread.nodes.push_back(node.node);
    }
  }
  std::vector<FindingSpread> out;
  for (auto& [id, spread] : by_id) {
    std::sort(spread.nodes.begin(), spread.nodes.end());
    out.push_back(std::move(spread));
  }
  std::stable_sort(out.begin(), out.end(), [](const FindingSpread& a, const FindingSpread& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.nodes.size() > b.nodes.size();
  });
  return out;
}

std::string ValueOf(const Facts& facts, const std::string& path) {
  FactLookup lookup = facts.Get(path);
  if (lookup.state == FactState::Present && lookup.value) return FleetValueText(*lookup.value);
  return lookup.state == FactState::NotPresent ? kNotPresent : kUnknown;
}

// A fact skews when its nodes disagree and at least one of them knows a value (a fact no node
// collects, e.g. rocm.version before the ROCm section ran anywhere, is not skew).
std::vector<FactSkew> FindSkew(const std::vector<NodeReport>& nodes, const std::vector<std::string>& facts) {
  std::vector<FactSkew> out;
  for (const auto& fact : facts) {
    std::map<std::string, std::vector<std::string>> groups;
    for (const auto& node : nodes) groups[ValueOf(node.report.facts, fact)].push_back(node.node);
    size_t known = 0;
    for (const auto& [value, members] : groups) known += value != kUnknown && value != kNotPresent;
    if (groups.size() < 2 || known == 0) continue;
    FactSkew skew{fact, {}};
    for (auto& [value, members] : groups) {
      std::sort(members.begin(), members.end());
      skew.groups.push_back({value, std::move(members)});
    }
    // Largest group first; nodes that could not tell come after every real value.
    std::stable_sort(skew.groups.begin(), skew.groups.end(), [](const SkewGroup& a, const SkewGroup& b) {
      bool a_known = a.value != kUnknown && a.value != kNotPresent, b_known = b.value != kUnknown && b.value != kNotPresent;
      if (a_known != b_known) return a_known;
      return a.nodes.size() > b.nodes.size();
    });
    out.push_back(std::move(skew));
  }
  return out;
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::vector<ProbeOutlier> FindOutliers(const std::vector<NodeReport>& nodes, const std::vector<std::string>& metrics,
                                       double fraction) {
  std::vector<ProbeOutlier> out;
  for (const auto& metric : metrics) {
    std::vector<std::pair<std::string, double>> samples;
    for (const auto& node : nodes) {
      FactLookup lookup = node.report.facts.Get(metric);
      if (lookup.state == FactState::Present && lookup.value && lookup.value->is_number()) {
        samples.emplace_back(node.node, lookup.value->get<double>());
      }
    }
    // With fewer than three nodes a median says nothing about which one is slow.
    if (samples.size() < 3) continue;
    std::vector<double> values;
    for (const auto& sample : samples) values.push_back(sample.second);
    double median = Median(values);
    if (median <= 0) continue;
    for (const auto& [node, value] : samples) {
      if (value < median * (1 - fraction)) out.push_back({metric, node, value, median, 1 - value / median});
    }
  }
  std::sort(out.begin(), out.end(), [](const ProbeOutlier& a, const ProbeOutlier& b) {
    return a.metric != b.metric ? a.metric < b.metric : a.node < b.node;
  });
  return out;
}

// Node-health counts (gpu_health.ecc_gpus …, a bool counts as 1): which nodes have problems and
// what they are. A node that could not read a fact is not counted (its report says why).
void FindHealth(const std::vector<NodeReport>& nodes, const FleetOptions& options, FleetSummary& summary) {
  std::set<std::string> flagged;
  for (const auto& fact : options.health_facts) {
    HealthSpread spread{fact, {}};
    for (const auto& node : nodes) {
      FactLookup lookup = node.report.facts.Get(fact);
      if (lookup.state != FactState::Present || !lookup.value) continue;
      double value = lookup.value->is_number() ? lookup.value->get<double>() : lookup.value->is_boolean() && lookup.value->get<bool>() ? 1 : 0;
      if (value > 0) {
        spread.nodes.emplace_back(node.node, value);
        flagged.insert(node.node);
      }
    }
    std::sort(spread.nodes.begin(), spread.nodes.end());
    if (!spread.nodes.empty()) summary.health.push_back(std::move(spread));
  }
  for (const auto& node : nodes) {
    if (!flagged.count(node.node)) continue;
    NodeHealth health{node.node, {}};
    FactLookup details = node.report.facts.Get(options.health_details);
    if (details.state == FactState::Present && details.value && details.value->is_array()) {
      for (const auto& line : *details.value) {
        if (line.is_string()) health.problems.push_back(line.get<std::string>());
      }
    }
    summary.node_health.push_back(std::move(health));
  }
  std::sort(summary.node_health.begin(), summary.node_health.end(),
            [](const NodeHealth& a, const NodeHealth& b) { return a.node < b.node; });
  summary.health_checked = options.health_facts;
}

}  // namespace

FleetOptions FleetOptionsFromData(const nlohmann::json& table) {
  FleetOptions options;
  if (table.is_object() && table.contains("probe_outlier_fraction") && table["probe_outlier_fraction"].is_number()) {
    options.outlier_fraction = table["probe_outlier_fraction"].get<double>();
  }
  options.skew_facts = StringList(table, "skew_facts");
  options.probe_metrics = StringList(table, "probe_metrics");
  options.health_facts = StringList(table, "health_facts");
  if (table.is_object() && table.contains("health_details") && table["health_details"].is_string()) {
    options.health_details = table["health_details"].get<std::string>();
  }
  return options;
}

std::string FleetValueText(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

FleetSummary MergeFleet(const std::vector<NodeReport>& nodes, std::vector<UnreadableReport> unreadable,
                        const FleetOptions& options) {
  FleetSummary summary;
  summary.nodes_reporting = nodes.size();
  summary.outlier_fraction = options.outlier_fraction;
  for (const auto& node : nodes) summary.nodes.push_back(node.node);
  std::sort(summary.nodes.begin(), summary.nodes.end());
  summary.findings = SpreadFindings(nodes);
  summary.skew = FindSkew(nodes, options.skew_facts);
  summary.skew_checked = options.skew_facts;
  summary.outliers = FindOutliers(nodes, options.probe_metrics, options.outlier_fraction);
  FindHealth(nodes, options, summary);
  // A node whose report exists but is unreadable is listed there, not again as missing.
  std::set<std::string> have(summary.nodes.begin(), summary.nodes.end());
  for (const auto& u : unreadable) have.insert(u.node);
  for (const auto& expected : options.expected_nodes) {
    if (!have.count(expected)) summary.missing_nodes.push_back(expected);
  }
  std::sort(summary.missing_nodes.begin(), summary.missing_nodes.end());
  summary.missing_nodes.erase(std::unique(summary.missing_nodes.begin(), summary.missing_nodes.end()),
                              summary.missing_nodes.end());
  std::sort(unreadable.begin(), unreadable.end(),
            [](const UnreadableReport& a, const UnreadableReport& b) { return a.source < b.source; });
  summary.unreadable = std::move(unreadable);
  return summary;
}

}  // namespace rd
