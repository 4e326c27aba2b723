#include "parsers/dkms_log.h"

#include "util/strings.h"

namespace rd {

namespace {

std::string After(std::string_view s, std::string_view marker, char stop) {
  size_t at = s.find(marker);
  if (at == std::string_view::npos) return "";
  std::string_view rest = Trim(s.substr(at + marker.size()));
  return std::string(rest.substr(0, rest.find(stop)));
}

// "/var/lib/dkms/amdgpu/6.12.12-2164967.24.04/build/make.log" -> "amdgpu/6.12.12-2164967.24.04".
std::string ModuleFromPath(std::string_view path) {
  size_t at = path.find("/dkms/");
  if (at == std::string_view::npos) return "";
  std::string_view rest = path.substr(at + 6);
  auto parts = Split(rest, '/');
  return parts.size() >= 2 ? parts[0] + "/" + parts[1] : "";
}

bool IsCompilerError(std::string_view s) {
  return Contains(s, ": error: ") || Contains(s, ": fatal error: ") || (Contains(s, "make") && Contains(s, "] Error ")) ||
         (Contains(s, "*** ") && Contains(s, "Makefile"));
}

}  // namespace

bool LooksLikeDkmsLog(std::string_view text) {
  return Contains(text, "Bad return status for module build") || Contains(text, "DKMS make.log for ") ||
         Contains(text, "dkms failed for running kernel") || Contains(text, "Building initial module") ||
         (Contains(text, "amdgpu-dkms") && Contains(text, "error")) || Contains(text, "Autoinstall of module ") ||
         Contains(text, "(bad exit status:") || (Contains(text, "/var/lib/dkms/") && Contains(text, ": error: "));
}

DkmsLog ParseDkmsLog(std::string_view text) {
  DkmsLog log;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(lines[i]);
    if (Contains(s, "Bad return status for module build on kernel:")) {
      log.build_failed = true;
      log.kernel = After(s, "on kernel:", ' ');
      log.evidence.push_back({i, std::string(s)});
    } else if (Contains(s, "dkms failed for running kernel") || Contains(s, "dkms autoinstall on") ||
               (Contains(s, "error processing package amdgpu-dkms"))) {
      log.build_failed = true;
      log.evidence.push_back({i, std::string(s)});
    } else if (Contains(s, "Consult ") && Contains(s, "make.log")) {
      log.make_log = After(s, "Consult ", ' ');
      if (log.module.empty()) log.module = ModuleFromPath(log.make_log);
    } else if (StartsWith(s, "DKMS make.log for ")) {
      std::string name = After(s, "DKMS make.log for ", ' ');
      size_t dash = name.find('-');
      if (dash != std::string::npos) log.module = name.substr(0, dash) + "/" + name.substr(dash + 1);
      if (log.kernel.empty()) log.kernel = After(s, " for kernel ", ' ');
    } else if (Contains(s, "Building initial module") && log.kernel.empty()) {
      log.kernel = After(s, " for ", ' ');
    } else if (StartsWith(s, "Autoinstall of module ")) {  // dkms 3: "… amdgpu/6.8.5-2009582.22.04 for kernel 6.14.0-29-generic (x86_64)"
      if (log.module.empty()) log.module = After(s, "Autoinstall of module ", ' ');
      if (log.kernel.empty()) log.kernel = After(s, " for kernel ", ' ');
    } else if (Contains(s, "(bad exit status:")) {  // dkms 3's "Building module(s)....(bad exit status: 2)"
      log.build_failed = true;
      log.evidence.push_back({i, std::string(s)});
    } else if (IsCompilerError(s) && log.errors.size() < 20) {
      log.errors.push_back({i, std::string(s.substr(0, 400))});
      // make.log's own lines name the module's build tree: that build failed
      if (Contains(s, "/var/lib/dkms/")) {
        log.build_failed = true;
        if (log.module.empty()) log.module = ModuleFromPath(s);
        if (log.evidence.empty()) log.evidence.push_back({i, std::string(s.substr(0, 400))});
      }
    }
  }
  return log;
}

}  // namespace rd
