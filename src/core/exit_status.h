#pragma once
/// Every exit code of rocm-doctor, in one place (style-anchors.md lesson 5); --help and README
/// document them.
namespace rd {

enum ExitStatus : int {
  kExitHealthy = 0,      ///< No finding at or above the --fail-on level.
  kExitFindings = 1,     ///< Findings at or above the --fail-on level (default: error).
  kExitUsage = 2,        ///< Bad command line, unreadable --from/--replay input, rule lint errors.
  kExitInternal = 3,     ///< A bug: an exception escaped to the top.
  kExitInterrupted = 130,
};

}  // namespace rd
