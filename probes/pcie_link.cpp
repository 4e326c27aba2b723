// The PCIe link a device trained at, for "bandwidth far below what the link allows" and "link
// trained below its maximum" (measuring.md §5.3). Read after load: GPUs lower the link speed
// when idle, so an idle reading says little.
#include <dlfcn.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <string>

#include "probes.h"

namespace probe {

namespace {

int GenFromSpeed(const std::string& text) {  // "32.0 GT/s PCIe" -> 5
  double gts = std::atof(text.c_str());
  if (gts >= 60) return 6;
  if (gts >= 30) return 5;
  if (gts >= 15) return 4;
  if (gts >= 7.5) return 3;
  if (gts >= 4.5) return 2;
  return gts > 0 ? 1 : 0;
}

std::string ReadSysfs(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

bool FromSysfs(const std::string& bus_id, PcieLink& link) {
  std::string dir = "/sys/bus/pci/devices/" + bus_id + "/";
  link.gen = GenFromSpeed(ReadSysfs(dir + "current_link_speed"));
  link.max_gen = GenFromSpeed(ReadSysfs(dir + "max_link_speed"));
  link.width = std::atoi(ReadSysfs(dir + "current_link_width").c_str());
  link.max_width = std::atoi(ReadSysfs(dir + "max_link_width").c_str());
  if (link.gen == 0 && link.width == 0) return false;
  link.source = "sysfs";
  return true;
}

#ifdef RD_PROBE_CUDA
// NVML through dlopen: the probe must start where libnvidia-ml is missing.
bool FromNvml(const std::string& bus_id, PcieLink& link) {
  void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return false;
  using InitFn = int (*)();
  using HandleFn = int (*)(const char*, void**);
  using UintFn = int (*)(void*, unsigned*);
  auto init = reinterpret_cast<InitFn>(dlsym(lib, "nvmlInit_v2"));
  auto handle_of = reinterpret_cast<HandleFn>(dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
  auto gen = reinterpret_cast<UintFn>(dlsym(lib, "nvmlDeviceGetCurrPcieLinkGeneration"));
  auto width = reinterpret_cast<UintFn>(dlsym(lib, "nvmlDeviceGetCurrPcieLinkWidth"));
  auto max_gen = reinterpret_cast<UintFn>(dlsym(lib, "nvmlDeviceGetMaxPcieLinkGeneration"));
  auto max_width = reinterpret_cast<UintFn>(dlsym(lib, "nvmlDeviceGetMaxPcieLinkWidth"));
  void* device = nullptr;
  if (!init || !handle_of || !gen || !width || !max_gen || !max_width || init() != 0 ||
      handle_of(bus_id.c_str(), &device) != 0) {
    return false;
  }
  unsigned value = 0;
  if (gen(device, &value) == 0) link.gen = static_cast<int>(value);
  if (width(device, &value) == 0) link.width = static_cast<int>(value);
  if (max_gen(device, &value) == 0) link.max_gen = static_cast<int>(value);
  if (max_width(device, &value) == 0) link.max_width = static_cast<int>(value);
  link.source = "nvml";
  return link.gen > 0;
}
#endif

}  // namespace

std::string BusId(int device) {
  char text[64] = {0};
  if (hipDeviceGetPCIBusId(text, sizeof text, device) != hipSuccess) return "";
  std::string id = text;  // CUDA may print an 8-digit domain: keep "dddd:bb:dd.f".
  if (id.size() > 12) id = id.substr(id.size() - 12);
  for (char& c : id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return id;
}

std::string ReadPciId(const std::string& bus_id, const char* file) {
  if (bus_id.empty()) return "";
  return ReadSysfs("/sys/bus/pci/devices/" + bus_id + "/" + file);
}

PcieLink ReadPcieLink(const std::string& bus_id) {
  PcieLink link;
  if (bus_id.empty()) return link;
#ifdef RD_PROBE_CUDA
  if (FromNvml(bus_id, link)) return link;
  link = PcieLink{};
#endif
  FromSysfs(bus_id, link);
  return link;
}

void AddLink(Line& line, const PcieLink& link, const char* prefix) {
  if (link.source.empty()) return;
  std::string p = prefix;
  line.Int((p + "link_gen").c_str(), link.gen).Int((p + "link_width").c_str(), link.width);
  line.Int((p + "max_link_gen").c_str(), link.max_gen).Int((p + "max_link_width").c_str(), link.max_width);
  line.Str((p + "link_source").c_str(), link.source);
}

}  // namespace probe
