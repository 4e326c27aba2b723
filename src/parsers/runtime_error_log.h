#pragma once
/// Runtime error lines users paste from PyTorch, rocBLAS, HIP and ollama logs:
///   "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"   (pitfalls.md #8)
///   "HIP error: invalid device function"                                             (#9)
///   "rocBLAS error: Cannot read …/TensileLibrary.dat: … for GPU arch : gfx1031"     (#10)
///   "Missing CO for these ISAs - amdgcn-amd-amdhsa--gfx1031"  (HIP runtime, AMD_LOG_LEVEL)
///   "amdgpu [0] gfx1103 is not supported by /tmp/ollama…/rocm [gfx1030 gfx1100 …]"  (#44)
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct RuntimeErrorLog {
  bool no_binary_for_gpu = false;
  bool invalid_device_function = false;
  bool tensile_missing = false;
  std::string tensile_arch;                ///< "gfx1031" from "for GPU arch : gfx1031"
  std::vector<std::string> missing_isas;   ///< Target ids after "Missing CO for these ISAs"
  std::vector<std::string> ollama_unsupported;  ///< gfx of "amdgpu [n] gfxNNNN is not supported"
  bool xnack_mentioned = false;            ///< A missing ISA carries :xnack+ or :xnack-
  std::vector<std::string> lines;          ///< The matching lines (for evidence), capped.
};

RuntimeErrorLog ParseRuntimeErrorLog(std::string_view text);
/// Cheap check: does the text contain any of the recognised error strings?
bool LooksLikeRuntimeErrorLog(std::string_view text);

}  // namespace rd
