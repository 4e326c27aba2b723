#pragma once
/// Output of `python -c "import torch; print(torch.__version__, torch.version.hip,
/// torch.cuda.is_available())"` and its variants: "2.5.1+rocm6.2 6.2.41133-dd7f95766 True",
/// one value per line, or a REPL echo ('2.5.1+cu124'). The local version suffix names the build:
/// +rocmX (ROCm), +cuXYZ (CUDA, pitfalls.md #19), +cpu.
#include <optional>
#include <string>
#include <string_view>

namespace rd {

struct TorchVersionPrint {
  size_t line = 0;
  std::string version;        ///< 2.5.1+rocm6.2
  std::string build;          ///< rocm | cuda | cpu | unknown (no local suffix)
  std::string build_version;  ///< 6.2 / 124
  std::string hip;            ///< torch.version.hip, "None" on non-ROCm builds; empty when not printed
  std::optional<bool> cuda_available;
};

/// The answer to a `torch.cuda.is_available()` asked on its own (a REPL line, `python -c
/// "…print(torch.cuda.is_available())"`): the first line within the next eight that is only True
/// or False, warnings in between skipped (ROCm/ROCm#1911). `line` is the answer's.
struct CudaAvailableAnswer {
  bool available = false;
  size_t line = 0;
};
std::optional<CudaAvailableAnswer> FindCudaAvailableAnswer(std::string_view text);

bool LooksLikeTorchVersion(std::string_view text);
std::optional<TorchVersionPrint> ParseTorchVersion(std::string_view text);

}  // namespace rd
