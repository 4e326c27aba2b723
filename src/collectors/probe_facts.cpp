// Probe output -> facts. Only fields named in the catalog are copied, and only with the declared
// JSON type, so whatever a broken probe prints cannot inject other facts.
#include "collectors/probe_facts.h"

#include <fmt/format.h>

#include "util/strings.h"

namespace rd {

namespace {

using json = nlohmann::json;

const std::vector<FactSpec> kProbeFacts = {
    {"probes.status", "string", "ok, no-device, failed (a probe reported failure), dead (a probe hung or crashed), runtime-error, not-found"},
    {"probes.binary", "string", "The rocm-doctor-probe that ran"},
    {"probes.searched", "string", "Where the doctor looked for rocm-doctor-probe"},
    {"probes.platform", "string", "hip or cuda: the runtime the probe was built for"},
    {"probes.runtime_version", "int", "hipRuntimeGetVersion / cudaRuntimeGetVersion"},
    {"probes.driver_version", "int", "hipDriverGetVersion / cudaDriverGetVersion"},
    {"probes.device_count", "int", "Devices the runtime sees (after *_VISIBLE_DEVICES)"},
    {"probes.no_device", "bool", "The runtime reported no device (hipErrorNoDevice)"},
    {"probes.runtime_error", "string", "hipGetDeviceCount's error when it is not 'no device'"},
    {"probes.visible_devices", "string", "HIP/ROCR/CUDA_VISIBLE_DEVICES the probe saw"},
    {"probes.elapsed_ms", "number", "Wall time of all probe runs"},
    {"probes.children", "int", "How many probe processes ran"},
    {"probes.not_run", "array", "Probes not run because an earlier one hung"},
    {"probes.output_held_open", "bool", "A probe child exited while a process it started in another session still held its output (that process was left running)"},
    {"probes.dead", "array", "Probes that hung, crashed, exited non-zero or printed garbage"},
    {"probes.dead.name", "string", "The probe that was running, or rocm-doctor-probe when none had started"},
    {"probes.dead.probe", "string", "The probe that was running; empty when none had started (rerun them all)"},
    {"probes.dead.why", "string", "timed out / killed by signal / exit status / garbage"},
    {"probes.dead.stderr", "string", "Its last stderr lines"},
    {"probes.dead.log", "string", "Relevant AMD_LOG_LEVEL lines of one re-run"},
    {"probes.failed", "array", "Probes that ran and reported a failed call or wrong data"},
    {"probes.failed.name", "string", "Probe name"},
    {"probes.failed.device", "int", "Device index"},
    {"probes.failed.error", "string", "Runtime error name, or 'verification'"},
    {"probes.failed.message", "string", "What failed"},
    {"probes.failed.log", "string", "Relevant AMD_LOG_LEVEL lines of one re-run"},
    {"probes.skipped", "array", "Probes that do not apply (p2p with one GPU): name and reason"},
    {"probes.p2p.can_access_peer", "array", "hipDeviceCanAccessPeer matrix"},
    {"probes.p2p.peer_copies", "array", "Peer copy bandwidth per pair: src, dst, gbps"},
    {"probes.devices", "array", "Per device, what the probes measured"},
    {"probes.devices.name", "string", "Device name"},
    {"probes.devices.arch", "string", "gcnArchName with features (gfx90a:sramecc+:xnack-) or sm_XY"},
    {"probes.devices.compute_units", "int", "CUs / SMs"},
    {"probes.devices.memory_bytes", "int", "Device memory"},
    {"probes.devices.pci_bus_id", "string", "PCI bus id (dddd:bb:dd.f)"},
    {"probes.devices.async_engines", "int", "Copy engines"},
    {"probes.devices.concurrent_kernels", "bool", "Can run kernels concurrently"},
    {"probes.devices.large_bar", "bool", "Large BAR (AMD)"},
    {"probes.devices.link_gen", "int", "PCIe generation right after the pinned copies"},
    {"probes.devices.link_width", "int", "PCIe width right after the pinned copies"},
    {"probes.devices.max_link_gen", "int", "Highest PCIe generation of the link"},
    {"probes.devices.max_link_width", "int", "Widest PCIe width of the link"},
    {"probes.devices.link_source", "string", "nvml or sysfs"},
    {"probes.devices.idle_link_gen", "int", "PCIe generation at start (idle links downshift)"},
    {"probes.devices.idle_link_width", "int", "PCIe width at start"},
    {"probes.devices.link_below_max", "bool", "Under load the link ran below its maximum gen or width"},
    {"probes.devices.expected_link_gbps", "number", "Per-direction PCIe limit for link_gen x link_width (rules/data/pcie.toml)"},
    {"probes.devices.h2d_pinned_link_pct", "number", "Pinned H2D bandwidth as % of expected_link_gbps"},
    {"probes.devices.d2h_pinned_link_pct", "number", "Pinned D2H bandwidth as % of expected_link_gbps"},
    {"probes.devices.pinned_bandwidth_low", "bool", "Pinned H2D or D2H below pcie.low_pct % of expected_link_gbps"},
    {"probes.devices.scale_verified", "bool", "The scale kernel's every value was right"},
    {"probes.devices.launch_latency_us", "number", "Median empty kernel launch + synchronize"},
    {"probes.devices.targets", "string", "GPU targets the probe was built for"},
    {"probes.devices.copy_bytes", "int", "Size of each timed copy"},
    {"probes.devices.h2d_pinned_gbps", "number", "Host to device, pinned, median, GB/s (1e9 B/s)"},
    {"probes.devices.d2h_pinned_gbps", "number", "Device to host, pinned"},
    {"probes.devices.h2d_pinned_default_kind_gbps", "number", "H2D pinned with hipMemcpyDefault"},
    {"probes.devices.h2d_pageable_gbps", "number", "Host to device, pageable (malloc)"},
    {"probes.devices.d2h_pageable_gbps", "number", "Device to host, pageable"},
    {"probes.devices.d2d_gbps", "number", "Device to device, bytes counted once"},
    {"probes.devices.async_h2d_pinned_blocks", "bool", "hipMemcpyAsync H2D from pinned memory blocked the host"},
    {"probes.devices.async_d2h_pinned_blocks", "bool", "hipMemcpyAsync D2H to pinned memory blocked the host"},
    {"probes.devices.async_h2d_pageable_blocks", "bool", "hipMemcpyAsync H2D from pageable memory blocked the host"},
    {"probes.devices.async_d2h_pageable_blocks", "bool", "hipMemcpyAsync D2H to pageable memory blocked the host"},
    {"probes.devices.async_h2d_pinned_call_ms", "number", "How long that call took"},
    {"probes.devices.async_d2h_pinned_call_ms", "number", "How long that call took"},
    {"probes.devices.async_h2d_pageable_call_ms", "number", "How long that call took"},
    {"probes.devices.async_d2h_pageable_call_ms", "number", "How long that call took"},
    {"probes.devices.spin_timeout_ms", "number", "The bounded spin that held the stream"},
    {"probes.devices.overlap_fraction", "number", "Copy/compute overlap on two non-blocking streams (1 full, 0 none)"},
    {"probes.devices.overlap_copy_ms", "number", "4 pinned H2D copies alone (events)"},
    {"probes.devices.overlap_kernel_ms", "number", "The spin kernel alone"},
    {"probes.devices.overlap_both_ms", "number", "Both on two non-blocking streams"},
    {"probes.devices.null_spin_alone_ms", "number", "One 10 ms spin kernel, launch to synchronize"},
    {"probes.devices.null_with_blocking_ms", "number", "Spin on a blocking stream + spin on the null stream"},
    {"probes.devices.null_with_non_blocking_ms", "number", "Spin on a non-blocking stream + spin on the null stream"},
    {"probes.devices.streams8_wall_ms", "number", "One 10 ms spin on each of 8 streams"},
    {"probes.devices.null_stream_serializes", "bool", "Null-stream work waited for a blocking stream"},
    {"probes.devices.non_blocking_overlaps_null", "bool", "A non-blocking stream ran beside the null stream"},
    {"probes.devices.streams8_concurrent", "number", "How many of 8 streams ran kernels at once"},
    {"probes.devices.gpu_max_hw_queues", "string", "GPU_MAX_HW_QUEUES the probe saw"},
    {"probes.devices.event_order_ok", "bool", "Event recorded after a copy + hipStreamWaitEvent gave correct data"},
    {"probes.devices.event_before_copy_reads_stale", "bool", "An event recorded before the copy let the kernel read old data"},
    {"summary.probes", "string", "One-line summary of the runtime probes"},
};

bool TypeMatches(const std::string& type, const json& value) {
  if (type == "string") return value.is_string();
  if (type == "int") return value.is_number_integer();
  if (type == "number") return value.is_number();
  if (type == "bool") return value.is_boolean();
  return false;
}

std::string Text(const json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? Printable(j[key].get<std::string>(), 300) : std::string();
}

// Copies the catalog's probes.devices.* fields of one result line into devices[index].
void CopyDeviceFields(const json& line, json& device) {
  static const std::string prefix = "probes.devices.";
  for (const auto& spec : kProbeFacts) {
    std::string path = spec.path;
    if (path.rfind(prefix, 0) != 0) continue;
    std::string key = path.substr(prefix.size());
    if (line.contains(key) && TypeMatches(spec.type, line[key])) device[key] = line[key];
  }
}

// A sub-table of rules data, or an empty object when it is missing or not a table (value()
// throws on a non-object).
const json& Table(const json& data, const char* key) {
  static const json empty = json::object();
  auto it = data.is_object() ? data.find(key) : data.end();
  return data.is_object() && it != data.end() && it->is_object() ? *it : empty;
}

double PerLane(const json& pcie, int gen) {
  const json& table = Table(pcie, "per_lane_gbps");
  std::string key = fmt::format("gen{}", gen);
  return table.contains(key) && table[key].is_number() ? table[key].get<double>() : 0;
}

void DeriveLink(json& device, const json& pcie) {
  if (!device.contains("link_gen") || !device.contains("link_width")) return;
  int gen = device["link_gen"].get<int>(), width = device["link_width"].get<int>();
  double expected = PerLane(pcie, gen) * width;
  if (device.contains("max_link_gen") && device.contains("max_link_width") && device["max_link_gen"].get<int>() > 0) {
    device["link_below_max"] = gen < device["max_link_gen"].get<int>() || width < device["max_link_width"].get<int>();
  }
  if (expected <= 0) return;
  device["expected_link_gbps"] = expected;
  double low = pcie.contains("low_pct") && pcie["low_pct"].is_number() ? pcie["low_pct"].get<double>() : 60;
  bool below = false;
  for (const char* dir : {"h2d", "d2h"}) {
    std::string key = fmt::format("{}_pinned_gbps", dir);
    if (!device.contains(key)) continue;
    double pct = 100.0 * device[key].get<double>() / expected;
    device[fmt::format("{}_pinned_link_pct", dir)] = pct;
    below = below || pct < low;
  }
  device["pinned_bandwidth_low"] = below;
}

void WriteSummaryLine(const json& summary, Facts& facts, const Evidence& evidence) {
  for (const char* key : {"platform"}) {
    if (auto text = Text(summary, key); !text.empty()) facts.Set(std::string("probes.") + key, text, evidence);
  }
  for (const char* key : {"runtime_version", "driver_version", "device_count"}) {
    if (summary.contains(key) && summary[key].is_number_integer()) facts.Set(std::string("probes.") + key, summary[key], evidence);
  }
  std::vector<std::string> visible;
  for (const char* key : {"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"}) {
    if (auto text = Text(summary, key); !text.empty()) visible.push_back(std::string(key) + "=" + text);
  }
  if (!visible.empty()) facts.Set("probes.visible_devices", Join(visible, " "), evidence);
  std::string status = Text(summary, "status");
  facts.Set("probes.no_device", status == "no-device", evidence);
  if (status == "fail") facts.Set("probes.runtime_error", Text(summary, "error") + ": " + Text(summary, "message"), evidence);
}

}  // namespace

const std::vector<FactSpec>& ProbeFactSpecs() { return kProbeFacts; }

void WriteProbeFacts(const ProbeRun& run, const json& data, const Evidence& evidence, Facts& facts) {
  json devices = json::array(), failed = json::array(), skipped = json::array(), dead = json::array();
  WriteSummaryLine(run.summary, facts, evidence);
  for (const auto& line : run.results) {
    std::string name = Text(line, "probe"), status = Text(line, "status");
    int device = line.contains("device") && line["device"].is_number_integer() ? line["device"].get<int>() : -1;
    if (status == "fail") {
      failed.push_back({{"name", name}, {"device", device}, {"error", Text(line, "error")}, {"message", Text(line, "message")}});
    } else if (status == "skipped") {
      skipped.push_back({{"name", name}, {"reason", Text(line, "reason")}});
    } else if (status == "ok" && name == "p2p") {
      // Declared arrays: anything else a broken probe prints there is dropped.
      if (line.contains("can_access_peer") && line["can_access_peer"].is_array()) facts.Set("probes.p2p.can_access_peer", line["can_access_peer"], evidence);
      if (line.contains("peer_copies") && line["peer_copies"].is_array()) facts.Set("probes.p2p.peer_copies", line["peer_copies"], evidence);
    } else if (status == "ok" && device >= 0 && device < 64) {
      while (static_cast<int>(devices.size()) <= device) devices.push_back(json::object());
      CopyDeviceFields(line, devices[static_cast<size_t>(device)]);
    }
  }
  const json& pcie = Table(data, "pcie");
  for (auto& device : devices) DeriveLink(device, pcie);
  for (const auto& d : run.dead) {
    dead.push_back({{"name", d.name}, {"probe", d.name == kWholeRun ? "" : d.name}, {"why", d.why},
                    {"stderr", Join(d.stderr_tail, "\n")}, {"log", Join(d.log_lines, "\n")}});
  }
  facts.Set("probes.devices", devices, evidence);
  facts.Set("probes.failed", failed, evidence);
  facts.Set("probes.skipped", skipped, evidence);
  facts.Set("probes.dead", dead, evidence);
  facts.Set("probes.not_run", run.not_run, evidence);
  facts.Set("probes.output_held_open", run.output_held_open, evidence);
  facts.Set("probes.elapsed_ms", run.elapsed_ms);
  facts.Set("probes.children", run.children);
}

}  // namespace rd
