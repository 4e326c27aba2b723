#include "derive/derive.h"

namespace rd {

void DeriveFacts(Facts& facts, const nlohmann::json& data) {
  DeriveSystemFromText(facts);
  DeriveGpus(facts, data);
  DeriveRocmRelease(facts, data);
  DerivePlatform(facts);
  DerivePythonEnv(facts);
}

const std::vector<FactSpec>& DeriveFactSpecs() {
  static const std::vector<FactSpec> specs = {
      {"gpus", "array", "Every GPU any source saw (KFD/PCI, rocminfo, amd-smi, rocm-smi, collect_env, logs, text), merged"},
      {"gpus.gfx", "string", "LLVM target (gfx1031): KFD, else the PCI id table, else what a listing or the text names"},
      {"gpus.gfx_source", "string", "Where gfx came from: kfd, pci-table, rocminfo, amd-smi, rocm-smi, collect_env, llm-log, text"},
      {"gpus.marketing_name", "string", "Product name (a listing's, else the PCI id table's)"},
      {"gpus.device_id", "string", "PCI device id (0x73df)"},
      {"gpus.pci_id", "string", "vendor:device (1002:73df)"},
      {"gpus.pci_bdf", "string", "PCI address 0000:03:00.0"},
      {"gpus.isa", "string", "Full ISA with features (gfx90a:sramecc+:xnack-)"},
      {"gpus.override_gfx", "string", "The target HSA_OVERRIDE_GFX_VERSION makes the runtime report"},
      {"gpus.seen_in", "array", "Sources that saw this GPU (sysfs, rocminfo, amd-smi, rocm-smi, collect_env, llm-log, text)"},
      {"gpus.family", "string", "Architecture family from rules/data/gpus.toml"},
      {"gpus.arch_class", "string", "Support class from rules/data/gpus.toml (supported, rdna2-consumer, …; unlisted)"},
      {"gpus.override_suggestion", "string", "HSA_OVERRIDE_GFX_VERSION value the community uses for it"},
      {"gpus.is_apu", "bool", "Integrated GPU (shares the CPU package and system memory)"},
      {"gpus.firmware_prefix", "string", "Its blobs' prefix under /lib/firmware/amdgpu"},
      {"gpu.count", "int", "AMD GPUs found by any layer"},
      {"gpu.igpu_count", "int", "Integrated GPUs"},
      {"gpu.dgpu_count", "int", "Discrete GPUs"},
      {"gpu.has_igpu_and_dgpu", "bool", "An integrated GPU next to a discrete one"},
      {"gpu.distinct_gfx_count", "int", "Different gfx targets among the GPUs"},
      {"summary.gpu", "string", "One line: the GPUs by name and target"},
      {"gpu.nvidia_probed", "bool", "The probes ran on NVIDIA GPUs through CUDA (HIP's NVIDIA platform)"},
      {"rocm.release", "string", "ROCm release (6.2.0 or 6.2) from the installs, packages, paths, HIP version, dkms or wheel"},
      {"rocm.release_major", "int", "Its major number"},
      {"rocm.release_minor", "int", "Its minor number"},
      {"rocm.release_source", "string", "rocm-install, package, rocm-path, hip-version, dkms or wheel"},
      {"platform.kind", "string", "linux, windows or wsl: where the report or paste comes from"},
      {"platform.why", "string", "The evidence that decided platform.kind"},
      {"os.id", "string", "ID from os-release, or the distribution a paste names (ubuntu, fedora, arch …)"},
      {"os.version_id", "string", "VERSION_ID from os-release, or the version a paste names with it"},
      {"kernel.release", "string", "uname -r, or the kernel release a paste shows"},
      {"frameworks.torch.version", "string", "torch version: the examined torch, or one a paste shows"},
      {"python.env_kind", "string", "venv, conda, uv, pyenv, system or embedded: the Python environment in use"},
  };
  return specs;
}

}  // namespace rd
