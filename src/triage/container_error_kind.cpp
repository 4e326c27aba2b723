// docker / podman errors about GPU devices and groups (pitfalls.md #15, #16, #33).
#include "parsers/container_errors.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  ContainerErrors parsed = ParseContainerErrors(text);
  auto lines = Split(text, '\n');
  for (const auto& e : parsed.errors) {
    Evidence ev = PasteLine(origin, e.line, e.message);
    std::string at = "docker.errors[" + std::to_string(NextIndex(facts, "docker.errors")) + "]";
    facts.Set(at + ".engine", e.engine, ev);
    facts.Set(at + ".problem", e.problem, ev);
    if (!e.device.empty()) facts.Set(at + ".device", e.device, ev);
    if (!e.group.empty()) facts.Set(at + ".group", e.group, ev);
    facts.Set(at + ".message", e.message, ev);
  }
  if (parsed.windows_mentioned) {
    facts.Set("docker.windows_mentioned", true, PasteLine(origin, parsed.windows_line, lines[parsed.windows_line]));
  }
  if (parsed.docker_desktop) facts.Set("docker.desktop", true, PasteLine(origin, parsed.desktop_line, lines[parsed.desktop_line]));
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"docker.errors", "array", "docker/podman errors about devices and groups in a paste"},
      {"docker.errors.engine", "string", "docker | podman"},
      {"docker.errors.problem", "string", "device_missing | group_missing | nvidia_gpus_flag | daemon_permission"},
      {"docker.errors.device", "string", "Device the engine could not add (/dev/kfd)"},
      {"docker.errors.group", "string", "Group the container could not resolve (render)"},
      {"docker.errors.message", "string", "The error line"},
      {"docker.windows_mentioned", "bool", "The piece with the docker error says Windows (a hint)"},
      {"docker.desktop", "bool", "The paste shows Docker Desktop (its name or its Windows pipe)"},
  };
  return specs;
}

}  // namespace

PasteKind ContainerErrorKind() { return {"container-error", LooksLikeContainerError, Parse, &Specs()}; }

}  // namespace rd
