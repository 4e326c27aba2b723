// amd-smi list / static / metric / firmware, text and --json.
#include "parsers/amd_smi.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  AmdSmiOutput out = ParseAmdSmi(text);
  auto lines = Split(text, '\n');
  facts.Set("amd_smi.json", out.json);
  for (const auto& gpu : out.gpus) {
    Evidence ev = PasteLine(origin, gpu.line, gpu.line < lines.size() ? lines[gpu.line] : "");
    std::string at = "amd_smi.gpus[" + std::to_string(gpu.index) + "]";
    facts.Set(at + ".index", gpu.index, ev);
    auto str = [&](const char* key, const std::string& value) {
      if (!value.empty()) facts.Set(at + "." + key, value, ev);
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
      if (*value == static_cast<double>(static_cast<long long>(*value))) facts.Set(at + "." + key, static_cast<long long>(*value), ev);
      else facts.Set(at + "." + key, *value, ev);
    };
    num("gpu_percent", gpu.gfx_activity);
    num("socket_power_w", gpu.socket_power_w);
    num("hotspot_c", gpu.hotspot_c);
    for (size_t f = 0; f < gpu.firmware.size(); ++f) {
      std::string fw = at + ".firmware[" + std::to_string(f) + "]";
      facts.Set(fw + ".id", gpu.firmware[f].first, ev);
      facts.Set(fw + ".version", gpu.firmware[f].second, ev);
    }
    // gpus[] comes from the derive stage, which merges amd_smi.gpus[] with every other source.
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"amd_smi.json", "bool", "The amd-smi paste was --json output"},
      {"amd_smi.gpus", "array", "GPUs of a pasted amd-smi output, by amd-smi index"},
      {"amd_smi.gpus.index", "int", "amd-smi GPU index"},
      {"amd_smi.gpus.pci_bdf", "string", "PCI address 0000:03:00.0"},
      {"amd_smi.gpus.uuid", "string", "GPU UUID"},
      {"amd_smi.gpus.marketing_name", "string", "ASIC MARKET_NAME"},
      {"amd_smi.gpus.gfx", "string", "ASIC TARGET_GRAPHICS_VERSION"},
      {"amd_smi.gpus.device_id", "string", "ASIC DEVICE_ID"},
      {"amd_smi.gpus.driver_version", "string", "DRIVER VERSION"},
      {"amd_smi.gpus.vbios_version", "string", "VBIOS VERSION"},
      {"amd_smi.gpus.gpu_percent", "number", "metric USAGE GFX_ACTIVITY: GPU use in percent"},
      {"amd_smi.gpus.socket_power_w", "number", "metric POWER SOCKET_POWER (W)"},
      {"amd_smi.gpus.hotspot_c", "number", "metric TEMPERATURE HOTSPOT (°C)"},
      {"amd_smi.gpus.firmware", "array", "firmware FW_LIST entries"},
      {"amd_smi.gpus.firmware.id", "string", "FW_ID"},
      {"amd_smi.gpus.firmware.version", "string", "FW_VERSION"},
  };
  return specs;
}

}  // namespace

PasteKind AmdSmiKind() { return {"amd-smi", LooksLikeAmdSmi, Parse, &Specs()}; }

}  // namespace rd
