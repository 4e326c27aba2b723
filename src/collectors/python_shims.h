#pragma once
/// What a pyenv shim would run, read from pyenv's own files instead of running the shim
/// (a bash script that runs `pyenv exec`: about ten bash processes, 0.3 s idle and seconds on a
/// busy machine, for an answer that PYENV_VERSION, .python-version and $PYENV_ROOT/version give).
#include <optional>
#include <string>

#include "core/collector.h"

namespace rd {

struct ShimResolution {
  std::string executable;  ///< The interpreter the shim runs; empty when it runs none.
  std::string how;         ///< "pyenv 3.11.7 (set by /root/.pyenv/version)"
  std::string problem;     ///< Why it runs none: "pyenv: version `3.9' is not installed (…)"
};

/// nullopt when `path` is not a pyenv shim. `script` is the file's text.
std::optional<ShimResolution> ResolvePyenvShim(CollectContext& context, const std::string& path, const std::string& script);

}  // namespace rd
