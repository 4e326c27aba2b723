// GPUs section, part 3: what the ROCm user space sees (rocminfo, rocm_smi_lib), each in a child
// with a short timeout, compared with KFD sysfs. pitfalls.md #7 (override changes the reported
// gfx), #18 (OUT_OF_RESOURCES decode), #22 (ROCR_VISIBLE_DEVICES hides GPUs), #25.
#include <fmt/format.h>

#include "collectors/amd_smi_view.h"
#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/gpu_sysfs.h"
#include "parsers/runtime_fact_emit.h"
#include "system/smi_child.h"
#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kRuntimeOwnFacts = {
    {"rocminfo.ran", "bool", "rocminfo started"},
    {"rocminfo.exit_code", "int", "rocminfo exit status"},
    {"rocminfo.error", "string", "Why rocminfo did not give a listing (first error line, or why it did not start)"},
    {"rocminfo.rock_loaded", "bool", "rocminfo: 'ROCk module is loaded' (false: NOT loaded)"},
    {"rocminfo.wsl", "bool", "rocminfo: 'WSL environment detected.'"},
    {"rocminfo.runtime_version", "string", "HSA runtime version rocminfo reports"},
    {"rocminfo.kfd_open_error", "string", "Why rocminfo could not open /dev/kfd"},
    {"rocminfo.hsa_error", "string", "The 'Call returned HSA_STATUS_…' line"},
    {"rocminfo.hsa_status", "string", "The HSA status name alone"},
    {"rocminfo.group_error", "string", "rocminfo's video/render group complaint"},
    {"rocminfo.complete", "bool", "The listing reached '*** Done ***'"},
    {"rocminfo.gpu_agent_count", "int", "GPU agents in a complete listing"},
    {"rocminfo.gpu_agents", "array", "GPU agents"},
    {"rocminfo.gpu_agents.name", "string", "gfx target the runtime reports (after any override)"},
    {"rocminfo.gpu_agents.marketing_name", "string", "Marketing name"},
    {"rocminfo.gpu_agents.device_type", "string", "GPU"},
    {"rocminfo.gpu_agents.node", "int", "KFD node"},
    {"rocminfo.gpu_agents.compute_units", "int", "Compute units"},
    {"rocminfo.gpu_agents.pool_bytes", "int", "First GLOBAL pool size (rocminfo prints KB)"},
    {"rocminfo.gpu_agents.isa", "string", "Full ISA name with features"},
    {"rocminfo.gpu_agents.features", "string", "Target features (sramecc+:xnack-)"},
    {"rocminfo.gpu_agents.xnack", "bool", "xnack+ in the ISA name"},
    {"rocminfo.gpu_agents.kfd_gfx", "string", "gfx of the same KFD node in sysfs (to compare)"},
    {"rocminfo.kfd_gpu_count", "int", "GPU nodes in KFD sysfs, for comparison"},
    {"rocminfo.sees_fewer_than_kfd", "bool", "A complete rocminfo listing has fewer GPUs than KFD sysfs"},
    {"smi.available", "bool", "rocm_smi_lib initialised and answered"},
    {"smi.status", "int", "rsmi_init status (8 = RSMI_STATUS_INIT_ERROR)"},
    {"smi.reason", "string", "Why rocm_smi is not available"},
    {"smi.source", "string", "rocm_smi_lib (child) or a pasted rocm-smi output"},
    {"smi.format", "string", "Pasted rocm-smi format: table, json or error"},
    {"smi.driver_missing", "bool", "rocm-smi says amdgpu is not in the loaded modules"},
    {"smi.driver_version", "string", "Driver version rocm_smi reports"},
    {"smi.device_count", "int", "Devices rocm_smi lists"},
    {"smi.devices", "array", "Devices rocm_smi lists"},
    {"smi.devices.index", "int", "rocm_smi device index"},
    {"smi.devices.device_id", "string", "PCI device id"},
    {"smi.devices.pci_bdf", "string", "PCI address 0000:03:00.0 (from rocm_smi_lib's BDFID)"},
    {"smi.devices.temperature_c", "number", "Edge temperature"},
    {"smi.devices.power_w", "number", "Average power"},
    {"smi.devices.vram_total_bytes", "int", "VRAM total"},
    {"smi.devices.vram_used_bytes", "int", "VRAM used"},
    {"smi.devices.vram_percent", "number", "VRAM use in percent"},
    {"smi.devices.gpu_percent", "number", "GPU use in percent"},
    {"smi.devices.link_speed", "number", "Current PCIe link speed, GT/s (rocm_smi reports MT/s)"},
    {"smi.devices.link_width", "int", "PCIe lanes"},
    {"smi.devices.vbios_version", "string", "VBIOS version"},
    {"smi.devices.card_series", "string", "Card series"},
    {"smi.devices.gfx", "string", "GFX version"},
    {"summary.runtime", "string", "One-line summary of rocminfo and rocm_smi"},
};

const std::vector<FactSpec> kRuntimeFacts = [] {
  std::vector<FactSpec> v = kRuntimeOwnFacts;
  v.insert(v.end(), AmdSmiViewFacts().begin(), AmdSmiViewFacts().end());
  return v;
}();

// One line a user can act on: the first meaningful thing rocminfo printed.
std::string FirstError(const CommandResult& r, const RocminfoReport& report) {
  if (!r.started) return r.start_error;
  if (r.timed_out) return "rocminfo did not finish within its time limit";
  if (!report.kfd_open_error.empty()) return "Unable to open /dev/kfd read-write: " + report.kfd_open_error;
  if (!report.hsa_error.empty()) return report.hsa_error;
  if (report.rock_loaded == false) return "ROCk module is NOT loaded, possibly no GPU devices";
  for (const auto& line : SplitLines(r.err + "\n" + r.out)) {
    if (!Trim(line).empty()) return Printable(Trim(line), 300);
  }
  return fmt::format("rocminfo exited with {}", r.exit_code);
}

void CollectRocminfo(CollectContext& context, Facts& facts, const KfdView& kfd) {
  CommandSpec spec;
  spec.argv = {"rocminfo"};
  spec.timeout = std::chrono::milliseconds(4000);
  CommandResult r = context.system.Run(spec);
  std::string source = fmt::format("cmd:rocminfo (exit {}, {:.0f} ms)", r.exit_code, r.elapsed_ms);
  facts.Set("rocminfo.ran", r.started, {source, r.started ? "" : r.start_error});
  facts.Set("rocminfo.kfd_gpu_count", kfd.gpus.size(), FileEvidence(kKfdNodes));
  if (!r.started) return;  // not installed: rocminfo.ran = false says it, not an error
  facts.Set("rocminfo.exit_code", r.exit_code, {source, ""});
  RocminfoReport report = ParseRocminfo(r.out + "\n" + r.err);
  EmitRocminfoFacts(report, [&](const std::string& path, nlohmann::json value, const std::string& excerpt) {
    facts.Set(path, std::move(value), {source, excerpt});
  });
  if (r.exit_code != 0 || r.timed_out || !report.complete) facts.Set("rocminfo.error", FirstError(r, report), {source, ""});
  size_t g = 0;
  for (const auto& agent : report.agents) {
    if (agent.device_type != "GPU") continue;
    std::string at = "rocminfo.gpu_agents[" + std::to_string(g++) + "]";
    for (const auto& node : kfd.gpus) {
      if (!agent.node || node.node != *agent.node || !node.props.Get("gfx_target_version")) continue;
      if (auto gfx = GfxNameFromTargetVersion(*node.props.Get("gfx_target_version"))) {
        facts.Set(at + ".kfd_gfx", *gfx, FileEvidence(std::string(kKfdNodes) + "/" + std::to_string(node.node) + "/properties"));
      }
    }
  }
  if (report.complete && kfd.present) facts.Set("rocminfo.sees_fewer_than_kfd", g < kfd.gpus.size(), {source, fmt::format("{} agents vs {} KFD GPU nodes", g, kfd.gpus.size())});
}

void SetSmiDevice(Facts& facts, const std::string& at, const nlohmann::json& d, const std::string& source) {
  for (const char* key : {"index", "vram_total_bytes", "vram_used_bytes", "temperature_c", "power_w", "link_width"}) {
    if (d.contains(key) && d[key].is_number()) facts.Set(at + "." + key, d[key], {source, ""});
  }
  // rocm_smi_lib's BDFID packs domain << 32 | bus << 8 | device << 3 | function; the fact is the
  // address as gpus.pci_bdf and amd-smi write it (issue 13: one form per quantity).
  if (d.contains("bdfid") && d["bdfid"].is_number_unsigned()) {
    auto id = d["bdfid"].get<unsigned long long>();
    facts.Set(at + ".pci_bdf", fmt::format("{:04x}:{:02x}:{:02x}.{:x}", (id >> 32) & 0xffffffff, (id >> 8) & 0xff, (id >> 3) & 0x1f, id & 0x7),
              {source, "bdfid " + std::to_string(id)});
  }
  // The child's answer (and recorded snapshots) carry MT/s; the fact is GT/s like gpus.link_speed.
  if (d.contains("link_rate_mts") && d["link_rate_mts"].is_number()) {
    facts.Set(at + ".link_speed", d["link_rate_mts"].get<double>() / 1000.0, {source, "link_rate_mts " + d["link_rate_mts"].dump()});
  }
  if (d.contains("device_id") && d["device_id"].is_number_unsigned()) facts.Set(at + ".device_id", fmt::format("0x{:04x}", d["device_id"].get<unsigned>()), {source, ""});
  if (d.contains("vbios_version") && d["vbios_version"].is_string()) facts.Set(at + ".vbios_version", Printable(d["vbios_version"].get<std::string>(), 80), {source, ""});
}

// libamd_smi, else rocm_smi_lib, in a child (system/smi_child.h): a crash, hang or stderr
// stays there, and is a finding (runtime.smi-unavailable says which).
void CollectSmi(CollectContext& context, Facts& facts) {
  CommandSpec spec;
  spec.argv = {"/proc/self/exe", kSmiChildCommand};
  spec.timeout = std::chrono::milliseconds(3000);
  CommandResult r = context.system.Run(spec);
  std::string source = "rocm-doctor internal-smi child (libamd_smi, rocm_smi_lib)";
  auto doc = JsonDepthOk(r.out) ? nlohmann::json::parse(r.out, nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
  if (!r.started) {
    facts.MarkAbsent("smi", "the management-library child did not start: " + r.start_error);
    facts.MarkAbsent("amd_smi", "the management-library child did not start: " + r.start_error);
    return;
  }
  if (r.timed_out || r.signal != 0 || doc.is_discarded() || !doc.is_object()) {
    std::string why = r.timed_out ? "the management-library query (libamd_smi / rocm_smi_lib) hung and was stopped after 3 s"
                      : r.signal ? fmt::format("the management-library query (libamd_smi / rocm_smi_lib) crashed (signal {})", r.signal)
                                 : "the management-library query (libamd_smi / rocm_smi_lib) printed no result";
    facts.Set("smi.source", "rocm_smi_lib");
    facts.Set("smi.available", false, {source, why});
    facts.Set("smi.reason", why);
    SetAmdSmiChildFailed(why, source, facts);
    return;
  }
  SetAmdSmiFacts(doc, source, facts);
  if (doc.value("skipped", false)) {  // amd-smi answered; rocm_smi was not asked (issue 18)
    facts.MarkAbsent("smi", doc.value("reason", "rocm_smi not queried"));
    return;
  }
  facts.Set("smi.source", "rocm_smi_lib");
  bool available = doc.value("available", false);
  facts.Set("smi.available", available, {source, doc.value("library", "")});
  if (doc.contains("status") && doc["status"].is_number_integer()) facts.Set("smi.status", doc["status"], {source, ""});
  if (doc.contains("reason") && doc["reason"].is_string()) facts.Set("smi.reason", Printable(doc["reason"].get<std::string>(), 300), {source, ""});
  if (!available) return;
  if (doc.contains("driver_version") && doc["driver_version"].is_string()) facts.Set("smi.driver_version", Printable(doc["driver_version"].get<std::string>(), 60), {source, ""});
  facts.Set("smi.device_count", doc.value("device_count", 0), {source, ""});
  const auto& devices = doc.contains("devices") && doc["devices"].is_array() ? doc["devices"] : nlohmann::json::array();
  for (size_t i = 0; i < devices.size() && i < 64; ++i) {
    if (devices[i].is_object()) SetSmiDevice(facts, "smi.devices[" + std::to_string(i) + "]", devices[i], source);
  }
}

std::string Summary(const Facts& facts) {
  auto error = facts.Get("rocminfo.error");
  auto count = facts.Get("rocminfo.gpu_agent_count");
  std::string rocminfo = error.value ? "rocminfo: " + error.value->get<std::string>()
                         : count.value ? "rocminfo: " + count.value->dump() + " GPU agent(s)" : "rocminfo: not run";
  auto library = facts.Get("mgmt.library");
  if (library.value && *library.value == "amd_smi") {
    auto gpus = facts.Get("amd_smi.gpu_count");
    return rocminfo + " · amd-smi: " + (gpus.value ? gpus.value->dump() : std::string("?")) + " GPU(s)";
  }
  // ux-review m3, m19: the count rocm_smi sees, and a failed init as its status; rsmi's own
  // sentence (170 characters) is the finding's, runtime.smi-unavailable.
  auto smi = facts.Get("smi.available");
  auto status = facts.Get("smi.status");
  auto devices = facts.Get("smi.device_count");
  std::string smi_text = smi.value && smi.value->get<bool>()
                             ? "rocm_smi: " + (devices.value ? devices.value->dump() + " GPU(s)" : std::string("available"))
                         : status.value && status.value->is_number_integer() && status.value->get<long long>() != 0
                             ? "rocm_smi: init failed (status " + status.value->dump() + ")"
                             : "rocm_smi: not available";
  return rocminfo + " · " + smi_text;
}

void CollectRuntimeViews(CollectContext& context, Facts& facts) {
  if (context.quick) {  // both views are child processes
    facts.MarkAbsent("rocminfo", "not run: check --quick");
    facts.MarkAbsent("smi", "not run: check --quick");
    facts.MarkAbsent("amd_smi", "not run: check --quick");
    facts.MarkAbsent("mgmt", "not run: check --quick");
    facts.Set("summary.runtime", "rocminfo and rocm_smi not run (--quick)");
    return;
  }
  KfdView kfd = ReadKfdTopology(context);
  CollectRocminfo(context, facts, kfd);
  CollectSmi(context, facts);
  facts.Set("summary.runtime", Summary(facts));
}

}  // namespace

Collector RuntimeViewsCollector() { return {"runtime", "gpu", CollectRuntimeViews, &kRuntimeFacts}; }

}  // namespace rd
