#include "collectors/dlopen_child.h"

#include <nlohmann/json.hpp>
#include <ostream>

#include "system/live_system.h"
#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

std::vector<std::string> DlopenChildArgv(const std::vector<std::string>& names) {
  std::vector<std::string> argv = {"/proc/self/exe", "internal-dlopen"};
  argv.insert(argv.end(), names.begin(), names.end());
  return argv;
}

DlopenVerdicts RunDlopenChild(System& system, const std::vector<std::string>& names) {
  DlopenVerdicts verdicts;
  CommandSpec spec;
  spec.argv = DlopenChildArgv(names);
  spec.timeout = std::chrono::milliseconds(8000);
  CommandResult result = system.Run(spec);
  if (!result.started) {
    verdicts.error = "dlopen child did not start: " + result.start_error;
    return verdicts;
  }
  for (const auto& line : SplitLines(result.out)) {
    auto j = JsonDepthOk(line) ? nlohmann::json::parse(line, nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
    if (!j.is_object() || !j.contains("name") || !j["name"].is_string()) continue;
    DlopenResult verdict;
    verdict.loaded = j.value("loaded", false);
    verdict.path = j.value("path", "");
    verdict.error = j.value("error", "");
    verdicts.by_name[j["name"].get<std::string>()] = verdict;
  }
  if (result.timed_out) verdicts.error = "dlopen child timed out after 8 s";
  else if (result.signal) verdicts.error = "dlopen child died of signal " + std::to_string(result.signal) +
                                           " (a library constructor crashed)";
  return verdicts;
}

int RunInternalDlopen(const std::vector<std::string>& names, std::ostream& out) {
  LiveSystem live;
  for (const auto& name : names) {
    DlopenResult result = live.TryDlopen(name);
    // Flushed per line: if the next library's constructor crashes, earlier answers survive.
    out << nlohmann::json{{"name", name}, {"loaded", result.loaded}, {"path", result.path}, {"error", result.error}}.dump()
        << std::endl;
  }
  return 0;
}

}  // namespace rd
