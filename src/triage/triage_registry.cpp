#include "triage/frameworks_kinds.h"
#include "triage/triage.h"
#include "triage/kinds.h"
#include "triage/line_signals.h"
#include "triage/signature_facts.h"

namespace rd {

PasteKind RocminfoPasteKind();
PasteKind RocmSmiPasteKind();
PasteKind LddKind();
PasteKind CompilerLogKind();

// Kinds register here, one line each, most specific first. Each kind lives in its own file
// (src/triage/<kind>_kind.cpp) and its parser in src/parsers/.
const std::vector<PasteKind>& AllPasteKinds() {
  static const std::vector<PasteKind> kinds = {
      // Tool outputs with unmistakable layouts first, then logs; a piece may match several kinds
      // (all parse it), the first names it.
      RocmSmiPasteKind(),
      RocminfoPasteKind(),
      AmdSmiKind(),
      ClinfoKind(),
      CollectEnvKind(),
      PythonErrorKind(),    // before ldd: tracebacks quote the loader's messages
      LddKind(),
      CompilerLogKind(),
      CmakeHipKind(),
      HipconfigKind(),
      LlmRuntimeKind(),     // before the generic runtime log: ollama/llama.cpp/vLLM lines
      RuntimeErrorLogKind(),
      DkmsLogKind(),
      KernelLogKind(),
      ContainerErrorKind(),
      AmdLogKind(),
      TorchVersionKind(),
      IdOutputKind(),
      StatusCodeKind(),
  };
  return kinds;
}

const std::vector<FactSpec>& TriageFactSpecs() {
  static const std::vector<FactSpec> specs = [] {
    std::vector<FactSpec> all = {
        {"triage.pieces", "array", "Each piece of a triaged paste"},
        {"triage.pieces.kind", "string", "The recognised kind of the piece, or unknown"},
        {"triage.pieces.source", "string", "File and line range of the piece"},
        {"triage.pieces.lines", "int", "Line count of the piece"},
        {"triage.pieces.also", "array", "Other kinds that also recognised and parsed the piece"},
        {"triage.pieces.prompt", "int", "Index into triage.prompts when the piece starts at a shell prompt"},
        {"triage.prompts", "array", "Shell prompts in the paste (who ran what, where)"},
        {"triage.prompts.user_name", "string", "User shown by the prompt (redacted in reports)"},
        {"triage.prompts.hostname", "string", "Host shown by the prompt (redacted in reports)"},
        {"triage.prompts.os", "string", "linux | windows | python (REPL)"},
        {"triage.prompts.cwd", "string", "Working directory shown by the prompt"},
        {"triage.prompts.venv", "string", "(venv)/(base) prefix of the prompt"},
        {"triage.prompts.command", "string", "Command typed after the prompt"},
        {"triage.prompts.root", "bool", "The prompt is a root prompt"},
        {"triage.prompts.source", "string", "File and line range of the piece it starts"},
        {"triage.windows_prompt", "bool", "A Windows prompt (PS C:\\…>, C:\\…>) appears in the paste"},
        {"triage.unknown", "array", "Pieces of no known kind, kept as evidence (source range)"},
        {"triage.summary", "string", "Pieces and their kinds, one line"},
        {"triage.amd_seen", "bool", "The paste mentions amdgpu/ROCm/Radeon/gfx/HSA anywhere"},
        {"triage.entities", "array", "Entities found on any line (gfx, isa, pci_id, pci_bdf, rocm_path, hip_version, rocm_wheel, rocm_package, amdgpu_dkms, windows_path, wsl_path, python_path, rocm_sdk_wheel, kernel_release, marketing)"},
        {"triage.entities.kind", "string", "What the entity is"},
        {"triage.entities.value", "string", "The entity, normalised (gfx lower-case, pci_id 1002:73df)"},
        {"triage.entities.line", "int", "Line of the paste where it was seen (for gfx: first seen as a device)"},
        {"triage.entities.device", "bool", "gfx/isa/marketing: the line speaks of a device, not a target list or file"},
        {"triage.entities.cpu", "bool", "marketing: the phrase is a CPU model number (an APU), so the GPU is its integrated one"},
        {"triage.entities.gfx", "string", "marketing: the gfx target of the product (rules/data/gpu_names.toml)"},
        {"commands.all", "array", "Every command line of a known program in the paste"},
        {"commands.all.program", "string", "The program (after sudo, env and assignments)"},
        {"commands.all.line", "int", "Line in the paste"},
        {"commands.all.text", "string", "The command as written (continuations joined)"},
        {"commands.container_runs", "array", "docker/podman/nerdctl run|create and apptainer run|exec commands"},
        {"commands.container_runs.engine", "string", "docker, podman, nerdctl, apptainer, singularity, or compose (a pasted compose service)"},
        {"commands.container_runs.image", "string", "The image"},
        {"commands.container_runs.devices", "array", "Host side of each --device"},
        {"commands.container_runs.device_kfd", "bool", "/dev/kfd is passed (--device, or apptainer --rocm)"},
        {"commands.container_runs.device_dri", "bool", "/dev/dri or a render node is passed"},
        {"commands.container_runs.group_add", "array", "--group-add values"},
        {"commands.container_runs.privileged", "bool", "--privileged"},
        {"commands.container_runs.gpus_flag", "string", "--gpus value (an NVIDIA flag), empty when absent"},
        {"commands.container_runs.ipc_host", "bool", "--ipc=host"},
        {"commands.container_runs.security_opt", "array", "--security-opt values"},
        {"commands.container_runs.env", "array", "-e/--env NAME=value"},
        {"commands.container_runs.runtime", "string", "--runtime value"},
        {"commands.container_runs.line", "int", "Line in the paste"},
        {"commands.container_runs.text", "string", "The command as written"},
        {"commands.pip_installs", "array", "pip / pip3 / python -m pip / uv pip install commands"},
        {"commands.pip_installs.packages", "array", "Requirement specifiers"},
        {"commands.pip_installs.index_url", "string", "--index-url / -i"},
        {"commands.pip_installs.extra_index_urls", "array", "--extra-index-url values"},
        {"commands.pip_installs.index_kind", "string", "rocm, rocm-nightly, therock, cuda, cpu, pypi, other or none (PyPI default)"},
        {"commands.pip_installs.index_rocm_version", "string", "ROCm version in the index URL or the torch pin (6.2)"},
        {"commands.pip_installs.torch_spec", "string", "The torch requirement as written (torch==2.5.1+rocm6.2)"},
        {"commands.pip_installs.pre", "bool", "--pre"},
        {"commands.pip_installs.line", "int", "Line in the paste"},
        {"commands.pip_installs.text", "string", "The command as written"},
        {"commands.package_installs", "array", "apt/dnf/yum/zypper/pacman/emerge/brew/winget/choco commands"},
        {"commands.package_installs.manager", "string", "The package manager"},
        {"commands.package_installs.action", "string", "install, remove, purge, upgrade or update"},
        {"commands.package_installs.packages", "array", "Package names"},
        {"commands.package_installs.line", "int", "Line in the paste"},
        {"commands.package_installs.text", "string", "The command as written"},
        {"commands.amdgpu_install", "array", "amdgpu-install commands"},
        {"commands.amdgpu_install.usecases", "array", "--usecase= values"},
        {"commands.amdgpu_install.no_dkms", "bool", "--no-dkms"},
        {"commands.amdgpu_install.flags", "array", "Other flags"},
        {"commands.amdgpu_install.line", "int", "Line in the paste"},
        {"commands.amdgpu_install.text", "string", "The command as written"},
        {"env_origin.*", "string", "Where a pasted assignment was seen: export, systemd, docker, powershell, cmd, inline, prose, python"},
    };
    const auto& frameworks = FrameworksTriageFacts();
    all.insert(all.end(), frameworks.begin(), frameworks.end());
    const auto& signals = LineSignalFactSpecs();
    all.insert(all.end(), signals.begin(), signals.end());
    const auto& signatures = SignatureFactSpecs();
    all.insert(all.end(), signatures.begin(), signatures.end());
    for (const auto& kind : AllPasteKinds()) {
      if (kind.facts) all.insert(all.end(), kind.facts->begin(), kind.facts->end());
    }
    return all;
  }();
  return specs;
}

}  // namespace rd
