#pragma once
/// docker compose YAML services as pasted (`devices:`, `group_add:`, `environment:`, `image:`,
/// `privileged:`, `ipc:`), each turned into the ContainerRun a `docker run` of it would be, so
/// the container rules read a compose file the way they read a command line; and Kubernetes pod
/// specs' `amd.com/gpu` resource requests. A line scan over indentation, not a YAML parser: a
/// paste is often a fragment, and a hostile one stays linear.
#include <string>
#include <string_view>
#include <vector>

#include "parsers/pasted_commands.h"

namespace rd {

struct ComposeService {
  size_t line = 0;   ///< 0-based line of the service's name
  std::string name;  ///< ollama
  ContainerRun run;  ///< engine "compose"
};

struct K8sGpuRequest {
  bool requested = false;     ///< a resources block names amd.com/gpu
  size_t line = 0;
  bool insufficient = false;  ///< the scheduler said "Insufficient amd.com/gpu"
  size_t insufficient_line = 0;
};

/// Services of every `services:` block; at most 32.
std::vector<ComposeService> ParseComposeServices(std::string_view text);
K8sGpuRequest ScanK8sGpuRequest(std::string_view text);

}  // namespace rd
