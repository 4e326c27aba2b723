#pragma once
/// Reads per-node JSON reports for `fleet` (rocm-doctor's own files: local I/O, not System).
#include <string>
#include <vector>

#include "fleet/fleet.h"

namespace rd {

struct LoadedFleet {
  std::vector<NodeReport> nodes;
  std::vector<UnreadableReport> unreadable;
};

/// Each input is a report file or a directory whose *.json files are reports. A file that cannot
/// be read or is not a report becomes an UnreadableReport naming the cause; so does a second
/// report for a node already seen. An earlier fleet JSON output among them is skipped. Reports are
/// parsed on several threads.
LoadedFleet LoadFleetReports(const std::vector<std::string>& inputs);

/// host.hostname when the report kept it (--no-redact), else the file name without .json.
std::string NodeName(const Report& report, const std::string& path);

/// Node names, one per line (#-comments and blank lines ignored), for --expect-file.
std::vector<std::string> ParseNodeList(const std::string& text);

}  // namespace rd
