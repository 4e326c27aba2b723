// Node health (issue 18): amd_smi.gpus[] from libamd_smi or a pasted amd-smi output, judged
// against the thresholds and the minimum-firmware table of rules/data/gpu_health.toml, on every
// route (live, --replay, --from, triage), so a rule or `fleet` reads one verdict per GPU and one
// summary per node (gpu_health.*).
#include <fmt/format.h>

#include <map>
#include <set>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"
#include "util/version.h"
#include "util/whole_number.h"

namespace rd {

namespace {

using nlohmann::json;

struct Limits {
  double ue_max = 0, ce_max = 1000, retired_max = 0, wafl_ue_max = 0, wafl_ce_max = 1000;
  double thermal_max = 0, ppt_max = 50, cap_fraction = 0.9;
  std::vector<std::string> speed_names = {"Instinct"};
  json firmware = json::array();
};

double Num(const json& table, const char* section, const char* key, double fallback) {
  if (!table.contains(section) || !table[section].is_object() || !table[section].contains(key)) return fallback;
  const json& v = table[section][key];
  return v.is_number() ? v.get<double>() : fallback;
}

Limits LimitsFrom(const json& data) {
  Limits l;
  const json& t = DataTable(data, "gpu_health");
  if (t.empty()) return l;
  l.ue_max = Num(t, "ecc", "uncorrectable_max", l.ue_max);
  l.ce_max = Num(t, "ecc", "correctable_max", l.ce_max);
  l.retired_max = Num(t, "bad_pages", "retired_max", l.retired_max);
  l.wafl_ue_max = Num(t, "xgmi", "wafl_uncorrectable_max", l.wafl_ue_max);
  l.wafl_ce_max = Num(t, "xgmi", "wafl_correctable_max", l.wafl_ce_max);
  l.thermal_max = Num(t, "throttle", "thermal_percent_max", l.thermal_max);
  l.ppt_max = Num(t, "throttle", "ppt_percent_max", l.ppt_max);
  l.cap_fraction = Num(t, "power_cap", "below_fraction", l.cap_fraction);
  if (t.contains("pcie") && t["pcie"].contains("speed_checked_names") && t["pcie"]["speed_checked_names"].is_array()) {
    l.speed_names.clear();
    for (const auto& n : t["pcie"]["speed_checked_names"]) {
      if (n.is_string()) l.speed_names.push_back(n.get<std::string>());
    }
  }
  if (t.contains("firmware_min") && t["firmware_min"].is_array()) l.firmware = t["firmware_min"];
  return l;
}

std::optional<double> Number(const json& gpu, const char* key) {
  if (gpu.contains(key) && gpu[key].is_number()) return gpu[key].get<double>();
  return std::nullopt;
}

std::string Count(double v) { return fmt::format("{}", ClampToInteger(v)); }
std::string Speed(double gts) { return WholeNumber(gts) ? Count(gts) : fmt::format("{:.1f}", gts); }

struct GpuVerdict {
  std::string at;     ///< amd_smi.gpus[N]
  std::string label;  ///< "GPU 3 (0000:05:00.0)"
  std::vector<std::pair<std::string, std::string>> problems;  ///< (kind, text)
};

void Ecc(Facts& facts, const json& gpu, const Limits& l, GpuVerdict& v) {
  auto ue = Number(gpu, "ecc_uncorrectable_total"), ce = Number(gpu, "ecc_correctable_total");
  double wafl_ue = 0, wafl_ce = 0;
  bool wafl = false;
  // Per-block counts when the totals are missing (a pasted `metric --ecc-blocks` alone).
  double block_ue = 0, block_ce = 0;
  bool blocks = false;
  if (gpu.contains("ecc") && gpu["ecc"].is_array()) {
    for (const auto& b : gpu["ecc"]) {
      double bu = b.value("uncorrectable", 0.0), bc = b.value("correctable", 0.0);
      blocks = true;
      block_ue += bu;
      block_ce += bc;
      if (Field(b, "block") == "XGMI_WAFL") {
        wafl = true;
        wafl_ue = bu;
        wafl_ce = bc;
      }
    }
  }
  if (!ue && blocks) ue = block_ue;
  if (!ce && blocks) ce = block_ce;
  Evidence ev{"derived", "rules/data/gpu_health.toml [ecc]"};
  if (ue) {
    facts.Set(v.at + ".ecc_uncorrectable_over", *ue > l.ue_max, ev);
    if (*ue > l.ue_max) v.problems.push_back({"ecc", Count(*ue) + " uncorrectable ECC error(s)"});
  }
  if (ce) {
    facts.Set(v.at + ".ecc_correctable_over", *ce > l.ce_max, ev);
    if (*ce > l.ce_max) v.problems.push_back({"ecc", Count(*ce) + " correctable ECC errors"});
  }
  if (wafl) {
    facts.Set(v.at + ".xgmi_wafl_uncorrectable", ClampToInteger(wafl_ue), ev);
    facts.Set(v.at + ".xgmi_wafl_correctable", ClampToInteger(wafl_ce), ev);
  }
  if (auto pages = Number(gpu, "bad_pages")) {
    facts.Set(v.at + ".bad_pages_over", *pages > l.retired_max, {"derived", "rules/data/gpu_health.toml [bad_pages]"});
    if (*pages > l.retired_max) v.problems.push_back({"ecc", Count(*pages) + " retired page(s)"});
  }
}

void Link(Facts& facts, const json& gpu, const Limits& l, GpuVerdict& v) {
  auto speed = Number(gpu, "link_speed"), max_speed = Number(gpu, "max_link_speed");
  auto width = Number(gpu, "link_width"), max_width = Number(gpu, "max_link_width");
  if (!(speed && max_speed) && !(width && max_width)) return;
  std::string name = Field(gpu, "marketing_name");
  bool speed_counts = false;
  for (const auto& n : l.speed_names) speed_counts = speed_counts || Contains(name, n);
  bool slow = speed_counts && speed && max_speed && *speed < *max_speed;
  bool narrow = width && max_width && *width < *max_width;
  std::string now = (speed ? Speed(*speed) + " GT/s" : std::string("?")) + (width ? " x" + Count(*width) : "");
  std::string max = (max_speed ? Speed(*max_speed) + " GT/s" : std::string("?")) + (max_width ? " x" + Count(*max_width) : "");
  Evidence ev{"derived", "link " + now + " of " + max};
  facts.Set(v.at + ".link_text", now + " of " + max, ev);
  facts.Set(v.at + ".link_below_max", slow || narrow, ev);
  if (slow || narrow) v.problems.push_back({"link", "PCIe " + now + " of " + max});
}

void Xgmi(Facts& facts, const json& gpu, const Limits& l, GpuVerdict& v) {
  auto down = Number(gpu, "xgmi_links_down");
  auto wafl_ue = facts.Get(v.at + ".xgmi_wafl_uncorrectable"), wafl_ce = facts.Get(v.at + ".xgmi_wafl_correctable");
  std::string error = Field(gpu, "xgmi_error");
  if (!down && !wafl_ue.value && error.empty()) return;
  std::vector<std::string> why;
  if (down && *down > 0) why.push_back(Count(*down) + " XGMI link(s) down");
  if (wafl_ue.value && wafl_ue.value->get<double>() > l.wafl_ue_max) why.push_back(wafl_ue.value->dump() + " XGMI_WAFL uncorrectable error(s)");
  if (wafl_ce.value && wafl_ce.value->get<double>() > l.wafl_ce_max) why.push_back(wafl_ce.value->dump() + " XGMI_WAFL correctable errors");
  if (!error.empty() && error != "no errors") why.push_back("XGMI error status: " + error);
  Evidence ev{"derived", "rules/data/gpu_health.toml [xgmi]"};
  facts.Set(v.at + ".xgmi_problem", !why.empty(), ev);
  if (!why.empty()) {
    facts.Set(v.at + ".xgmi_text", Join(why, ", "), ev);
    v.problems.push_back({"xgmi", Join(why, ", ")});
  }
}

void Throttle(Facts& facts, const json& gpu, const Limits& l, GpuVerdict& v) {
  static const std::pair<const char*, const char*> kLimits[] = {{"socket_thermal", "throttle_socket_thermal_percent"},
                                                                {"hbm_thermal", "throttle_hbm_thermal_percent"},
                                                                {"vr_thermal", "throttle_vr_thermal_percent"},
                                                                {"prochot", "throttle_prochot_percent"},
                                                                {"ppt", "throttle_ppt_percent"}};
  bool seen = gpu.contains("throttle_active");
  std::vector<std::string> why;
  for (const auto& [name, key] : kLimits) {
    auto percent = Number(gpu, key);
    if (!percent) continue;
    seen = true;
    double max = std::string(name) == "ppt" ? l.ppt_max : l.thermal_max;
    if (*percent > max) why.push_back(fmt::format("{} {} %", name, Count(*percent)));
  }
  if (gpu.contains("throttle_active") && gpu["throttle_active"].is_array()) {
    for (const auto& a : gpu["throttle_active"]) {
      // PPT holding the clocks right now is how a loaded GPU runs; thermal limits are not.
      if (a.is_string() && a != "ppt") why.push_back(a.get<std::string>() + " active");
    }
  }
  if (!seen) return;
  Evidence ev{"derived", "rules/data/gpu_health.toml [throttle]"};
  facts.Set(v.at + ".throttled", !why.empty(), ev);
  if (!why.empty()) {
    facts.Set(v.at + ".throttle_text", Join(why, ", "), ev);
    v.problems.push_back({"throttle", "throttled: " + Join(why, ", ")});
  }
}

void PowerCap(Facts& facts, const json& gpu, const Limits& l, GpuVerdict& v) {
  auto cap = Number(gpu, "power_cap_w");
  auto reference = Number(gpu, "power_cap_default_w");
  if (!reference) reference = Number(gpu, "power_cap_max_w");
  if (!cap || !reference || *reference <= 0) return;
  bool low = *cap < *reference * l.cap_fraction;
  facts.Set(v.at + ".power_capped", low, {"derived", fmt::format("cap {} W of {} W", Count(*cap), Count(*reference))});
  if (low) v.problems.push_back({"power", fmt::format("power cap {} W of {} W", Count(*cap), Count(*reference))});
}

// The row for this GPU and the installed release: same device id, largest rocm_from <= release.
const json* FirmwareRow(const Limits& l, const std::string& device_id, const std::string& release) {
  const json* best = nullptr;
  for (const auto& row : l.firmware) {
    bool match = false;
    if (row.contains("device_ids") && row["device_ids"].is_array()) {
      for (const auto& id : row["device_ids"]) match = match || (id.is_string() && ToLower(id.get<std::string>()) == ToLower(device_id));
    }
    auto from = Field(row, "rocm_from");
    auto cmp = CompareVersions(release, from);
    if (!match || !cmp || *cmp < 0) continue;
    if (!best || CompareVersions(from, Field(*best, "rocm_from")).value_or(0) > 0) best = &row;
  }
  return best;
}

void Firmware(Facts& facts, const json& gpu, const Limits& l, const std::string& release, GpuVerdict& v) {
  std::string pldm;
  if (gpu.contains("firmware") && gpu["firmware"].is_array()) {
    for (const auto& fw : gpu["firmware"]) {
      if (Field(fw, "id") == "PLDM_BUNDLE") pldm = Field(fw, "version");
    }
  }
  if (pldm.empty()) return;
  facts.Set(v.at + ".pldm_version", pldm, {"derived", "FW_ID PLDM_BUNDLE " + pldm});
  if (release.empty()) return;
  const json* row = FirmwareRow(l, Field(gpu, "device_id"), release);
  if (!row) return;
  std::string minimum = Field(*row, "minimum");
  auto cmp = CompareVersions(pldm, minimum);
  if (!cmp) return;
  Evidence ev{"derived", "rules/data/gpu_health.toml firmware_min " + Field(*row, "product") + " ROCm " + Field(*row, "rocm_from") + "+"};
  facts.Set(v.at + ".firmware_min", minimum, ev);
  facts.Set(v.at + ".firmware_recommended", Field(*row, "recommended"), ev);
  facts.Set(v.at + ".firmware_below_min", *cmp < 0, ev);
  if (*cmp < 0) v.problems.push_back({"firmware", "PLDM bundle " + pldm + " below " + minimum});
}

// One line per distinct value, e.g. "PLDM_BUNDLE 01.25.06.05" or "SPX/NPS1"; several values
// joined by " | " (a node whose GPUs disagree).
std::string Distinct(const std::set<std::string>& values) {
  return Join(std::vector<std::string>(values.begin(), values.end()), " | ");
}

}  // namespace

void DeriveGpuHealth(Facts& facts, const nlohmann::json& data) {
  const json& gpus = FactArray(facts, "amd_smi.gpus");
  if (gpus.empty()) return;
  Limits l = LimitsFrom(data);
  std::string release = FactText(facts, "rocm.release");
  std::map<std::string, int> counts = {{"ecc", 0}, {"link", 0}, {"xgmi", 0}, {"firmware", 0}, {"throttle", 0}, {"power", 0}};
  std::set<std::string> firmware, partitions;
  json problems = json::array();
  int checked = 0;
  for (size_t i = 0; i < gpus.size(); ++i) {
    const json& gpu = gpus[i];
    if (!gpu.is_object()) continue;
    ++checked;
    GpuVerdict v{"amd_smi.gpus[" + std::to_string(i) + "]", "GPU " + std::to_string(i), {}};
    if (!Field(gpu, "pci_bdf").empty()) v.label += " (" + Field(gpu, "pci_bdf") + ")";
    Ecc(facts, gpu, l, v);
    Link(facts, gpu, l, v);
    Xgmi(facts, gpu, l, v);
    Throttle(facts, gpu, l, v);
    PowerCap(facts, gpu, l, v);
    Firmware(facts, gpu, l, release, v);
    if (auto pldm = FactText(facts, v.at + ".pldm_version"); !pldm.empty()) firmware.insert("PLDM_BUNDLE " + pldm);
    std::string compute = Field(gpu, "compute_partition"), memory = Field(gpu, "memory_partition");
    if (!compute.empty() || !memory.empty()) partitions.insert((compute.empty() ? "?" : compute) + "/" + (memory.empty() ? "?" : memory));
    std::set<std::string> kinds;
    for (const auto& [kind, text] : v.problems) {
      kinds.insert(kind);
      problems.push_back(v.label + ": " + text);
    }
    for (const auto& kind : kinds) ++counts[kind];
  }
  Evidence ev{"derived", "amd_smi.gpus[] and rules/data/gpu_health.toml"};
  facts.Set("gpu_health.checked_gpus", checked, ev);
  facts.Set("gpu_health.ecc_gpus", counts["ecc"], ev);
  facts.Set("gpu_health.link_gpus", counts["link"], ev);
  facts.Set("gpu_health.xgmi_gpus", counts["xgmi"], ev);
  facts.Set("gpu_health.firmware_gpus", counts["firmware"], ev);
  facts.Set("gpu_health.throttled_gpus", counts["throttle"], ev);
  facts.Set("gpu_health.power_capped_gpus", counts["power"], ev);
  facts.Set("gpu_health.problems", problems, ev);
  if (!firmware.empty()) facts.Set("gpu_health.firmware", Distinct(firmware), ev);
  if (!partitions.empty()) {
    facts.Set("gpu_health.partition", Distinct(partitions), ev);
    facts.Set("gpu_health.partition_mixed", partitions.size() > 1, ev);
  }
}

}  // namespace rd
