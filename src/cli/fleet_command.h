#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cli/check_command.h"
#include "cli/io.h"

namespace rd {

struct FleetCommandOptions {
  std::vector<std::string> inputs;        ///< Report files or directories of them.
  std::vector<std::string> rule_dirs;     ///< For rules/data/fleet.toml.
  std::optional<double> outlier_fraction; ///< Overrides fleet.toml's probe_outlier_fraction.
  std::vector<std::string> expected_nodes;
  std::string expect_file;
  OutputOptions output;
};

/// Exit 1 when --fail-on error meets a missing node, an unreadable report or an error finding on
/// any node; --fail-on warning adds skew, probe outliers and warning findings.
int RunFleet(const FleetCommandOptions& options, Io& io);

}  // namespace rd
