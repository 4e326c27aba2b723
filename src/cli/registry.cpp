#include "cli/registry.h"

#include "collectors/collectors.h"
#include "derive/derive.h"
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
      CoverageCollector(),
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

}  // namespace rd
