#include "cli/rules_paths.h"

#include "system/local_files.h"

namespace rd {

std::string DefaultRulesDir() {
  std::string from_env = GetOwnEnv("ROCM_DOCTOR_RULES");
  if (!from_env.empty()) return from_env;
  std::string exe = ExecutablePath();
  if (auto slash = exe.rfind('/'); slash != std::string::npos) {
    std::string installed = exe.substr(0, slash) + "/../share/rocm-doctor/rules";
    if (auto info = LocalStat(installed); info && info->type == FileType::Directory) return installed;
  }
  return std::string(ROCM_DOCTOR_SOURCE_DIR) + "/rules";
}

}  // namespace rd
