#pragma once
/// GCC installations under /usr/lib/gcc/<triplet>/<N> and whether each has the libstdc++
/// headers and library (libstdc++-N-dev). pitfalls.md #38.
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct GccInstall {
  std::string version, dir;
  bool has_headers = false, has_lib = false;
};

/// Sorted by version, oldest first.
std::vector<GccInstall> FindGccInstalls(CollectContext& context);

}  // namespace rd
