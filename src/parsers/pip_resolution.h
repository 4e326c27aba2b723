#pragma once
/// pip's resolver failures: "ERROR: Could not find a version that satisfies the requirement torch
/// (from versions: none)" and "ERROR: No matching distribution found for torch". "none" means the
/// index has no wheel for this Python/platform at all (a too-new Python, 32-bit Python, an index
/// for another OS), not a bad version pin.
#include <optional>
#include <string>
#include <string_view>

namespace rd {

struct PipResolution {
  size_t line = 0;          ///< 0-based line of the first failure
  std::string requirement;  ///< torch, rocm[devel,libraries]
  std::string versions;     ///< what "(from versions: …)" listed; "none" when nothing
  std::string text;
};

/// The first failure in `text`, if any.
std::optional<PipResolution> ParsePipResolution(std::string_view text);

}  // namespace rd
