#pragma once
/// The derive stage (issue 13 item 2): between collection and rules, on every route (live check,
/// --replay, --from, triage). It merges what each source saw into one vocabulary and looks the
/// result up in rules/data, so a rule written against `gpus[].arch_class` or `rocm.release`
/// fires on a pasted rocminfo exactly as on the live machine. Data-driven, tested once.
#include <vector>

#include <nlohmann/json.hpp>

#include "core/collector.h"
#include "core/facts.h"

namespace rd {

/// Runs every derivation in order: GPUs, ROCm release, platform, Python environment.
/// Idempotent: a report that already holds derived facts (--from) derives the same again.
void DeriveFacts(Facts& facts, const nlohmann::json& data);

/// GPU sightings from KFD/PCI, rocminfo, amd-smi, rocm-smi, collect_env, LLM-runtime logs and
/// the paste's entities -> gpus[] with gfx, names, class, family, override, APU; gpu.* counts.
void DeriveGpus(Facts& facts, const nlohmann::json& data);
/// coverage.verdicts[] and gpus[].coverage_*: each GPU judged against the code each HIP library
/// found by the coverage scan carries (issue 15). After DeriveGpus.
void DeriveCoverage(Facts& facts, const nlohmann::json& data);
/// rocm.release* from any version string the facts hold.
void DeriveRocmRelease(Facts& facts, const nlohmann::json& data);
/// amd_smi.gpus[] judged against rules/data/gpu_health.toml: per-GPU verdicts and gpu_health.*.
/// After DeriveRocmRelease (the minimum firmware depends on the release).
void DeriveGpuHealth(Facts& facts, const nlohmann::json& data);
/// kernel.dkms_first_rocm: the first release whose amdgpu-dkms builds on this kernel. After DeriveRocmRelease.
void DeriveDkmsKernelSupport(Facts& facts, const nlohmann::json& data);
/// platform.kind and platform.why.
void DerivePlatform(Facts& facts);
/// python.env_kind from interpreter paths, site-packages paths and venv prompts.
void DerivePythonEnv(Facts& facts);
/// python.missing_modules[] from ModuleNotFoundError messages, with rules/data/python_modules.toml's install.
void DeriveMissingModules(Facts& facts, const nlohmann::json& data);
/// os.package_manager and friends (rules/data/package_managers.toml), pip_fix.*: the interpreter
/// a pip fix runs, whether it needs a venv, and the PyTorch ROCm index (rules/data/pip.toml).
/// After DeriveGpus and DeriveRocmRelease.
void DerivePipAdvice(Facts& facts, const nlohmann::json& data);

/// llm_runtime.app from the app signatures any line matched (rules/data/apps.toml), when no
/// application log kind set it. After the signatures are matched (triage) and before rules.
void DeriveLlmApp(Facts& facts, const nlohmann::json& data);

/// identity.in_render_or_video and devices.kfd.in_group from pasted groups and a pasted
/// `ls -l /dev/kfd` (the live route's access collector sets in_group itself).
void DeriveDeviceAccess(Facts& facts);

/// loader.errors[] entries for the libraries libs.missing[] lists (ldd, the live resolver).
void DeriveLoaderErrors(Facts& facts);

/// os.id/os.version_id, kernel.release and frameworks.torch.version from a paste's text, when
/// no structured source gave them.
void DeriveSystemFromText(Facts& facts);

/// The facts the derive stage writes (for the catalog and `rules lint`).
const std::vector<FactSpec>& DeriveFactSpecs();

}  // namespace rd
