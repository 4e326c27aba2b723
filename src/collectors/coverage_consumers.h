#pragma once
/// Every HIP library whose GPU coverage the doctor judges (issue 15 item 2), found by one
/// mechanism: the ROCm math libraries (Tensile sets of rocBLAS and hipBLASLt in the AMD and the
/// Debian layout, MIOpen kernel databases, kpack archives of their host libraries), each torch's
/// libtorch_hip.so and bundled rocBLAS, ggml/llama.cpp HIP backends, ollama's bundled ROCm, other
/// site-packages libraries with HIP code, and `check --lib` paths. Device code is read by ranges
/// (collectors/device_code.h); Tensile and kernel-database sets by their file names.
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

struct Consumer {
  std::string name;                   ///< "rocBLAS", "torch", "ggml-hip", "ollama's ggml-hip", a file name
  std::string path;                   ///< The directory or file read
  std::string kind;                   ///< math-lib, torch, ggml, ollama, python-lib, user-lib
  std::string source;                 ///< "Tensile set", "MIOpen kdb", "kpack", "offload bundles", "CCOB bundles", "none"
  std::vector<std::string> targets;   ///< Processors with code (generic ISAs as named: gfx11-generic)
  std::vector<std::string> code_objects;  ///< Full target ids, where the source names them
  std::vector<std::string> problems;
  bool readable = true;               ///< false: it could not be read (a --lib that does not exist …)
  bool required = true;               ///< false: missing code degrades, never fails (hipBLASLt, MIOpen kdb)
  bool requested = false;             ///< Named with check --lib
};

std::vector<Consumer> FindConsumers(CollectContext& context);

}  // namespace rd
