#pragma once
/// Pure parser for pasted `rocm-smi` output: the default/concise table, `--json`, and the error
/// text it prints when the driver is not there. A truncated table gives the rows it has and
/// complete = false, so nobody counts GPUs from half a paste.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct SmiDevice {
  int index = 0;
  std::string device_id;   ///< "0x744c" when shown
  std::optional<double> temperature_c, power_w, vram_percent, gpu_percent;
  std::optional<long long> vram_total_bytes, vram_used_bytes;
  std::string vbios_version, card_series, gfx;
};

struct SmiOutput {
  std::string format;      ///< table | json | error
  std::string error;       ///< The error line ("Driver not initialized (amdgpu not found in modules)")
  bool driver_missing = false;  ///< The error says amdgpu is not in the loaded modules
  std::string driver_version;   ///< "Driver version: 6.8.5" (--showdriverversion / json)
  std::vector<SmiDevice> devices;
  bool complete = false;   ///< The end marker (table) or a whole JSON document was seen
};

bool LooksLikeRocmSmi(std::string_view text);
SmiOutput ParseRocmSmiOutput(std::string_view text);

}  // namespace rd
