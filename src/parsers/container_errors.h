#pragma once
/// docker / podman errors about GPU devices and groups (pitfalls.md #15, #16, #33):
/// "error gathering device information while adding custom device "/dev/kfd": no such file or
/// directory", "Unable to find group render: no matching entries in group file", "could not
/// select device driver "" with capabilities: [[gpu]]" (--gpus is NVIDIA's flag).
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct ContainerError {
  size_t line;
  std::string engine;   ///< docker | podman
  std::string problem;  ///< device_missing | group_missing | nvidia_gpus_flag | daemon_permission
  std::string device;   ///< /dev/kfd
  std::string group;    ///< render
  std::string message;
};

struct ContainerErrors {
  std::vector<ContainerError> errors;
  bool docker_desktop = false;  ///< The paste names Docker Desktop or its Windows pipe.
  size_t desktop_line = 0;
  bool windows_mentioned = false;  ///< The piece says "Windows" (a hint, not proof: the rule says so).
  size_t windows_line = 0;
};

bool LooksLikeContainerError(std::string_view text);
ContainerErrors ParseContainerErrors(std::string_view text);

}  // namespace rd
