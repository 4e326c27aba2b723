#include "parsers/compose_services.h"

#include "util/strings.h"

namespace rd {

namespace {

size_t Indent(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && s[n] == ' ') ++n;
  return n;
}

std::string Unquote(std::string_view s) {
  s = Trim(s);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  return std::string(s);
}

// "- /dev/kfd:/dev/kfd" / "- \"/dev/dri\"" -> host side.
std::string HostSide(std::string_view item) {
  std::string v = Unquote(item);
  return v.substr(0, v.find(':'));
}

void AddDevice(ContainerRun& run, const std::string& dev) {
  run.devices.push_back(dev);
  if (dev == "/dev/kfd") run.device_kfd = true;
  if (StartsWith(dev, "/dev/dri")) run.device_dri = true;
}

}  // namespace

std::vector<ComposeService> ParseComposeServices(std::string_view text) {
  std::vector<ComposeService> out;
  auto lines = SplitLines(text);
  bool in_services = false;
  size_t services_indent = 0, service_indent = std::string::npos;
  std::string list;  // the key whose "- item" lines follow (devices, group_add, environment)
  size_t list_indent = 0;
  for (size_t i = 0; i < lines.size() && out.size() <= 32; ++i) {
    std::string_view raw = std::string_view(lines[i]).substr(0, 1024);
    std::string_view s = Trim(raw);
    if (s.empty() || StartsWith(s, "#")) continue;
    size_t indent = Indent(raw);
    if (s == "services:") {
      in_services = true, services_indent = indent, service_indent = std::string::npos, list.clear();
      continue;
    }
    if (!in_services) continue;
    if (indent <= services_indent) {  // the block ended (volumes:, networks: …)
      in_services = false;
      continue;
    }
    if (service_indent == std::string::npos) service_indent = indent;
    if (indent == service_indent && EndsWith(s, ":") && !StartsWith(s, "-")) {
      if (out.size() == 32) break;
      out.push_back({i, std::string(s.substr(0, s.size() - 1)), {}});
      out.back().run.engine = "compose";
      list.clear();
      continue;
    }
    if (out.empty()) continue;
    ContainerRun& run = out.back().run;
    if (StartsWith(s, "- ") && !list.empty() && indent >= list_indent) {
      std::string item = Unquote(s.substr(2));
      if (list == "devices") AddDevice(run, HostSide(item));
      else if (list == "group_add") run.group_add.push_back(item);
      else if (list == "environment") run.env.push_back(item);
      else if (list == "security_opt") run.security_opt.push_back(item);
      continue;
    }
    size_t colon = s.find(':');
    if (colon == std::string_view::npos) continue;
    std::string key(s.substr(0, colon));
    std::string value = Unquote(s.substr(colon + 1));
    if (list == "environment" && indent > list_indent) {  // environment as a map: "NAME: value"
      run.env.push_back(key + "=" + value);
      continue;
    }
    list.clear();
    if (value.empty()) list = key, list_indent = indent;
    else if (key == "image") run.image = value;
    else if (key == "privileged") run.privileged = value == "true";
    else if (key == "ipc") run.ipc_host = value == "host";
    else if (key == "runtime") run.runtime = value;
  }
  return out;
}

K8sGpuRequest ScanK8sGpuRequest(std::string_view text) {
  K8sGpuRequest out;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(std::string_view(lines[i]).substr(0, 2048));
    if (!Contains(s, "amd.com/gpu")) continue;
    if (Contains(s, "Insufficient amd.com/gpu")) {
      if (!out.insufficient) out.insufficient = true, out.insufficient_line = i;
    } else if ((StartsWith(s, "amd.com/gpu:") || StartsWith(s, "\"amd.com/gpu\":")) && !out.requested) {
      out.requested = true, out.line = i;
    }
  }
  return out;
}

}  // namespace rd
