// amd-smi list / static / metric / firmware, text and --json.
#include "parsers/amd_smi.h"
#include "parsers/runtime_fact_emit.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  AmdSmiOutput out = ParseAmdSmi(text);
  auto lines = Split(text, '\n');
  facts.Set("amd_smi.json", out.json);
  facts.Set("amd_smi.source", "amd-smi paste");
  if (!out.rocm_version.empty()) {
    facts.Set("amd_smi.rocm_version", out.rocm_version,
              PasteLine(origin, out.version_line, out.version_line < lines.size() ? lines[out.version_line] : ""));
  }
  // One GPU may appear in several pasted outputs (static, metric, list -e): same index, merged.
  for (const auto& gpu : out.gpus) {
    Evidence ev = PasteLine(origin, gpu.line, gpu.line < lines.size() ? lines[gpu.line] : "");
    EmitAmdSmiGpuFacts(gpu, "amd_smi.gpus[" + std::to_string(gpu.index) + "]",
                       [&](const std::string& path, nlohmann::json value, const std::string&) { facts.Set(path, std::move(value), ev); });
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
      {"amd_smi.source", "string", "Where the amd-smi facts come from: libamd_smi (child) or amd-smi paste"},
      {"amd_smi.rocm_version", "string", "ROCm version `amd-smi version` reports"},
  };
  static const std::vector<FactSpec> all = [] {
    std::vector<FactSpec> v = specs;
    for (const auto& key : AmdSmiHealthFacts()) v.push_back({key.leaf, key.type, key.meaning});
    return v;
  }();
  return all;
}

}  // namespace

PasteKind AmdSmiKind() { return {"amd-smi", LooksLikeAmdSmi, Parse, &Specs()}; }

}  // namespace rd
