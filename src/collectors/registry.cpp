#include <algorithm>

#include "collectors/collectors.h"
#include "derive/derive.h"
#include "core/fact_path.h"
#include "triage/triage.h"

namespace rd {

const std::vector<Collector>& AllCollectors() {
  static const std::vector<Collector> collectors = {
      OsCollector(),
      PlatformCollector(),
      EnvironmentCollector(),
      ProbesCollector(),
      GpuCollector(),
      DriverCollector(),
      AccessCollector(),
      RuntimeViewsCollector(),
      TorchStaticCollector(),
      TorchDynamicCollector(),
      RocmLibsCollector(),
      RocmInstallsCollector(), LibrariesCollector(), ToolchainCollector(), CompileCheckCollector(),
  };
  return collectors;
}

std::vector<FactSpec> AllFactSpecs() {
  std::vector<FactSpec> specs;
  for (const auto& collector : AllCollectors()) {
    if (collector.facts) specs.insert(specs.end(), collector.facts->begin(), collector.facts->end());
  }
  const auto& triage = TriageFactSpecs();
  specs.insert(specs.end(), triage.begin(), triage.end());
  const auto& derived = DeriveFactSpecs();
  specs.insert(specs.end(), derived.begin(), derived.end());
  return specs;
}

bool IsKnownFact(const std::string& path) {
  std::string generic = GenericFactPath(path);
  for (const auto& spec : AllFactSpecs()) {
    std::string pattern = spec.path;
    if (generic == pattern) return true;
    // "env.*" admits any key below env; a prefix of a known fact is a known object.
    if (pattern.size() > 2 && pattern.compare(pattern.size() - 2, 2, ".*") == 0 &&
        generic.rfind(pattern.substr(0, pattern.size() - 1), 0) == 0) {
      return true;
    }
    if (pattern.rfind(generic + ".", 0) == 0) return true;
  }
  return false;
}

}  // namespace rd
