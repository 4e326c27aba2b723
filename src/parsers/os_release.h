#pragma once
/// /etc/os-release (and /usr/lib/os-release): KEY=value lines, values optionally quoted.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct OsRelease {
  std::map<std::string, std::string> fields;  ///< ID, VERSION_ID, PRETTY_NAME, ID_LIKE, …
  std::map<std::string, int> lines;           ///< 1-based line of each field, for evidence.
  std::vector<std::string> problems;          ///< Lines that are not KEY=value.
};

/// Never fails: unparseable lines go to `problems`, binary junk yields no fields.
OsRelease ParseOsRelease(std::string_view text);

}  // namespace rd
