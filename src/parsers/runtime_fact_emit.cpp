#include "parsers/runtime_fact_emit.h"

#include <algorithm>

#include "util/whole_number.h"

namespace rd {

namespace {

// 32.0 GT/s from the library and "32 GT/s" from a paste are one value: whole numbers are integers.
nlohmann::json WholeAsInteger(const nlohmann::json& v) {
  if (v.is_number_float()) {
    if (auto whole = WholeNumber(v.get<double>())) return *whole;
  }
  return v;
}

// RAS blocks in amdsmi_gpu_block_t order (a pasted JSON object comes back sorted by name).
std::vector<nlohmann::json> SortedEccBlocks(const nlohmann::json& blocks) {
  static const std::vector<std::string> kOrder = {"UMC", "SDMA", "GFX", "MMHUB", "ATHUB", "PCIE_BIF", "HDP", "XGMI_WAFL", "DF", "SMN",
                                                  "SEM", "MP0", "MP1", "FUSE", "MCA", "VCN", "JPEG", "IH", "MPIO"};
  auto rank = [](const nlohmann::json& b) {
    std::string name = b.contains("block") && b["block"].is_string() ? b["block"].get<std::string>() : "";
    auto it = std::find(kOrder.begin(), kOrder.end(), name);
    return static_cast<size_t>(it - kOrder.begin());
  };
  std::vector<nlohmann::json> out;
  for (const auto& b : blocks) {
    if (b.is_object()) out.push_back(b);
  }
  std::stable_sort(out.begin(), out.end(), [&](const nlohmann::json& a, const nlohmann::json& b) { return rank(a) < rank(b); });
  return out;
}
void EmitAgent(const RocminfoAgent& agent, const std::string& at, const FactSink& set) {
  if (!agent.name.empty()) set(at + ".name", agent.name, "Name: " + agent.name);
  if (!agent.marketing_name.empty()) set(at + ".marketing_name", agent.marketing_name, "");
  if (!agent.device_type.empty()) set(at + ".device_type", agent.device_type, "");
  if (agent.node) set(at + ".node", *agent.node, "Node: " + std::to_string(*agent.node));
  if (agent.compute_units) set(at + ".compute_units", *agent.compute_units, "");
  if (agent.global_pool_bytes) set(at + ".pool_bytes", *agent.global_pool_bytes, "");
  if (!agent.isas.empty()) {
    auto [gfx, features] = SplitIsaName(agent.isas.front());
    set(at + ".isa", agent.isas.front(), agent.isas.front());
    set(at + ".features", features, "");
    set(at + ".xnack", features.find("xnack+") != std::string::npos, "");
  }
}
}  // namespace

void EmitRocminfoFacts(const RocminfoReport& r, const FactSink& set) {
  if (r.rock_loaded) set("rocminfo.rock_loaded", *r.rock_loaded, *r.rock_loaded ? "ROCk module is loaded" : "ROCk module is NOT loaded");
  if (r.wsl) set("rocminfo.wsl", true, "WSL environment detected.");
  if (!r.runtime_version.empty()) set("rocminfo.runtime_version", r.runtime_version, "Runtime Version: " + r.runtime_version);
  if (!r.kfd_open_error.empty()) set("rocminfo.kfd_open_error", r.kfd_open_error, "Unable to open /dev/kfd read-write: " + r.kfd_open_error);
  if (!r.hsa_error.empty()) {
    set("rocminfo.hsa_error", r.hsa_error, r.hsa_error);
    set("rocminfo.hsa_status", r.hsa_status, r.hsa_error);
  }
  if (!r.group_error.empty()) set("rocminfo.group_error", r.group_error, r.group_error);
  // The line a user would quote; the live collector refines it with the exit status.
  std::string error = !r.kfd_open_error.empty() ? "Unable to open /dev/kfd read-write: " + r.kfd_open_error
                      : !r.hsa_error.empty()    ? r.hsa_error
                      : r.rock_loaded == false  ? std::string("ROCk module is NOT loaded, possibly no GPU devices")
                                                : std::string();
  if (!error.empty()) set("rocminfo.error", error, error);
  set("rocminfo.complete", r.complete, r.complete ? "*** Done ***" : "no '*** Done ***' line: output cut short or rocminfo failed");
  int gpus = 0;
  for (size_t i = 0, g = 0; i < r.agents.size(); ++i) {
    // A cut paste may end before "Device Type:"; a gfx name is a GPU all the same.
    bool gpu = r.agents[i].device_type == "GPU" || (r.agents[i].device_type.empty() && r.agents[i].name.rfind("gfx", 0) == 0);
    if (!gpu) continue;
    EmitAgent(r.agents[i], "rocminfo.gpu_agents[" + std::to_string(g++) + "]", set);
    ++gpus;
  }
  // A count only from a whole listing: half a paste must not look like "fewer GPUs".
  if (r.complete) set("rocminfo.gpu_agent_count", gpus, "*** Done ***");
}

void EmitSmiOutputFacts(const SmiOutput& o, const FactSink& set) {
  set("smi.format", o.format, "");
  if (!o.error.empty()) set("smi.reason", o.error, o.error);
  if (o.driver_missing) set("smi.driver_missing", true, "amdgpu not found in modules");
  if (!o.driver_version.empty()) set("smi.driver_version", o.driver_version, "Driver version: " + o.driver_version);
  if (o.format == "error") set("smi.available", false, o.error);
  if (!o.devices.empty()) set("smi.available", true, "");
  for (size_t i = 0; i < o.devices.size(); ++i) {
    const auto& d = o.devices[i];
    std::string at = "smi.devices[" + std::to_string(i) + "]";
    set(at + ".index", d.index, "");
    if (!d.device_id.empty()) set(at + ".device_id", d.device_id, "");
    if (d.temperature_c) set(at + ".temperature_c", *d.temperature_c, "");
    if (d.power_w) set(at + ".power_w", *d.power_w, "");
    if (d.vram_percent) set(at + ".vram_percent", *d.vram_percent, "");
    if (d.gpu_percent) set(at + ".gpu_percent", *d.gpu_percent, "");
    if (d.vram_total_bytes) set(at + ".vram_total_bytes", *d.vram_total_bytes, "");
    if (d.vram_used_bytes) set(at + ".vram_used_bytes", *d.vram_used_bytes, "");
    if (!d.vbios_version.empty()) set(at + ".vbios_version", d.vbios_version, "");
    if (!d.card_series.empty()) set(at + ".card_series", d.card_series, "");
    if (!d.gfx.empty()) set(at + ".gfx", d.gfx, "");
  }
  if (o.complete) set("smi.device_count", static_cast<int>(o.devices.size()), "");
}

void EmitAmdSmiGpuFacts(const AmdSmiGpu& gpu, const std::string& at, const FactSink& set) {
  set(at + ".index", gpu.index, "");
  auto str = [&](const char* key, const std::string& value) {
    if (!value.empty()) set(at + "." + key, value, "");
  };
  str("pci_bdf", gpu.bdf);
  str("uuid", gpu.uuid);
  str("marketing_name", gpu.marketing_name);
  str("gfx", gpu.gfx);
  str("device_id", gpu.device_id);
  str("driver_version", gpu.driver_version);
  str("vbios_version", gpu.vbios_version);
  // Whole numbers stay integers ("42", not "42.0").
  auto num = [&](const char* key, const std::optional<double>& value) {
    if (!value) return;
    if (auto whole = WholeNumber(*value)) set(at + "." + key, *whole, "");
    else set(at + "." + key, *value, "");
  };
  num("gpu_percent", gpu.gfx_activity);
  num("socket_power_w", gpu.socket_power_w);
  num("hotspot_c", gpu.hotspot_c);
  for (size_t f = 0; f < gpu.firmware.size(); ++f) {
    std::string fw = at + ".firmware[" + std::to_string(f) + "]";
    set(fw + ".id", gpu.firmware[f].first, gpu.firmware[f].first + " " + gpu.firmware[f].second);
    set(fw + ".version", gpu.firmware[f].second, "");
  }
  for (const auto& [key, value] : gpu.health.items()) {
    if (key == "ecc" && value.is_array()) {
      auto blocks = SortedEccBlocks(value);
      for (size_t b = 0; b < blocks.size() && b < 64; ++b) {
        for (const auto& [field, count] : blocks[b].items()) set(at + ".ecc[" + std::to_string(b) + "]." + field, count, "");
      }
    } else {
      set(at + "." + key, WholeAsInteger(value), "");
    }
  }
}

}  // namespace rd
