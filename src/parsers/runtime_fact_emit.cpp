#include "parsers/runtime_fact_emit.h"

namespace rd {

namespace {
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

}  // namespace rd
