#pragma once
/// Which HIP runtime(s) the probe runs on (issue 16): the libamdhip64 a program built here would
/// load (what the library view resolves: LD_LIBRARY_PATH, ld.so.cache, system dirs), else the
/// one in a ROCm root that the loader does not see; and every different copy bundled in a
/// Python package (torch/lib …), so "torch works but my HIP program doesn't" shows as two
/// probe results. pitfalls.md #21 (two runtimes), #35 (loader path).
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct ProbeRuntime {
  std::string path;     ///< What --runtime names; "" lets the probe search (the CUDA build, or none found).
  std::string source;   ///< "loader", "rocm-root" or "python"
  std::string package;  ///< The Python package that bundles it ("torch"), for source "python".
};

/// The runtime of the system's programs first (always one entry), then the bundled ones.
std::vector<ProbeRuntime> ChooseProbeRuntimes(CollectContext& context);

/// What the probe's JIT needs: the user's hipcc, the installed kernels.hip, the cache folder.
struct ProbeJit {
  std::string hipcc, kernel_source, cache_dir;
};
ProbeJit FindProbeJit(CollectContext& context);

}  // namespace rd
