#include "derive/derive.h"

namespace rd {

void DeriveFacts(Facts& facts, const nlohmann::json& data) {
  DeriveSystemFromText(facts);
  DeriveGpus(facts, data);
  DeriveCoverage(facts, data);
  DeriveRocmRelease(facts, data);
  DeriveGpuHealth(facts, data);
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
      {"gpus.coverage_judged", "bool", "At least one HIP library's code was read and judged for this GPU (the gpus.toml class is then only the fallback)"},
      {"gpus.coverage_all_native", "bool", "Every required HIP library examined has native code for it (its own target or a generic ISA of its family)"},
      {"gpus.coverage_native", "array", "Libraries with native code for it"},
      {"gpus.coverage_missing", "array", "Required libraries with no code for it nor for its override target"},
      {"gpus.coverage_override_value", "string", "HSA_OVERRIDE_GFX_VERSION value that makes the libraries in coverage_override_consumers run (they have code only for that target)"},
      {"gpus.coverage_override_target", "string", "The target that override selects (gfx1030)"},
      {"gpus.coverage_override_consumers", "array", "Libraries with code only for the override target"},
      {"coverage.verdicts", "array", "One per GPU and HIP library: native, override-only, none or unreadable"},
      {"coverage.verdicts.gpu", "string", "The GPU's fact path (gpus[0])"},
      {"coverage.verdicts.gfx", "string", "The GPU's target"},
      {"coverage.verdicts.gpu_name", "string", "The GPU's product name"},
      {"coverage.verdicts.consumer", "string", "The library's name (rocBLAS, torch, ggml-hip …)"},
      {"coverage.verdicts.path", "string", "What was read of it"},
      {"coverage.verdicts.kind", "string", "math-lib, torch, ggml, ollama, python-lib or user-lib"},
      {"coverage.verdicts.source", "string", "Tensile set, MIOpen kdb, kpack, offload bundles, CCOB bundles"},
      {"coverage.verdicts.targets", "array", "The targets it has code for"},
      {"coverage.verdicts.required", "bool", "False where missing code degrades and never fails (hipBLASLt, MIOpen kernel databases)"},
      {"coverage.verdicts.verdict", "string", "native, override-only, none or unreadable"},
      {"coverage.verdicts.override", "string", "For override-only: the HSA_OVERRIDE_GFX_VERSION value that makes it run"},
      {"coverage.verdicts.way_out", "string", "For none: the TheRock wheel index, package or source build that has the GPU's code"},
      {"coverage.verdicts.override_target", "string", "The target HSA_OVERRIDE_GFX_VERSION makes the runtime load instead of the GPU's own"},
      {"coverage.verdicts.override_target_present", "bool", "The library has code for that override target"},
      {"coverage.verdicts.fix", "string", "Under an override: unset it (native), the right value (override-only) or the way out"},
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
      {"amd_smi.gpus.ecc_uncorrectable_over", "bool", "More uncorrectable ECC errors than gpu_health.toml's ecc.uncorrectable_max"},
      {"amd_smi.gpus.ecc_correctable_over", "bool", "More correctable ECC errors than ecc.correctable_max"},
      {"amd_smi.gpus.bad_pages_over", "bool", "More retired pages than bad_pages.retired_max"},
      {"amd_smi.gpus.xgmi_wafl_uncorrectable", "int", "Uncorrectable errors of the XGMI_WAFL RAS block"},
      {"amd_smi.gpus.xgmi_wafl_correctable", "int", "Correctable errors of the XGMI_WAFL RAS block"},
      {"amd_smi.gpus.link_text", "string", "PCIe link now and at most: '16 GT/s x16 of 32 GT/s x16'"},
      {"amd_smi.gpus.link_below_max", "bool", "The PCIe link trained below the GPU's maximum width, or speed (Instinct)"},
      {"amd_smi.gpus.xgmi_problem", "bool", "An XGMI link down, XGMI_WAFL errors over the thresholds, or an XGMI error status"},
      {"amd_smi.gpus.xgmi_text", "string", "What is wrong with XGMI: '1 XGMI link(s) down, 4 XGMI_WAFL uncorrectable error(s)'"},
      {"amd_smi.gpus.throttled", "bool", "Thermal limits (or PPT over throttle.ppt_percent_max) held the clocks down"},
      {"amd_smi.gpus.throttle_text", "string", "Which limits and how much: 'hbm_thermal 12 %, socket_thermal active'"},
      {"amd_smi.gpus.power_capped", "bool", "Power cap below power_cap.below_fraction of the default (or maximum) cap"},
      {"amd_smi.gpus.pldm_version", "string", "The GPU's PLDM firmware bundle (FW_ID PLDM_BUNDLE)"},
      {"amd_smi.gpus.firmware_min", "string", "Minimum PLDM bundle for this GPU and ROCm release (gpu_health.toml firmware_min)"},
      {"amd_smi.gpus.firmware_recommended", "string", "The PLDM bundle AMD lists first (recommended) for it"},
      {"amd_smi.gpus.firmware_below_min", "bool", "The PLDM bundle is older than firmware_min"},
      {"gpu_health.checked_gpus", "int", "GPUs whose management-library data the health checks read"},
      {"gpu_health.ecc_gpus", "int", "GPUs with ECC errors or retired pages over the thresholds"},
      {"gpu_health.link_gpus", "int", "GPUs whose PCIe link trained below its maximum"},
      {"gpu_health.xgmi_gpus", "int", "GPUs with an XGMI link down or XGMI errors"},
      {"gpu_health.firmware_gpus", "int", "GPUs with firmware below the minimum of the installed ROCm release"},
      {"gpu_health.throttled_gpus", "int", "GPUs held down by thermal limits (or PPT over its threshold)"},
      {"gpu_health.power_capped_gpus", "int", "GPUs with a lowered power cap"},
      {"gpu_health.problems", "array", "One line per GPU problem: 'GPU 3 (0000:05:00.0): PCIe 16 GT/s x16 of 32 GT/s x16'"},
      {"gpu_health.firmware", "string", "The node's PLDM bundle version(s): 'PLDM_BUNDLE 01.25.06.05' (' | ' between different ones)"},
      {"gpu_health.partition", "string", "The node's compute/memory partition mode(s): 'SPX/NPS1' (' | ' between different ones)"},
      {"gpu_health.partition_mixed", "bool", "The node's GPUs are not all in the same partition mode"},
  };
  return specs;
}

}  // namespace rd
