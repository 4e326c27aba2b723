#pragma once
/// `amd-smi list | static | metric | firmware`, as text ("GPU: 0" / indented "ASIC:" sections of
/// "KEY: value") or with --json (an array of {"gpu": 0, "asic": {…}, …}).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rd {

struct AmdSmiGpu {
  int index = 0;
  size_t line = 0;  ///< 0-based line of "GPU: n" (text) or of the JSON start
  std::string bdf, uuid, marketing_name, gfx, device_id, driver_version, vbios_version;
  std::optional<double> gfx_activity, socket_power_w, hotspot_c;
  std::vector<std::pair<std::string, std::string>> firmware;  ///< (FW_ID, FW_VERSION)
};

struct AmdSmiOutput {
  bool json = false;
  std::vector<AmdSmiGpu> gpus;
};

bool LooksLikeAmdSmi(std::string_view text);
AmdSmiOutput ParseAmdSmi(std::string_view text);

}  // namespace rd
