#include "parsers/container_errors.h"

#include "util/strings.h"

namespace rd {

namespace {

bool Has(std::string_view s, std::string_view needle) { return s.find(needle) != std::string_view::npos; }

std::string Quoted(std::string_view s, std::string_view after) {
  size_t at = s.find(after);
  if (at == std::string_view::npos) return "";
  size_t open = s.find('"', at + after.size());
  if (open == std::string_view::npos) return "";
  size_t close = s.find('"', open + 1);
  return close == std::string_view::npos ? "" : std::string(s.substr(open + 1, close - open - 1));
}

std::string WordAfter(std::string_view s, std::string_view marker) {
  size_t at = s.find(marker);
  if (at == std::string_view::npos) return "";
  std::string_view rest = s.substr(at + marker.size());
  size_t end = rest.find_first_of(": \"'");
  return std::string(rest.substr(0, end));
}

}  // namespace

bool LooksLikeContainerError(std::string_view text) {
  return Has(text, "error gathering device information") || Has(text, "Unable to find group ") ||
         Has(text, "unable to find group ") || Has(text, "could not select device driver") ||
         (Has(text, "stat /dev/kfd") && Has(text, "no such file")) ||
         Has(text, "permission denied while trying to connect to the Docker daemon");
}

ContainerErrors ParseContainerErrors(std::string_view text) {
  ContainerErrors out;
  std::string engine = Has(text, "podman") || Has(text, "crun:") ? "podman" : "docker";
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(lines[i]);
    if (Has(s, "Docker Desktop") || Has(s, "//./pipe/docker") || Has(s, "npipe://")) {
      if (!out.docker_desktop) out.desktop_line = i;
      out.docker_desktop = true;
    }
    if (!out.windows_mentioned && (Has(s, "Windows") || Has(s, "PS C:\\"))) {
      out.windows_mentioned = true;
      out.windows_line = i;
    }
    ContainerError e{i, engine, "", "", "", std::string(s.substr(0, 400))};
    if (Has(s, "error gathering device information")) {
      e.problem = "device_missing";
      e.device = Quoted(s, "custom device");
    } else if (Has(s, "stat /dev/") && Has(s, "no such file")) {
      e.problem = "device_missing";
      e.device = "/dev/" + WordAfter(s, "stat /dev/");
    } else if (Has(s, "nable to find group ")) {
      e.problem = "group_missing";
      e.group = WordAfter(s, "nable to find group ");
    } else if (Has(s, "could not select device driver")) {
      e.problem = "nvidia_gpus_flag";
    } else if (Has(s, "permission denied while trying to connect to the Docker daemon")) {
      e.problem = "daemon_permission";
    } else {
      continue;
    }
    out.errors.push_back(std::move(e));
  }
  return out;
}

}  // namespace rd
