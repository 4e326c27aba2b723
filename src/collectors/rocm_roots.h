#pragma once
/// Where ROCm installs are: /opt/rocm, /opt/rocm-X.Y.Z, $ROCM_PATH, $HIP_PATH, and the
/// distribution's own packages under /usr. Shared by the rocm, libraries and toolchain
/// collectors. pitfalls.md #37.
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct RocmRoot {
  std::string path;                  ///< As found: "/opt/rocm-6.2.0", "/usr"
  std::string real;                  ///< Symlinks resolved
  std::vector<std::string> sources;  ///< "/opt", "ROCM_PATH", "HIP_PATH", "/opt/rocm", "distro"
};

/// Every distinct install (by resolved path), /opt/rocm's target first when it exists.
std::vector<RocmRoot> FindRocmRoots(CollectContext& context);
/// Library directories of an install that exist.
std::vector<std::string> RootLibDirs(CollectContext& context, const RocmRoot& root);
/// Resolves symlinks component by component through System (40 hops, then the input back).
std::string Canonicalize(System& system, const std::string& path);
/// The install whose resolved path is a prefix of `path` ("" when none).
std::string OwningRoot(const std::vector<RocmRoot>& roots, const std::string& real_path);

}  // namespace rd
