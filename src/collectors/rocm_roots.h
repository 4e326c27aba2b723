#pragma once
/// Where ROCm installs are: /opt/rocm, /opt/rocm-X.Y.Z, the Core SDK's /opt/rocm/core-X.Y and
/// /opt/rocm/core (7.13/7.14), $ROCM_PATH, $HIP_PATH, tarballs reached through PATH or
/// LD_LIBRARY_PATH, TheRock's pip wheels (site-packages/_rocm_sdk_core) and the distribution's
/// own packages under /usr. Shared by the rocm, libraries, probes and toolchain collectors.
/// pitfalls.md #37; field-2026.md §4.2 (Core SDK, tarball and wheel layouts).
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct RocmRoot {
  std::string path;                  ///< As found: "/opt/rocm-6.2.0", "/usr"
  std::string real;                  ///< Symlinks resolved
  std::vector<std::string> sources;  ///< "/opt", "ROCM_PATH", "HIP_PATH", "/opt/rocm", "PATH", "LD_LIBRARY_PATH", "site-packages", "distro"
  std::string kind;                  ///< legacy, core-sdk, tarball, wheel or distro
};

/// The kind of install a root is, from where it lives: /opt/rocm/core* core-sdk, /opt/rocm*
/// legacy, /usr distro, …/site-packages/_rocm_sdk_* wheel, anywhere else tarball.
std::string RootKind(const std::string& real_path);

/// Every distinct install (by resolved path), /opt/rocm's target first when it exists.
std::vector<RocmRoot> FindRocmRoots(CollectContext& context);
/// Library directories of an install that exist.
std::vector<std::string> RootLibDirs(CollectContext& context, const RocmRoot& root);
/// Resolves symlinks component by component through System (40 hops, then the input back).
std::string Canonicalize(System& system, const std::string& path);
/// The install whose resolved path is a prefix of `path` ("" when none).
std::string OwningRoot(const std::vector<RocmRoot>& roots, const std::string& real_path);

}  // namespace rd
