#pragma once
/// CMake errors around HIP: "Could not find a package configuration file provided by "hip"",
/// "No CMAKE_HIP_COMPILER could be found.", "CMAKE_HIP_ARCHITECTURES must be non-empty if set.",
/// "Failed to detect a default HIP architecture.".
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct CmakeHipError {
  size_t line;
  std::string problem;  ///< package_not_found | no_hip_compiler | hip_architectures
  std::string package;  ///< hip, hipblas, rocblas … for package_not_found
  std::string message;
};

bool LooksLikeCmakeHip(std::string_view text);
std::vector<CmakeHipError> ParseCmakeHip(std::string_view text);

}  // namespace rd
