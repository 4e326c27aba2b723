#pragma once
/// The ROCm release a version string stands for (issue 13 item 2): HIP 6.3.42131 -> 6.3,
/// `+rocm6.2` -> 6.2, /opt/rocm-6.2.0 -> 6.2.0, /opt/rocm/core-10.1 -> 10.1, rocm-core
/// 6.2.0.60200 -> 6.2.0, amdgpu-install 6.2.60200 -> 6.2.0, amdgpu-dkms 6.10.5 -> 6.3 (table).
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rd {

struct RocmRelease {
  std::string release;  ///< "6.2.0" or "6.2"
  int major = 0, minor = 0;
};

/// `kind`: rocm-install, rocm-path, hip-version, wheel, package, dkms. `drivers` is
/// rules/data/amdgpu_driver_versions.toml (only dkms uses it). nullopt when it is not a release.
std::optional<RocmRelease> ReleaseFromVersion(std::string_view kind, std::string_view value, const nlohmann::json& drivers);

}  // namespace rd
