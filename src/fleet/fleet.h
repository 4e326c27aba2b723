#pragma once
/// `rocm-doctor fleet`: merges per-node reports into one view of a cluster (docs/fleet-schema.md).
/// Pure: reports in, a FleetSummary out. Loading files is fleet_loader.h, output fleet_render.h.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace rd {

inline constexpr int kFleetSchema = 1;

/// What to compare, from rules/data/fleet.toml (so adding a fact or metric needs no C++).
struct FleetOptions {
  double outlier_fraction = 0.2;          ///< Below median * (1 - fraction) is an outlier.
  std::vector<std::string> skew_facts;    ///< Fact paths that should be equal on every node.
  std::vector<std::string> probe_metrics; ///< Numeric fact paths where lower is worse.
  std::vector<std::string> health_facts;  ///< Per-node counts (or flags) where anything above 0 is a problem.
  std::string health_details = "gpu_health.problems";  ///< Array of lines saying what each problem is.
  std::vector<std::string> expected_nodes;  ///< From --expect / --expect-file; empty: not checked.
};

/// Reads fleet.toml's table (the `fleet` entry of RuleDatabase::data); missing keys keep defaults.
FleetOptions FleetOptionsFromData(const nlohmann::json& fleet_table);

struct NodeReport {
  std::string node;    ///< host.hostname when not redacted, else the file name's stem.
  std::string source;  ///< The file it came from.
  Report report;
};

struct UnreadableReport {
  std::string node, source, message;
};

/// A finding id and the nodes it fired on.
struct FindingSpread {
  std::string rule_id, section, title;
  Severity severity = Severity::Info;
  std::vector<std::string> nodes;
};

struct SkewGroup {
  std::string value;  ///< The fact's value; "(unknown)" when the node could not tell.
  std::vector<std::string> nodes;
};

/// A fact that differs between nodes; groups are sorted largest first, unknown values last.
struct FactSkew {
  std::string fact;
  std::vector<SkewGroup> groups;
};

struct ProbeOutlier {
  std::string metric, node;
  double value = 0, median = 0;
  double below_fraction = 0;  ///< 1 - value / median.
};

/// Nodes where a health fact (gpu_health.ecc_gpus …) is above 0 (issue 18).
struct HealthSpread {
  std::string fact;
  std::vector<std::pair<std::string, double>> nodes;  ///< (node, value), sorted by node
};

/// What is wrong on one node (its health_details lines), for nodes in any HealthSpread.
struct NodeHealth {
  std::string node;
  std::vector<std::string> problems;
};

struct FleetSummary {
  size_t nodes_reporting = 0;
  std::vector<std::string> nodes;  ///< Sorted names of the nodes whose report was read.
  std::vector<FindingSpread> findings;  ///< Errors first, then by number of nodes.
  std::vector<FactSkew> skew;
  std::vector<std::string> skew_checked;  ///< Every skew fact looked at (for -v and JSON).
  std::vector<ProbeOutlier> outliers;
  std::vector<HealthSpread> health;        ///< One per health fact with any node above 0.
  std::vector<std::string> health_checked;  ///< Every health fact looked at.
  std::vector<NodeHealth> node_health;      ///< Sorted by node.
  std::vector<std::string> missing_nodes;  ///< Expected, but no report (not even an unreadable one).
  std::vector<UnreadableReport> unreadable;
  double outlier_fraction = 0;
};

FleetSummary MergeFleet(const std::vector<NodeReport>& nodes, std::vector<UnreadableReport> unreadable,
                        const FleetOptions& options);

/// A fact value as shown in skew tables: strings as they are, anything else as compact JSON.
std::string FleetValueText(const nlohmann::json& value);

}  // namespace rd
