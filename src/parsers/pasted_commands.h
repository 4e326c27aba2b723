#pragma once
/// Commands people paste beside tool output, found on any line (after a shell prompt, in a
/// Dockerfile RUN, in `inline code` within prose, continued with `\`, PowerShell's ` or cmd's ^):
/// the container run line, the pip install line and its index, package-manager and
/// amdgpu-install lines, and where environment variables are set (export, systemd
/// Environment=, docker -e, PowerShell $env:, cmd set). Issue 13: what is pasted besides tool
/// output often carries the answer (a docker run without --device=/dev/kfd).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct ContainerRun {
  std::string engine;  ///< docker, podman, nerdctl, apptainer, singularity
  std::string image;
  std::vector<std::string> devices;  ///< host side of each --device
  std::vector<std::string> group_add, security_opt, env;
  std::string gpus_flag, runtime;
  bool device_kfd = false, device_dri = false, privileged = false, ipc_host = false;
};

struct PipInstall {
  std::vector<std::string> packages, extra_index_urls;
  std::string index_url;
  std::string index_kind = "none";  ///< rocm, rocm-nightly, cuda, cpu, therock, pypi, other, none
  std::string index_rocm_version;   ///< "6.2" from …/whl/rocm6.2
  std::string torch_spec;           ///< "torch==2.5.1+rocm6.2" when the command pins torch
  bool pre = false;
};

struct PackageInstall {
  std::string manager;  ///< apt, apt-get, dnf, yum, zypper, pacman, emerge, brew, winget, choco
  std::string action;   ///< install, remove, purge, upgrade, update
  std::vector<std::string> packages;
};

struct AmdgpuInstall {
  std::vector<std::string> usecases, flags;
  bool no_dkms = false;
};

struct EnvAssignment {
  std::string name, value;
  std::string origin;  ///< export, systemd, docker, powershell, cmd, inline, prose, python
  size_t line = 0;     ///< 0-based line in the text
};

struct PastedCommand {
  size_t line = 0;      ///< 0-based line where the command starts
  std::string text;     ///< the command as written (continuations joined)
  std::string program;  ///< first word after sudo/env/assignments
  std::optional<ContainerRun> container_run;
  std::optional<PipInstall> pip_install;
  std::optional<PackageInstall> package_install;
  std::optional<AmdgpuInstall> amdgpu_install;
};

struct PastedCommands {
  std::vector<PastedCommand> commands;
  std::vector<EnvAssignment> env;
};

/// Pure: every recognised command and assignment in `text`, in order.
PastedCommands ParsePastedCommands(std::string_view text);

/// What kind of wheel index a URL is (download.pytorch.org/whl/rocm6.2 -> rocm), and the ROCm
/// version in it.
std::string PipIndexKind(std::string_view url);
std::string RocmVersionInUrl(std::string_view url);

}  // namespace rd
