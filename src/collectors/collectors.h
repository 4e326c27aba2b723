#pragma once
/// Each collector file exports one factory; registry.cpp lists them.
#include "core/collector.h"

namespace rd {

Collector OsCollector();
Collector PlatformCollector();
Collector EnvironmentCollector();
Collector TorchStaticCollector();
Collector TorchDynamicCollector();
Collector RocmLibsCollector();

}  // namespace rd
