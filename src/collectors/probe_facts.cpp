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
    {"probes.no_runtime", "bool", "The probe could load no GPU runtime (no libamdhip64 / libcudart, or one lacking entry points)"},
    {"probes.runtime_load_error", "string", "Why no runtime loaded: every file the probe tried and the loader's answer"},
    {"probes.runtime_path", "string", "The runtime file the probe loaded (dlopen, symlinks resolved)"},
    {"probes.runtime_requested", "string", "The runtime the doctor asked for (--runtime)"},
    {"probes.runtime_source", "string", "How the doctor chose it: loader (what programs here load), rocm-root (not on the loader path), or empty (the probe's own search)"},
    {"probes.runtime_version_text", "string", "The loaded runtime's version (6.4.43484; CUDA 13.0)"},
    {"probes.targets", "string", "GPU targets of the code objects embedded in the probe"},
    {"probes.jit", "array", "The JIT step: kernels.hip compiled with the user's hipcc for targets the embedded bundle lacks"},
    {"probes.jit.target", "string", "The target compiled for"},
    {"probes.jit.status", "string", "ok or fail"},
    {"probes.jit.source", "string", "jit-compiled, or jit-cache when an earlier run had compiled it"},
    {"probes.jit.code_object", "string", "The cached code object"},
    {"probes.jit.error", "string", "Why it failed (hipcc's first lines, timeout)"},
    {"probes.jit.elapsed_ms", "number", "How long the compile child ran"},
    {"probes.jit_hipcc", "string", "The hipcc the probe may use to compile its kernels for a GPU without embedded code"},
    {"probes.other_runtimes", "array", "Probe runs on the other HIP runtimes bundled in Python packages (torch/lib …)"},
    {"probes.other_runtimes.path", "string", "The bundled runtime file"},
    {"probes.other_runtimes.package", "string", "The Python package that bundles it"},
    {"probes.other_runtimes.status", "string", "ok, no-device, no-runtime, fail, failed or dead"},
    {"probes.other_runtimes.runtime_version_text", "string", "Its version"},
    {"probes.other_runtimes.device_count", "int", "Devices it sees"},
    {"probes.other_runtimes.kernel_verified", "bool", "The scale kernel ran correctly on device 0 through it"},
    {"probes.other_runtimes.error", "string", "What failed through it"},
    {"probes.other_runtimes.h2d_pinned_gbps", "number", "Pinned H2D through it, device 0"},
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
    {"probes.failed.target", "string", "The GPU target the probe had no kernel for (no embedded code object, no JIT)"},
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
    {"probes.devices.code_object", "string", "Where the kernels came from: embedded, jit-cache or jit-compiled (the user's hipcc)"},
    {"probes.devices.code_object_target", "string", "The target the kernels were compiled for by the user's hipcc"},
    {"probes.devices.code_object_load_ms", "number", "Loading (and compiling) the kernels for this device"},
    {"probes.devices.pci_vendor_id", "string", "PCI vendor id from sysfs (0x1002, 0x10de)"},
    {"probes.devices.pci_device_id", "string", "PCI device id from sysfs"},
    {"probes.devices.memory_gbps", "number", "The GPU's peak memory bandwidth from rules/data/gpu_memory.toml"},
    {"probes.devices.d2d_memory_pct", "number", "D2D copy bandwidth (bytes counted once) as % of the peak memory bandwidth"},
    {"probes.devices.d2d_memory_low", "bool", "D2D below gpu_memory.d2d_low_pct % of the peak memory bandwidth"},
    {"probes.devices.d2d_bytes", "int", "Size of each timed D2D copy (256 MiB: the copy engine's fixed cost under 1%)"},
    {"probes.devices.bidir_pinned_gbps", "number", "H2D and D2H at once on two streams, pinned: bytes of both directions per second"},
    {"probes.devices.bidir_link_pct", "number", "That as % of twice expected_link_gbps (both directions of the link)"},
    {"probes.devices.bidir_low", "bool", "Bidirectional copies below pcie.low_pct % of the link's two directions"},
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
  if (device.contains("bidir_pinned_gbps")) {
    double pct = 100.0 * device["bidir_pinned_gbps"].get<double>() / (2 * expected);
    device["bidir_link_pct"] = pct;
    device["bidir_low"] = pct < low;
  }
}

// D2D against the GPU's peak memory bandwidth (rules/data/gpu_memory.toml, by PCI vendor:device).
void DeriveMemory(json& device, const json& memory) {
  if (!device.contains("pci_vendor_id") || !device.contains("pci_device_id")) return;
  const json& gpus = memory.is_object() && memory.contains("gpu") && memory["gpu"].is_array() ? memory["gpu"] : json::array();
  for (const auto& gpu : gpus) {
    if (!gpu.is_object() || gpu.value("vendor", "") != device["pci_vendor_id"].get<std::string>() ||
        gpu.value("device_id", "") != device["pci_device_id"].get<std::string>() || !gpu.contains("memory_gbps") ||
        !gpu["memory_gbps"].is_number()) {
      continue;
    }
    double peak = gpu["memory_gbps"].get<double>();
    device["memory_gbps"] = peak;
    if (device.contains("d2d_gbps") && peak > 0) {
      double pct = 100.0 * device["d2d_gbps"].get<double>() / peak;
      double low = memory.contains("d2d_low_pct") && memory["d2d_low_pct"].is_number() ? memory["d2d_low_pct"].get<double>() : 25;
      device["d2d_memory_pct"] = pct;
      device["d2d_memory_low"] = pct < low;
    }
    return;
  }
}

void WriteSummaryLine(const json& summary, Facts& facts, const Evidence& evidence) {
  for (const char* key : {"platform", "runtime_path", "runtime_requested", "runtime_version_text", "targets"}) {
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
  facts.Set("probes.no_runtime", status == "no-runtime", evidence);
  if (status == "no-runtime") facts.Set("probes.runtime_load_error", Text(summary, "message"), evidence);
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
      if (auto target = Text(line, "target"); !target.empty()) failed.back()["target"] = target;
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
  for (auto& device : devices) {
    DeriveLink(device, pcie);
    DeriveMemory(device, Table(data, "gpu_memory"));
  }
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
