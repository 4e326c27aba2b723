#include "parsers/container_detect.h"

#include "util/strings.h"

namespace rd {

ContainerVerdict DetectContainer(const ContainerEvidence& e) {
  // Kubernetes first: its pods are also docker/containerd containers, and k8s is what matters
  // for the fix (device plugin, amd.com/gpu).
  if (e.kubernetes_env) return {"kubernetes", "$KUBERNETES_SERVICE_HOST is set"};
  if (e.cgroup.find("kubepods") != std::string::npos) return {"kubernetes", "cgroup path contains kubepods"};
  if (e.containerenv) return {"podman", "/run/.containerenv exists"};
  if (e.container_env == "podman") return {"podman", "$container=podman"};
  if (e.dockerenv) return {"docker", "/.dockerenv exists"};
  if (e.cgroup.find("/docker/") != std::string::npos || e.cgroup.find("docker-") != std::string::npos) {
    return {"docker", "cgroup path names docker"};
  }
  if (e.cgroup.find("libpod") != std::string::npos) return {"podman", "cgroup path names libpod"};
  if (e.container_env == "lxc" || e.cgroup.find("/lxc/") != std::string::npos || e.cgroup.find("lxc.payload") != std::string::npos) {
    return {"lxc", e.container_env == "lxc" ? "$container=lxc" : "cgroup path names lxc"};
  }
  if (e.container_env == "systemd-nspawn") return {"systemd-nspawn", "$container=systemd-nspawn"};
  if (!e.container_env.empty()) return {"container", "$container=" + e.container_env};
  if (e.root_fs_type == "overlay") return {"container", "/ is an overlay filesystem"};
  return {"none", ""};
}

WslVerdict DetectWsl(const std::string& proc_version, bool wsl_env) {
  std::string lower = ToLower(proc_version);
  if (lower.find("microsoft") == std::string::npos && lower.find("wsl") == std::string::npos) {
    if (wsl_env) return {true, 0, "$WSL_DISTRO_NAME is set"};
    return {};
  }
  // WSL2 kernels are "…-microsoft-standard-WSL2"; WSL1 reports "…-Microsoft" (capital M).
  int version = lower.find("wsl2") != std::string::npos || lower.find("microsoft-standard") != std::string::npos ? 2 : 1;
  return {true, version, "/proc/version names Microsoft"};
}

}  // namespace rd
