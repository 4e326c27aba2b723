#pragma once
/// Each collector file exports one factory; registry.cpp lists them.
#include "core/collector.h"

namespace rd {

Collector OsCollector();
Collector PlatformCollector();
Collector EnvironmentCollector();
Collector ProbesCollector();
Collector GpuCollector();
Collector DriverCollector();
Collector AccessCollector();
Collector RuntimeViewsCollector();
Collector TorchStaticCollector();
Collector TorchDynamicCollector();
Collector RocmLibsCollector();
Collector CoverageCollector();
Collector RocmInstallsCollector();
Collector LibrariesCollector();
Collector ToolchainCollector();
Collector CompileCheckCollector();

}  // namespace rd
