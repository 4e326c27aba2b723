#include "parsers/container_errors.h"

#include "util/strings.h"

namespace rd {

namespace {

std::string WordAfter(std::string_view s, std::string_view marker) {
  size_t at = s.find(marker);
  if (at == std::string_view::npos) return "";
  std::string_view rest = s.substr(at + marker.size());
  size_t end = rest.find_first_of(": \"'");
  return std::string(rest.substr(0, end));
}

}  // namespace

bool LooksLikeContainerError(std::string_view text) {
  return Contains(text, "error gathering device information") || Contains(text, "Unable to find group ") ||
         Contains(text, "unable to find group ") || Contains(text, "could not select device driver") ||
         (Contains(text, "stat /dev/kfd") && Contains(text, "no such file")) ||
         Contains(text, "permission denied while trying to connect to the Docker daemon");
}

ContainerErrors ParseContainerErrors(std::string_view text) {
  ContainerErrors out;
  std::string engine = Contains(text, "podman") || Contains(text, "crun:") ? "podman" : "docker";
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(lines[i]);
    if (Contains(s, "Docker Desktop") || Contains(s, "//./pipe/docker") || Contains(s, "npipe://")) {
      if (!out.docker_desktop) out.desktop_line = i;
      out.docker_desktop = true;
    }
    if (!out.windows_mentioned && (Contains(s, "Windows") || Contains(s, "PS C:\\"))) {
      out.windows_mentioned = true;
      out.windows_line = i;
    }
    ContainerError e{i, engine, "", "", "", std::string(s.substr(0, 400))};
    if (Contains(s, "error gathering device information")) {
      e.problem = "device_missing";
      e.device = QuotedAfter(s, "custom device");
    } else if (Contains(s, "stat /dev/") && Contains(s, "no such file")) {
      e.problem = "device_missing";
      e.device = "/dev/" + WordAfter(s, "stat /dev/");
    } else if (Contains(s, "nable to find group ")) {
      e.problem = "group_missing";
      e.group = WordAfter(s, "nable to find group ");
    } else if (Contains(s, "could not select device driver")) {
      e.problem = "nvidia_gpus_flag";
    } else if (Contains(s, "permission denied while trying to connect to the Docker daemon")) {
      e.problem = "daemon_permission";
    } else {
      continue;
    }
    out.errors.push_back(std::move(e));
  }
  return out;
}

}  // namespace rd
