#include "system/amdsmi_query.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#ifdef ROCM_DOCTOR_HAVE_AMDSMI_H
#include <amd_smi/amdsmi.h>
#endif

namespace rd {

using nlohmann::json;

namespace {

// Debian sid packages libamd_smi.so.27 (libamd-smi27, ROCm 10.1); AMD's packages put it in
// /opt/rocm/lib (.so.26 with ROCm 7.x, .so.27 with 10.x).
constexpr const char* kAmdSmiCandidates[] = {"libamd_smi.so.27", "libamd_smi.so.26", "libamd_smi.so.25", "libamd_smi.so",
                                             "/opt/rocm/lib/libamd_smi.so.27", "/opt/rocm/lib/libamd_smi.so.26",
                                             "/opt/rocm/lib/libamd_smi.so"};

void* OpenLibrary(json& out) {
  std::string first_error;
  for (const char* name : kAmdSmiCandidates) {
    if (void* lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)) {
      out["library"] = name;
      return lib;
    }
    if (const char* e = dlerror(); e && first_error.empty()) first_error = e;
  }
  out["reason"] = "libamd_smi not found: " + first_error;
  return nullptr;
}

}  // namespace

#ifdef ROCM_DOCTOR_HAVE_AMDSMI_H
namespace {

struct AmdSmiApi {
  decltype(&amdsmi_init) init = nullptr;
  decltype(&amdsmi_shut_down) shut_down = nullptr;
  decltype(&amdsmi_status_code_to_string) status_string = nullptr;
  decltype(&amdsmi_get_lib_version) lib_version = nullptr;
  decltype(&amdsmi_get_socket_handles) sockets = nullptr;
  decltype(&amdsmi_get_processor_handles) processors = nullptr;
  decltype(&amdsmi_get_processor_type) processor_type = nullptr;
  decltype(&amdsmi_get_gpu_device_bdf) bdf = nullptr;
  decltype(&amdsmi_get_gpu_device_uuid) uuid = nullptr;
  decltype(&amdsmi_get_gpu_enumeration_info) enumeration = nullptr;
  decltype(&amdsmi_get_gpu_asic_info) asic = nullptr;
  decltype(&amdsmi_get_gpu_driver_info) driver = nullptr;
  decltype(&amdsmi_get_gpu_vbios_info) vbios = nullptr;
  decltype(&amdsmi_get_fw_info) firmware = nullptr;
  decltype(&amdsmi_get_gpu_memory_total) memory_total = nullptr;
  decltype(&amdsmi_get_pcie_info) pcie = nullptr;
  decltype(&amdsmi_get_gpu_ecc_enabled) ecc_enabled = nullptr;
  decltype(&amdsmi_get_gpu_ecc_count) ecc_count = nullptr;
  decltype(&amdsmi_get_gpu_total_ecc_count) ecc_total = nullptr;
  decltype(&amdsmi_get_gpu_bad_page_info) bad_pages = nullptr;
  decltype(&amdsmi_get_gpu_xgmi_link_status) xgmi_links = nullptr;
  decltype(&amdsmi_gpu_xgmi_error_status) xgmi_error = nullptr;
  decltype(&amdsmi_get_violation_status) violation = nullptr;
  decltype(&amdsmi_get_power_cap_info) power_cap = nullptr;
  decltype(&amdsmi_get_gpu_compute_partition) compute_partition = nullptr;
  decltype(&amdsmi_get_gpu_memory_partition) memory_partition = nullptr;
};

template <typename F>
void Bind(void* lib, const char* name, F& fn) {
  fn = reinterpret_cast<F>(dlsym(lib, name));
}

AmdSmiApi BindApi(void* lib) {
  AmdSmiApi a;
  Bind(lib, "amdsmi_init", a.init);
  Bind(lib, "amdsmi_shut_down", a.shut_down);
  Bind(lib, "amdsmi_status_code_to_string", a.status_string);
  Bind(lib, "amdsmi_get_lib_version", a.lib_version);
  Bind(lib, "amdsmi_get_socket_handles", a.sockets);
  Bind(lib, "amdsmi_get_processor_handles", a.processors);
  Bind(lib, "amdsmi_get_processor_type", a.processor_type);
  Bind(lib, "amdsmi_get_gpu_device_bdf", a.bdf);
  Bind(lib, "amdsmi_get_gpu_device_uuid", a.uuid);
  Bind(lib, "amdsmi_get_gpu_enumeration_info", a.enumeration);
  Bind(lib, "amdsmi_get_gpu_asic_info", a.asic);
  Bind(lib, "amdsmi_get_gpu_driver_info", a.driver);
  Bind(lib, "amdsmi_get_gpu_vbios_info", a.vbios);
  Bind(lib, "amdsmi_get_fw_info", a.firmware);
  Bind(lib, "amdsmi_get_gpu_memory_total", a.memory_total);
  Bind(lib, "amdsmi_get_pcie_info", a.pcie);
  Bind(lib, "amdsmi_get_gpu_ecc_enabled", a.ecc_enabled);
  Bind(lib, "amdsmi_get_gpu_ecc_count", a.ecc_count);
  Bind(lib, "amdsmi_get_gpu_total_ecc_count", a.ecc_total);
  Bind(lib, "amdsmi_get_gpu_bad_page_info", a.bad_pages);
  Bind(lib, "amdsmi_get_gpu_xgmi_link_status", a.xgmi_links);
  Bind(lib, "amdsmi_gpu_xgmi_error_status", a.xgmi_error);
  Bind(lib, "amdsmi_get_violation_status", a.violation);
  Bind(lib, "amdsmi_get_power_cap_info", a.power_cap);
  Bind(lib, "amdsmi_get_gpu_compute_partition", a.compute_partition);
  Bind(lib, "amdsmi_get_gpu_memory_partition", a.memory_partition);
  return a;
}

constexpr bool Ok(amdsmi_status_t s) { return s == AMDSMI_STATUS_SUCCESS; }

std::string StatusText(const AmdSmiApi& api, amdsmi_status_t status) {
  const char* text = nullptr;
  if (api.status_string && Ok(api.status_string(status, &text)) && text) return text;
  return "status " + std::to_string(static_cast<int>(status));
}

// A fixed char array from the library, NUL-terminated or not.
template <size_t N>
std::string Text(const char (&buffer)[N]) {
  size_t n = 0;
  while (n < N && buffer[n]) ++n;
  return std::string(buffer, n);
}

// amd-smi's own formatting (amdsmi_interface.py amdsmi_get_fw_info): PM and PLDM_BUNDLE print
// each byte of the 32-bit value in decimal (0x01190605 -> 01.25.06.05), PSP/TA/UVD/VCE/VCN each
// byte in hex, everything else as a plain number. Fleet and rules compare these strings.
std::string FirmwareVersion(amdsmi_fw_block_t id, uint64_t v) {
  auto bytes = [&](const char* format) {
    char out[32];
    std::snprintf(out, sizeof out, format, unsigned((v >> 24) & 0xff), unsigned((v >> 16) & 0xff), unsigned((v >> 8) & 0xff),
                  unsigned(v & 0xff));
    return std::string(out);
  };
  switch (id) {
    case AMDSMI_FW_ID_PM:
    case AMDSMI_FW_ID_PLDM_BUNDLE: return bytes("%02u.%02u.%02u.%02u");
    case AMDSMI_FW_ID_PSP_SOSDRV:
    case AMDSMI_FW_ID_TA_RAS:
    case AMDSMI_FW_ID_TA_XGMI:
    case AMDSMI_FW_ID_UVD:
    case AMDSMI_FW_ID_VCE:
    case AMDSMI_FW_ID_VCN: return bytes("%02X.%02X.%02X.%02X");
    default: return std::to_string(v);
  }
}

// The FW_ID names amd-smi prints (the enum's names without AMDSMI_FW_ID_), for the blocks a
// fleet compares; any other block keeps its number.
std::string FirmwareName(amdsmi_fw_block_t id) {
  switch (id) {
    case AMDSMI_FW_ID_SMU: return "SMU";
    case AMDSMI_FW_ID_CP_MEC1: return "CP_MEC1";
    case AMDSMI_FW_ID_CP_MEC2: return "CP_MEC2";
    case AMDSMI_FW_ID_RLC: return "RLC";
    case AMDSMI_FW_ID_SDMA0: return "SDMA0";
    case AMDSMI_FW_ID_VCN: return "VCN";
    case AMDSMI_FW_ID_PSP_SOSDRV: return "PSP_SOSDRV";
    case AMDSMI_FW_ID_MC: return "MC";
    case AMDSMI_FW_ID_TA_RAS: return "TA_RAS";
    case AMDSMI_FW_ID_TA_XGMI: return "TA_XGMI";
    case AMDSMI_FW_ID_PM: return "PM";
    case AMDSMI_FW_ID_PLDM_BUNDLE: return "PLDM_BUNDLE";
    default: return "FW_ID_" + std::to_string(static_cast<int>(id));
  }
}

// RAS block names as amd-smi prints them (amdsmi_gpu_block_t without AMDSMI_GPU_BLOCK_).
const char* BlockName(uint64_t block) {
  switch (block) {
    case AMDSMI_GPU_BLOCK_UMC: return "UMC";
    case AMDSMI_GPU_BLOCK_SDMA: return "SDMA";
    case AMDSMI_GPU_BLOCK_GFX: return "GFX";
    case AMDSMI_GPU_BLOCK_MMHUB: return "MMHUB";
    case AMDSMI_GPU_BLOCK_ATHUB: return "ATHUB";
    case AMDSMI_GPU_BLOCK_PCIE_BIF: return "PCIE_BIF";
    case AMDSMI_GPU_BLOCK_HDP: return "HDP";
    case AMDSMI_GPU_BLOCK_XGMI_WAFL: return "XGMI_WAFL";
    case AMDSMI_GPU_BLOCK_DF: return "DF";
    case AMDSMI_GPU_BLOCK_SMN: return "SMN";
    case AMDSMI_GPU_BLOCK_SEM: return "SEM";
    case AMDSMI_GPU_BLOCK_MP0: return "MP0";
    case AMDSMI_GPU_BLOCK_MP1: return "MP1";
    case AMDSMI_GPU_BLOCK_FUSE: return "FUSE";
    case AMDSMI_GPU_BLOCK_MCA: return "MCA";
    case AMDSMI_GPU_BLOCK_VCN: return "VCN";
    case AMDSMI_GPU_BLOCK_JPEG: return "JPEG";
    case AMDSMI_GPU_BLOCK_IH: return "IH";
    case AMDSMI_GPU_BLOCK_MPIO: return "MPIO";
    default: return nullptr;
  }
}

void Identity(const AmdSmiApi& api, amdsmi_processor_handle h, json& g) {
  amdsmi_bdf_t bdf{};
  if (api.bdf && Ok(api.bdf(h, &bdf))) {
    char text[32];
    std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", unsigned(bdf.domain_number), unsigned(bdf.bus_number),
                  unsigned(bdf.device_number), unsigned(bdf.function_number));
    g["pci_bdf"] = text;
  }
  char uuid[AMDSMI_GPU_UUID_SIZE + 2] = {};
  unsigned int length = sizeof uuid;
  if (api.uuid && Ok(api.uuid(h, &length, uuid))) g["uuid"] = Text(uuid);
  amdsmi_enumeration_info_t e{};
  if (api.enumeration && Ok(api.enumeration(h, &e))) {
    constexpr uint32_t kNa = std::numeric_limits<uint32_t>::max();
    g["hip_id"] = e.hip_id;
    g["hsa_id"] = e.hsa_id;
    g["drm_card"] = e.drm_card;
    g["drm_render"] = e.drm_render;
    if (e.oam_id != kNa) g["oam_id"] = e.oam_id;
    if (!Text(e.hip_uuid).empty()) g["hip_uuid"] = Text(e.hip_uuid);
  }
  amdsmi_asic_info_t asic{};
  if (api.asic && Ok(api.asic(h, &asic))) {
    g["marketing_name"] = Text(asic.market_name);
    g["device_id"] = asic.device_id;
    if (asic.target_graphics_version != std::numeric_limits<uint64_t>::max()) {
      g["target_graphics_version"] = asic.target_graphics_version;
    }
  }
}

void Versions(const AmdSmiApi& api, amdsmi_processor_handle h, json& g) {
  amdsmi_driver_info_t driver{};
  if (api.driver && Ok(api.driver(h, &driver))) g["driver_version"] = Text(driver.driver_version);
  amdsmi_vbios_info_t vbios{};
  if (api.vbios && Ok(api.vbios(h, &vbios))) g["vbios_version"] = Text(vbios.version);
  amdsmi_fw_info_t fw{};
  if (api.firmware && Ok(api.firmware(h, &fw))) {
    json list = json::array();
    for (uint8_t i = 0; i < fw.num_fw_info && i < AMDSMI_FW_ID__MAX; ++i) {
      const auto& entry = fw.fw_info_list[i];
      list.push_back({{"id", FirmwareName(entry.fw_id)}, {"version", FirmwareVersion(entry.fw_id, entry.fw_version)}});
    }
    g["firmware"] = list;
  }
  uint64_t vram = 0;
  if (api.memory_total && Ok(api.memory_total(h, AMDSMI_MEM_TYPE_VRAM, &vram))) g["vram_total_bytes"] = vram;
}

// amdsmi_pcie_info_t speeds are MT/s (ROCm/rocm-systems#5200: static and metric alike); the
// facts are GT/s like gpus.link_speed. UINT max means "not supported".
void Pcie(const AmdSmiApi& api, amdsmi_processor_handle h, json& g) {
  amdsmi_pcie_info_t p{};
  if (!api.pcie || !Ok(api.pcie(h, &p))) return;
  auto speed = [](uint32_t mts) { return mts == 0 || mts == std::numeric_limits<uint32_t>::max() ? json() : json(mts / 1000.0); };
  auto width = [](uint16_t w) { return w == 0 || w == std::numeric_limits<uint16_t>::max() ? json() : json(w); };
  for (auto [key, value] : {std::pair{"max_link_speed", speed(p.pcie_static.max_pcie_speed)},
                            std::pair{"link_speed", speed(p.pcie_metric.pcie_speed)},
                            std::pair{"max_link_width", width(p.pcie_static.max_pcie_width)},
                            std::pair{"link_width", width(p.pcie_metric.pcie_width)}}) {
    if (!value.is_null()) g[key] = value;
  }
  if (p.pcie_metric.pcie_replay_count != std::numeric_limits<uint64_t>::max()) g["pcie_replay_count"] = p.pcie_metric.pcie_replay_count;
}

// Per block as `amd-smi metric --ecc-blocks` (UMC, GFX, XGMI_WAFL …): XGMI_WAFL's counters are
// the XGMI health source on MI300/MI355, where the xgmi_error node is N/A (rocm-systems#11468).
void Ras(const AmdSmiApi& api, amdsmi_processor_handle h, json& g) {
  uint64_t enabled = 0;
  if (api.ecc_enabled && Ok(api.ecc_enabled(h, &enabled))) g["ecc_enabled_blocks"] = enabled;
  if (api.ecc_count) {
    json blocks = json::array();
    for (uint64_t block = AMDSMI_GPU_BLOCK_FIRST; block <= AMDSMI_GPU_BLOCK_MPIO; block <<= 1) {
      if (enabled && !(enabled & block)) continue;
      amdsmi_error_count_t ec{};
      if (!Ok(api.ecc_count(h, static_cast<amdsmi_gpu_block_t>(block), &ec)) || !BlockName(block)) continue;
      blocks.push_back({{"block", BlockName(block)}, {"correctable", ec.correctable_count},
                        {"uncorrectable", ec.uncorrectable_count}, {"deferred", ec.deferred_count}});
    }
    if (!blocks.empty()) g["ecc"] = blocks;
  }
  amdsmi_error_count_t total{};
  if (api.ecc_total && Ok(api.ecc_total(h, &total))) {
    g["ecc_correctable_total"] = total.correctable_count;
    g["ecc_uncorrectable_total"] = total.uncorrectable_count;
    g["ecc_deferred_total"] = total.deferred_count;
  }
  uint32_t pages = 0;
  if (api.bad_pages && Ok(api.bad_pages(h, &pages, nullptr))) g["bad_pages"] = pages;
}

void Xgmi(const AmdSmiApi& api, amdsmi_processor_handle h, json& g) {
  amdsmi_xgmi_link_status_t links{};
  if (api.xgmi_links && Ok(api.xgmi_links(h, &links))) {
    uint32_t total = links.total_links < AMDSMI_MAX_NUM_XGMI_LINKS ? links.total_links : AMDSMI_MAX_NUM_XGMI_LINKS;
    uint32_t down = 0, up = 0;
    for (uint32_t i = 0; i < total; ++i) {
      down += links.status[i] == AMDSMI_XGMI_LINK_DOWN;
      up += links.status[i] == AMDSMI_XGMI_LINK_UP;
    }
    g["xgmi_links_up"] = up;
    g["xgmi_links_down"] = down;
  }
  amdsmi_xgmi_status_t status{};
  if (api.xgmi_error && Ok(api.xgmi_error(h, &status))) {
    g["xgmi_error"] = status == AMDSMI_XGMI_STATUS_NO_ERRORS ? "no errors"
                      : status == AMDSMI_XGMI_STATUS_ERROR  ? "errors"
                                                            : "multiple errors";
  }
}

// `amd-smi metric -v` (MI300+): percentage of time each limit held the clocks down, and whether
// it does now. UINT64/UINT8 max: not supported.
void Throttle(const AmdSmiApi& api, amdsmi_processor_handle h, json& g) {
  auto v = std::make_unique<amdsmi_violation_status_t>();
  if (!api.violation || !Ok(api.violation(h, v.get()))) return;
  constexpr uint64_t kNa = std::numeric_limits<uint64_t>::max();
  constexpr uint8_t kNa8 = std::numeric_limits<uint8_t>::max();
  struct Limit { const char* name; uint64_t percent; uint8_t active; };
  const Limit limits[] = {{"ppt", v->per_ppt_pwr, v->active_ppt_pwr},
                          {"socket_thermal", v->per_socket_thrm, v->active_socket_thrm},
                          {"prochot", v->per_prochot_thrm, v->active_prochot_thrm},
                          {"vr_thermal", v->per_vr_thrm, v->active_vr_thrm},
                          {"hbm_thermal", v->per_hbm_thrm, v->active_hbm_thrm}};
  json active = json::array();
  for (const auto& limit : limits) {
    if (limit.percent != kNa) g[std::string("throttle_") + limit.name + "_percent"] = limit.percent;
    if (limit.active != kNa8 && limit.active) active.push_back(limit.name);
  }
  g["throttle_active"] = active;
}

void PowerAndPartition(const AmdSmiApi& api, amdsmi_processor_handle h, json& g) {
  amdsmi_power_cap_info_t cap{};
  if (api.power_cap && Ok(api.power_cap(h, 0, &cap))) {  // microwatts on bare-metal Linux
    if (cap.power_cap) g["power_cap_w"] = cap.power_cap / 1e6;
    if (cap.default_power_cap) g["power_cap_default_w"] = cap.default_power_cap / 1e6;
    if (cap.max_power_cap) g["power_cap_max_w"] = cap.max_power_cap / 1e6;
  }
  char text[AMDSMI_MAX_STRING_LENGTH] = {};
  if (api.compute_partition && Ok(api.compute_partition(h, text, sizeof text))) g["compute_partition"] = Text(text);
  char memory[AMDSMI_MAX_STRING_LENGTH] = {};
  if (api.memory_partition && Ok(api.memory_partition(h, memory, sizeof memory))) g["memory_partition"] = Text(memory);
}

std::vector<amdsmi_processor_handle> GpuHandles(const AmdSmiApi& api) {
  std::vector<amdsmi_processor_handle> gpus;
  uint32_t sockets = 0;
  if (!api.sockets || !api.processors || !Ok(api.sockets(&sockets, nullptr)) || sockets == 0) return gpus;
  std::vector<amdsmi_socket_handle> socket_handles(std::min<uint32_t>(sockets, 64));
  sockets = static_cast<uint32_t>(socket_handles.size());
  if (!Ok(api.sockets(&sockets, socket_handles.data()))) return gpus;
  for (uint32_t s = 0; s < sockets && s < socket_handles.size(); ++s) {
    uint32_t count = 0;
    if (!Ok(api.processors(socket_handles[s], &count, nullptr)) || count == 0) continue;
    std::vector<amdsmi_processor_handle> handles(std::min<uint32_t>(count, 64));
    count = static_cast<uint32_t>(handles.size());
    if (!Ok(api.processors(socket_handles[s], &count, handles.data()))) continue;
    for (uint32_t i = 0; i < count && i < handles.size() && gpus.size() < 64; ++i) {
      amdsmi_processor_type_t type{};
      if (api.processor_type && Ok(api.processor_type(handles[i], &type)) && type != AMDSMI_PROCESSOR_TYPE_AMD_GPU) continue;
      gpus.push_back(handles[i]);
    }
  }
  return gpus;
}

}  // namespace

json QueryAmdSmi() {
  json out = {{"compiled", true}, {"available", false}, {"header_version", AMDSMI_LIB_VERSION_STRING}};
  void* lib = OpenLibrary(out);
  if (!lib) return out;
  AmdSmiApi api = BindApi(lib);
  if (!api.init) {
    out["reason"] = "libamd_smi lacks amdsmi_init";
    return out;
  }
  amdsmi_version_t version{};
  if (api.lib_version && Ok(api.lib_version(&version))) {
    out["lib_version"] = std::to_string(version.major) + "." + std::to_string(version.minor) + "." + std::to_string(version.release);
    // The structs this child reads are the header's; another major version may lay them out
    // differently, so a mismatch is reported instead of read.
    if (version.major != AMDSMI_LIB_VERSION_MAJOR) {
      out["reason"] = "libamd_smi " + out["lib_version"].get<std::string>() + " does not match the amdsmi.h " +
                      AMDSMI_LIB_VERSION_STRING + " this rocm-doctor was built with (major version differs)";
      return out;
    }
  }
  amdsmi_status_t status = api.init(AMDSMI_INIT_AMD_GPUS);
  out["status"] = static_cast<int>(status);
  if (!Ok(status)) {
    out["reason"] = "amdsmi_init returned status " + std::to_string(static_cast<int>(status)) + ": " + StatusText(api, status);
    return out;
  }
  auto handles = GpuHandles(api);
  out["gpus"] = json::array();
  for (size_t i = 0; i < handles.size(); ++i) {
    json g = {{"index", i}};
    Identity(api, handles[i], g);
    Versions(api, handles[i], g);
    Pcie(api, handles[i], g);
    Ras(api, handles[i], g);
    Xgmi(api, handles[i], g);
    Throttle(api, handles[i], g);
    PowerAndPartition(api, handles[i], g);
    out["gpus"].push_back(std::move(g));
  }
  if (handles.empty()) {
    // amdsmi_init(AMD_GPUS) succeeds on a machine without amdgpu and finds nothing; say why.
    out["reason"] = "amdsmi_init succeeded but found no AMD GPU (is the amdgpu driver loaded? /sys/module/amdgpu, /dev/dri)";
  } else {
    out["available"] = true;
  }
  if (api.shut_down) api.shut_down();
  return out;
}

#else

json QueryAmdSmi() {
  json out = {{"compiled", false}, {"available", false}};
  // Without the header the library is only looked for, so the report can say it is there.
  if (void* lib = OpenLibrary(out)) {
    dlclose(lib);
    out["reason"] = "this rocm-doctor was built without amd_smi/amdsmi.h (libamd-smi-dev), so it cannot query " +
                    out["library"].get<std::string>();
  } else {
    out["reason"] = "this rocm-doctor was built without amd_smi/amdsmi.h (libamd-smi-dev); " + out["reason"].get<std::string>();
  }
  return out;
}

#endif

}  // namespace rd
