#pragma once
/// `amd-smi list [-e] | static | metric | firmware | bad-pages | xgmi -l`, as text ("GPU: 0" /
/// indented "ASIC:" sections of "KEY: value") or with --json (an array of {"gpu": 0, "asic": {…}},
/// or {"gpu_data": […]}), and the `internal-smi` child's libamd_smi answer
/// (system/amdsmi_query.h): one struct for both, so triage and the live view name facts alike
/// (issue 18).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace rd {

struct AmdSmiGpu {
  int index = 0;
  size_t line = 0;  ///< 0-based line of "GPU: n" (text) or of the JSON start
  std::string bdf, uuid, marketing_name, gfx, device_id, driver_version, vbios_version;
  std::optional<double> gfx_activity, socket_power_w, hotspot_c;
  std::vector<std::pair<std::string, std::string>> firmware;  ///< (FW_ID, FW_VERSION)
  /// Node-health values keyed by their fact leaf under amd_smi.gpus[] (AmdSmiHealthKeys), in
  /// the catalog's units: link speeds GT/s, power W, percentages 0-100, counts. "ecc" is an
  /// array of {block, correctable, uncorrectable, deferred}; "throttle_active" of limit names.
  nlohmann::json health = nlohmann::json::object();
};

struct AmdSmiOutput {
  bool json = false;
  std::vector<AmdSmiGpu> gpus;
  std::string rocm_version;  ///< `amd-smi version`: "ROCm version: 10.1.0" / "rocm_version"
  size_t version_line = 0;
};

bool LooksLikeAmdSmi(std::string_view text);
AmdSmiOutput ParseAmdSmi(std::string_view text);
/// One GPU of the child's "amd_smi" answer ({"index", "pci_bdf", "link_speed", "ecc": […] …}).
AmdSmiGpu AmdSmiGpuFromQuery(const nlohmann::json& gpu);

/// (leaf, type, meaning) of every key AmdSmiGpu::health may hold, for the fact declarations.
struct AmdSmiFieldDecl {
  const char* leaf;
  const char* type;
  const char* meaning;
};
const std::vector<AmdSmiFieldDecl>& AmdSmiHealthKeys();
/// The same with the full fact path (amd_smi.gpus.link_speed …) in `leaf`.
const std::vector<AmdSmiFieldDecl>& AmdSmiHealthFacts();

}  // namespace rd
