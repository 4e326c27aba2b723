#include "derive/derive.h"

namespace rd {

void DeriveFacts(Facts& facts, const nlohmann::json& data) {
  DeriveSystemFromText(facts);
  DeriveGpus(facts, data);
  DeriveRocmRelease(facts, data);
  DeriveGpuHealth(facts, data);
  DerivePlatform(facts);
  DerivePythonEnv(facts);
  DerivePipAdvice(facts, data);
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
      {"python.path_interpreter", "string", "The first Python on PATH: what `python3 script.py` runs"},
      {"python.path_runs", "string", "The interpreter behind it (a pyenv shim's target), else the same"},
      {"python.path_has_torch", "bool", "That interpreter would import a torch"},
      {"python.path_pip", "string", "It, when pip may install into it ('' when externally managed)"},
      {"os.package_manager", "string", "apt, dnf, zypper or pacman (rules/data/package_managers.toml)"},
      {"os.install_command", "string", "How this distribution installs a package: sudo apt install"},
      {"os.remove_command", "string", "How it removes one: sudo apt remove"},
      {"os.reinstall_command", "string", "How it reinstalls one: sudo apt install --reinstall, sudo dnf reinstall"},
      {"os.initramfs_update", "string", "How it rebuilds the initramfs: sudo update-initramfs -u, sudo dracut -f"},
      {"os.firmware_package", "string", "Its package with the amdgpu firmware blobs (linux-firmware, amd-gpu-firmware …)"},
      {"os.python_venv_package", "string", "The package `python3 -m venv` needs ('' where python3 has it)"},
      {"os.python_torch_package", "string", "The distribution's own torch package ('' when not known)"},
      {"pip_fix.index", "string", "PyTorch ROCm index for this ROCm release and GPU (rocm6.2)"},
      {"pip_fix.index_url", "string", "Its URL"},
      {"pip_fix.python", "string", "The examined interpreter when pip may change its packages ('' when a venv is needed)"},
      {"pip_fix.venv_from", "string", "The interpreter to create a venv with, when pip must not change its packages ('' otherwise)"},
      {"pip_fix.distro_torch_dir", "string", "The examined torch's directory when the distribution's package manager owns it ('' otherwise)"},
      {"pip_fix.externally_managed", "string", "The examined interpreter when it is externally managed (PEP 668) ('' otherwise)"},
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
