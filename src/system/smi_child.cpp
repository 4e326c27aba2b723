#include "system/smi_child.h"

#include <dlfcn.h>

#include <nlohmann/json.hpp>

#include "system/amdsmi_query.h"

#ifdef ROCM_DOCTOR_HAVE_RSMI_H
#include <rocm_smi/rocm_smi.h>
#endif

namespace rd {

using nlohmann::json;

#ifdef ROCM_DOCTOR_HAVE_RSMI_H
namespace {

// Debian ships librocm_smi64.so.1 (librocm-smi64-1); AMD's packages put .so.1/.so.7 in /opt/rocm/lib.
constexpr const char* kCandidates[] = {"librocm_smi64.so.1", "librocm_smi64.so.7", "librocm_smi64.so",
                                       "/opt/rocm/lib/librocm_smi64.so.1", "/opt/rocm/lib/librocm_smi64.so.7",
                                       "/opt/rocm/lib/librocm_smi64.so"};

struct Api {
  decltype(&rsmi_init) init = nullptr;
  decltype(&rsmi_shut_down) shut_down = nullptr;
  decltype(&rsmi_status_string) status_string = nullptr;
  decltype(&rsmi_num_monitor_devices) num_devices = nullptr;
  decltype(&rsmi_dev_id_get) dev_id = nullptr;
  decltype(&rsmi_dev_pci_id_get) pci_id = nullptr;
  decltype(&rsmi_dev_memory_total_get) mem_total = nullptr;
  decltype(&rsmi_dev_memory_usage_get) mem_used = nullptr;
  decltype(&rsmi_dev_temp_metric_get) temp = nullptr;
  decltype(&rsmi_dev_power_ave_get) power = nullptr;
  decltype(&rsmi_dev_pci_bandwidth_get) bandwidth = nullptr;
  decltype(&rsmi_dev_vbios_version_get) vbios = nullptr;
  decltype(&rsmi_version_str_get) version_str = nullptr;
};

template <typename F>
void Bind(void* lib, const char* name, F& fn) {
  fn = reinterpret_cast<F>(dlsym(lib, name));
}

std::string StatusText(const Api& api, rsmi_status_t status) {
  const char* text = nullptr;
  if (api.status_string && api.status_string(status, &text) == RSMI_STATUS_SUCCESS && text) return text;
  return "status " + std::to_string(static_cast<int>(status));
}

json Device(const Api& api, uint32_t i) {
  json d = {{"index", i}};
  uint16_t id = 0;
  if (api.dev_id && api.dev_id(i, &id) == RSMI_STATUS_SUCCESS) d["device_id"] = id;
  uint64_t bdf = 0;
  if (api.pci_id && api.pci_id(i, &bdf) == RSMI_STATUS_SUCCESS) d["bdfid"] = bdf;
  uint64_t total = 0, used = 0;
  if (api.mem_total && api.mem_total(i, RSMI_MEM_TYPE_VRAM, &total) == RSMI_STATUS_SUCCESS) d["vram_total_bytes"] = total;
  if (api.mem_used && api.mem_used(i, RSMI_MEM_TYPE_VRAM, &used) == RSMI_STATUS_SUCCESS) d["vram_used_bytes"] = used;
  int64_t millidegrees = 0;
  if (api.temp && api.temp(i, RSMI_TEMP_TYPE_EDGE, RSMI_TEMP_CURRENT, &millidegrees) == RSMI_STATUS_SUCCESS) d["temperature_c"] = millidegrees / 1000.0;
  uint64_t microwatts = 0;
  if (api.power && api.power(i, 0, &microwatts) == RSMI_STATUS_SUCCESS) d["power_w"] = microwatts / 1e6;
  rsmi_pcie_bandwidth_t bw{};
  if (api.bandwidth && api.bandwidth(i, &bw) == RSMI_STATUS_SUCCESS && bw.transfer_rate.current < RSMI_MAX_NUM_FREQUENCIES) {
    d["link_rate_mts"] = bw.transfer_rate.frequency[bw.transfer_rate.current] / 1000000;
    d["link_width"] = bw.lanes[bw.transfer_rate.current];
  }
  char vbios[256] = {};
  if (api.vbios && api.vbios(i, vbios, sizeof vbios) == RSMI_STATUS_SUCCESS) d["vbios_version"] = std::string(vbios);
  return d;
}

json QueryRocmSmi() {
  json out = {{"available", false}};
  void* lib = nullptr;
  std::string errors;
  for (const char* name : kCandidates) {
    lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (lib) {
      out["library"] = name;
      break;
    }
    if (const char* e = dlerror(); e && errors.empty()) errors = e;
  }
  if (!lib) {
    out["reason"] = "rocm_smi_lib not found: " + errors;
    return out;
  }
  Api api;
  Bind(lib, "rsmi_init", api.init);
  Bind(lib, "rsmi_shut_down", api.shut_down);
  Bind(lib, "rsmi_status_string", api.status_string);
  Bind(lib, "rsmi_num_monitor_devices", api.num_devices);
  Bind(lib, "rsmi_dev_id_get", api.dev_id);
  Bind(lib, "rsmi_dev_pci_id_get", api.pci_id);
  Bind(lib, "rsmi_dev_memory_total_get", api.mem_total);
  Bind(lib, "rsmi_dev_memory_usage_get", api.mem_used);
  Bind(lib, "rsmi_dev_temp_metric_get", api.temp);
  Bind(lib, "rsmi_dev_power_ave_get", api.power);
  Bind(lib, "rsmi_dev_pci_bandwidth_get", api.bandwidth);
  Bind(lib, "rsmi_dev_vbios_version_get", api.vbios);
  Bind(lib, "rsmi_version_str_get", api.version_str);
  if (!api.init || !api.num_devices) {
    out["reason"] = "rocm_smi_lib lacks rsmi_init/rsmi_num_monitor_devices";
    return out;
  }
  rsmi_status_t status = api.init(0);
  out["status"] = static_cast<int>(status);
  if (status != RSMI_STATUS_SUCCESS) {
    out["reason"] = "rsmi_init returned status " + std::to_string(static_cast<int>(status)) + ": " + StatusText(api, status);
    return out;
  }
  uint32_t count = 0;
  if (api.num_devices(&count) != RSMI_STATUS_SUCCESS) count = 0;
  out["available"] = true;
  out["device_count"] = count;
  char driver[256] = {};
  if (api.version_str && api.version_str(RSMI_SW_COMP_DRIVER, driver, sizeof driver) == RSMI_STATUS_SUCCESS) out["driver_version"] = std::string(driver);
  out["devices"] = json::array();
  for (uint32_t i = 0; i < count && i < 64; ++i) out["devices"].push_back(Device(api, i));
  if (api.shut_down) api.shut_down();
  return out;
}

}  // namespace

#else

namespace {
json QueryRocmSmi() {
  return json{{"available", false}, {"reason", "this rocm-doctor was built without rocm_smi.h (librocm-smi-dev)"}};
}
}  // namespace

#endif

// amd-smi first (ROCm 10.1 no longer builds rocm_smi_lib), rocm_smi for older installs; the
// answer says which one answered (issue 18). rocm_smi's keys stay at the top level, as before.
std::string RunSmiQuery() {
  json amd = QueryAmdSmi();
  if (amd.value("available", false)) {
    return json{{"answered_by", "amd_smi"}, {"amd_smi", amd}, {"available", false}, {"skipped", true},
                {"reason", "rocm_smi not queried: libamd_smi answered"}}
        .dump();
  }
  json out = QueryRocmSmi();
  out["answered_by"] = out.value("available", false) ? "rocm_smi" : "none";
  out["amd_smi"] = std::move(amd);
  return out.dump();
}

}  // namespace rd
