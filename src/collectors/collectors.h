#pragma once
/// Each collector file exports one factory; registry.cpp lists them.
#include "core/collector.h"

namespace rd {

Collector OsCollector();
Collector PlatformCollector();
Collector EnvironmentCollector();
Collector RocmInstallsCollector();
Collector LibrariesCollector();
Collector ToolchainCollector();
Collector CompileCheckCollector();

}  // namespace rd
