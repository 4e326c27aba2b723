// runtime: what the runtime sees of each device, through ABI-stable calls only (issue 16): name
// and memory (hipDeviceGetName/hipDeviceTotalMem), CUs, copy engines, concurrent kernels and
// large BAR as device attributes, the target the runtime wants code for, the PCI bus id and the
// PCIe link (idle reading).
#include <string>

#include "code_objects.h"
#include "probes.h"

namespace probe {

namespace {

void AddAttribute(Line& line, const char* key, int attribute, int device, bool as_bool = false) {
  int value = 0;
  if (attribute < 0 || hipDeviceGetAttribute(&value, attribute, device) != hipSuccess) return;
  if (as_bool) line.Bool(key, value != 0);
  else line.Int(key, value);
}

}  // namespace

void RuntimeProbe(int device, const Options&, Line& line) {
  std::string bus_id = BusId(device);
  const Attributes& attr = kAttributes;
  line.Str("name", DeviceName(device)).Str("arch", RuntimeTarget(device, bus_id));
  AddAttribute(line, "compute_units", attr.multiprocessor_count, device);
  line.Int("memory_bytes", static_cast<long long>(DeviceTotalMem(device)));
  line.Str("pci_bus_id", bus_id);
  // For the GPU table's memory bandwidth (D2D is judged against it in the doctor).
  if (std::string vendor = ReadPciId(bus_id, "vendor"); !vendor.empty()) line.Str("pci_vendor_id", vendor);
  if (std::string id = ReadPciId(bus_id, "device"); !id.empty()) line.Str("pci_device_id", id);
  AddAttribute(line, "async_engines", attr.async_engine_count, device);
  AddAttribute(line, "concurrent_kernels", attr.concurrent_kernels, device, true);
  AddAttribute(line, "large_bar", attr.large_bar, device, true);
  AddLink(line, ReadPcieLink(bus_id), "idle_");
}

}  // namespace probe
