#pragma once
/// `python -m torch.utils.collect_env` output ("PyTorch version: 2.3.0+rocm6.0", "ROCM used to
/// build PyTorch: 6.0.32830-…", "GPU models and configuration: AMD Radeon RX 6700 XT (gfx1031)").
/// Pasted pieces are often partial: every field is optional.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct CollectEnvGpu {
  std::string name;  ///< "AMD Instinct MI300X", "NVIDIA H100 80GB HBM3"
  std::string isa;   ///< "gfx942:sramecc+:xnack-" when printed (ROCm builds), else empty.
};

struct CollectEnv {
  std::optional<std::string> torch_version;
  std::optional<std::string> cuda_build;   ///< "12.1"; nullopt for "N/A"
  std::optional<std::string> rocm_build;   ///< "6.0.32830-d62f6a171"; nullopt for "N/A"
  bool saw_build_lines = false;            ///< Either "… used to build PyTorch" line was there.
  std::optional<bool> cuda_available;
  std::optional<std::string> hip_runtime;
  std::optional<std::string> miopen_runtime;
  std::optional<std::string> python_version;
  std::vector<CollectEnvGpu> gpus;
  int fields = 0;                          ///< Recognised lines (0: not collect_env output).
};

CollectEnv ParseCollectEnv(std::string_view text);

}  // namespace rd
