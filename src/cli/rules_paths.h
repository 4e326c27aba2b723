#pragma once
#include <string>
#include <vector>

namespace rd {

/// The installed rule directory: $ROCM_DOCTOR_RULES, else <exe>/../share/rocm-doctor/rules,
/// else the source tree's rules/ (a build that was not installed).
std::string DefaultRulesDir();

}  // namespace rd
