#pragma once
/// Pure decisions from already-read evidence: what kind of container, WSL or VM this is.
#include <string>
#include <vector>

namespace rd {

struct ContainerEvidence {
  bool dockerenv = false;         ///< /.dockerenv exists
  bool containerenv = false;      ///< /run/.containerenv exists (podman)
  std::string container_env;      ///< $container (systemd-nspawn, podman, lxc set it)
  bool kubernetes_env = false;    ///< $KUBERNETES_SERVICE_HOST set
  std::string cgroup;             ///< /proc/1/cgroup or /proc/self/cgroup text
  std::string root_fs_type;       ///< filesystem type mounted at /
};

struct ContainerVerdict {
  std::string kind;  ///< none | docker | podman | kubernetes | lxc | systemd-nspawn | container
  std::string why;   ///< the evidence that decided it, for the report
};
ContainerVerdict DetectContainer(const ContainerEvidence& evidence);

struct WslVerdict {
  bool detected = false;
  int version = 0;  ///< 1 or 2 when detected
  std::string why;
};
/// From /proc/version (or osrelease) text and whether $WSL_DISTRO_NAME is set.
WslVerdict DetectWsl(const std::string& proc_version, bool wsl_env);

}  // namespace rd
