#pragma once
/// GPU target names as they appear in file names and settings: "TensileLibrary_lazy_gfx1030.dat",
/// "gfx90a68.kdb" (MIOpen: processor then CU count), HSA_OVERRIDE_GFX_VERSION "10.3.0".
#include <optional>
#include <string>
#include <string_view>

namespace rd {

/// The first gfx processor name in `text`: "gfx" + major (gfx10+ take two digits) + minor +
/// stepping (hex), so "gfx90a68.kdb" -> "gfx90a" and "gfx1030_36.kdb" -> "gfx1030".
std::optional<std::string> ExtractGfx(std::string_view text);
/// "10.3.0" -> "gfx1030", "9.0.10" -> "gfx90a" (stepping is a hex digit); nullopt when malformed.
std::optional<std::string> GfxFromOverride(std::string_view value);

}  // namespace rd
