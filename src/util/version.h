#pragma once
/// Version comparison that works for ROCm (6.2.0-66), GCC (13 vs 12.9), kernels (6.1.0-28-amd64),
/// Debian packages (1:2.36-9+deb12u14) and distro releases (22.04).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct Version {
  std::vector<long long> release;  ///< Numeric components before any '-', '+' or '~' suffix.
  std::string suffix;              ///< The rest ("66", "28-amd64"); ignored when comparing.
};

/// Parses the leading "N[.N]*" of a version string, after an optional "epoch:" and a leading 'v'.
std::optional<Version> ParseVersion(std::string_view text);

/// -1, 0 or 1. Missing components count as 0 (6.2 == 6.2.0); suffixes are ignored, so
/// 6.2.0-66 compares equal to 6.2.0. nullopt when either side is not a version.
std::optional<int> CompareVersions(std::string_view a, std::string_view b);

}  // namespace rd
