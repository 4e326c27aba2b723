#pragma once
/// Copies of the HIP runtime that Python packages bundle (torch/lib, auditwheel *.libs …):
/// loaded next to the system's, two runtimes in one process break device discovery.
/// pitfalls.md #21.
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct BundledLibrary {
  std::string path;
  std::string package;  ///< "torch", "cupy" … (the folder below site-packages)
};

/// The site-packages / dist-packages folders of the system, /usr/local, $VIRTUAL_ENV, $CONDA_PREFIX,
/// /opt/conda and ~/.local (at most 64).
std::vector<std::string> PythonSiteDirs(CollectContext& context);

/// Searches the site-packages folders of the system, /usr/local, $VIRTUAL_ENV, $CONDA_PREFIX,
/// /opt/conda and ~/.local for files whose name starts with one of `stems`.
std::vector<BundledLibrary> FindPythonBundles(CollectContext& context, const std::vector<std::string>& stems,
                                              const std::vector<std::string>& bundle_dirs);

}  // namespace rd
