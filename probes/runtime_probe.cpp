// runtime: what the runtime sees of each device: arch with features, CUs, memory, PCI bus id,
// copy engines, concurrent kernels, large BAR, and the PCIe link (idle reading).
#include <cstdlib>
#include <string>

#include "probes.h"

namespace probe {

namespace {

std::string ArchName(const hipDeviceProp_t& prop) {
#ifdef RD_PROBE_CUDA
  return "sm_" + std::to_string(prop.major) + std::to_string(prop.minor);
#else
  return prop.gcnArchName;  // "gfx90a:sramecc+:xnack-": the ISA with its target features
#endif
}

}  // namespace

void RuntimeProbe(int device, const Options&, Line& line) {
  hipDeviceProp_t prop{};
  Check(hipGetDeviceProperties(&prop, device), "hipGetDeviceProperties");
  std::string bus_id = BusId(device);
  line.Str("name", prop.name).Str("arch", ArchName(prop));
  line.Int("compute_units", prop.multiProcessorCount);
  line.Int("memory_bytes", static_cast<long long>(prop.totalGlobalMem));
  line.Str("pci_bus_id", bus_id);
#ifdef RD_PROBE_CUDA
  line.Int("async_engines", prop.asyncEngineCount);
#else
  // HIP 5.2's property struct has no copy-engine count; newer runtimes answer the attribute.
  int engines = 0;
  if (hipDeviceGetAttribute(&engines, hipDeviceAttributeAsyncEngineCount, device) == hipSuccess) line.Int("async_engines", engines);
#endif
  line.Bool("concurrent_kernels", prop.concurrentKernels != 0);
#ifndef RD_PROBE_CUDA
  line.Bool("large_bar", prop.isLargeBar != 0);
#endif
  AddLink(line, ReadPcieLink(bus_id), "idle_");
}

}  // namespace probe
