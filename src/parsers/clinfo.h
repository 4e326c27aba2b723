#pragma once
/// `clinfo` (and ROCm's `rocm-clinfo`) output: per OpenCL device its board name and the gfx target
/// the runtime reports ("Board name: AMD Radeon AI PRO R9700" / "Name: gfx1201"), the listing
/// people paste when OpenCL and HIP disagree with Vulkan about a GPU (ROCm/ROCm#5696). Pure.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct ClinfoDevice {
  size_t line = 0;            ///< 0-based line of the device's first field
  std::string board_name;     ///< "Board name:" (AMD's extension), empty when not printed
  std::string gfx;            ///< "Name:"/"Device Name" when it is a gfx target, lower case
};

/// True for text with clinfo's AMD fields: a "Board name:" line, or a "Device Name"/"Name:" line
/// whose value is a gfx target next to "Platform Name"/"Device Type"/"Board name".
bool LooksLikeClinfo(std::string_view text);
/// The devices in order; a board name and a gfx in either order make one device. At most 64.
std::vector<ClinfoDevice> ParseClinfo(std::string_view text);

}  // namespace rd
