#include "collectors/amd_smi_view.h"

#include "parsers/amd_smi.h"
#include "parsers/runtime_fact_emit.h"
#include "util/strings.h"

namespace rd {

namespace {

std::string StringOr(const nlohmann::json& j, const char* key, const std::string& fallback = "") {
  return j.is_object() && j.contains(key) && j[key].is_string() ? Printable(j[key].get<std::string>(), 300) : fallback;
}

}  // namespace

void SetAmdSmiFacts(const nlohmann::json& child, const std::string& source, Facts& facts) {
  std::string answered = StringOr(child, "answered_by", "none");
  facts.Set("mgmt.library", answered, {source, ""});
  if (!child.contains("amd_smi") || !child["amd_smi"].is_object()) {
    // A snapshot recorded before the amd-smi view: it was not asked, which is not "unavailable".
    facts.MarkAbsent("amd_smi", "not queried: the recorded internal-smi answer has no amd-smi part");
    return;
  }
  const nlohmann::json& amd = child["amd_smi"];
  facts.Set("amd_smi.source", "libamd_smi");
  facts.Set("amd_smi.compiled", amd.value("compiled", false), {source, ""});
  bool available = amd.value("available", false);
  facts.Set("amd_smi.available", available, {source, StringOr(amd, "library")});
  for (const char* key : {"library", "lib_version", "header_version", "reason"}) {
    if (!StringOr(amd, key).empty()) facts.Set(std::string("amd_smi.") + key, StringOr(amd, key), {source, ""});
  }
  if (amd.contains("status") && amd["status"].is_number_integer()) facts.Set("amd_smi.status", amd["status"], {source, ""});
  if (!available || answered != "amd_smi") {
    if (answered != "amd_smi") facts.Set("mgmt.reason", "amd-smi: " + StringOr(amd, "reason", "not available"), {source, ""});
    return;
  }
  const auto& gpus = amd.contains("gpus") && amd["gpus"].is_array() ? amd["gpus"] : nlohmann::json::array();
  facts.Set("amd_smi.gpu_count", gpus.size(), {source, ""});
  for (size_t i = 0; i < gpus.size() && i < 64; ++i) {
    if (!gpus[i].is_object()) continue;
    AmdSmiGpu gpu = AmdSmiGpuFromQuery(gpus[i]);
    gpu.index = static_cast<int>(i);
    EmitAmdSmiGpuFacts(gpu, "amd_smi.gpus[" + std::to_string(i) + "]",
                       [&](const std::string& path, nlohmann::json value, const std::string& excerpt) {
                         facts.Set(path, std::move(value), {source, excerpt});
                       });
  }
}

void SetAmdSmiChildFailed(const std::string& why, const std::string& source, Facts& facts) {
  facts.Set("mgmt.library", "none", {source, why});
  facts.Set("mgmt.reason", why, {source, ""});
  facts.Set("amd_smi.available", false, {source, why});
  facts.Set("amd_smi.reason", why, {source, ""});
}

const std::vector<FactSpec>& AmdSmiViewFacts() {
  static const std::vector<FactSpec> specs = [] {
    std::vector<FactSpec> v = {
        {"mgmt.library", "string", "Which management library answered: amd_smi, rocm_smi or none"},
        {"mgmt.reason", "string", "Why neither library answered, or why amd-smi did not"},
        {"amd_smi.source", "string", "Where the amd-smi facts come from: libamd_smi (child) or amd-smi paste"},
        {"amd_smi.compiled", "bool", "This rocm-doctor was built with amd_smi/amdsmi.h (the amd-smi view is compiled in)"},
        {"amd_smi.available", "bool", "libamd_smi initialised and found GPUs"},
        {"amd_smi.status", "int", "amdsmi_init status"},
        {"amd_smi.reason", "string", "Why amd-smi is not available"},
        {"amd_smi.library", "string", "The libamd_smi file the child loaded"},
        {"amd_smi.lib_version", "string", "libamd_smi's version (amdsmi_get_lib_version)"},
        {"amd_smi.header_version", "string", "The amdsmi.h version this rocm-doctor was built with"},
        {"amd_smi.gpu_count", "int", "GPUs libamd_smi lists"},
        {"amd_smi.gpus", "array", "GPUs of amd-smi (a paste or libamd_smi), by amd-smi index"},
        {"amd_smi.gpus.index", "int", "amd-smi GPU index"},
        {"amd_smi.gpus.pci_bdf", "string", "PCI address 0000:03:00.0"},
        {"amd_smi.gpus.uuid", "string", "GPU UUID"},
        {"amd_smi.gpus.marketing_name", "string", "ASIC MARKET_NAME"},
        {"amd_smi.gpus.gfx", "string", "ASIC TARGET_GRAPHICS_VERSION"},
        {"amd_smi.gpus.device_id", "string", "ASIC DEVICE_ID"},
        {"amd_smi.gpus.driver_version", "string", "DRIVER VERSION"},
        {"amd_smi.gpus.vbios_version", "string", "VBIOS VERSION"},
        {"amd_smi.gpus.firmware", "array", "firmware FW_LIST entries"},
        {"amd_smi.gpus.firmware.id", "string", "FW_ID"},
        {"amd_smi.gpus.firmware.version", "string", "FW_VERSION"},
    };
    for (const auto& key : AmdSmiHealthFacts()) v.push_back({key.leaf, key.type, key.meaning});
    return v;
  }();
  return specs;
}

}  // namespace rd
