#pragma once
/// torch/version.py, written by PyTorch's build: `__version__ = '2.3.0+rocm6.0'`, `hip = '6.0.32830-…'`,
/// `cuda = None`, `git_version = '…'`. Read as text: the file is never imported.
#include <optional>
#include <string>
#include <string_view>

namespace rd {

struct TorchVersionPy {
  std::optional<std::string> version;      ///< __version__
  std::optional<std::string> hip;          ///< None -> nullopt
  std::optional<std::string> cuda;
  std::optional<std::string> git_version;
  bool saw_version_line = false;           ///< A `__version__ =` line was there at all.
};

/// Never fails: lines that are not `name = 'literal'` or `name = None` are ignored.
TorchVersionPy ParseTorchVersionPy(std::string_view text);

/// "rocm", "cuda" or "cpu", from the hip/cuda fields and the local version suffix
/// (+rocm6.2, +cu121, +cpu).
std::string TorchBuildKind(const TorchVersionPy& v);

}  // namespace rd
