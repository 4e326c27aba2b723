#pragma once
/// Pure parsers for the KFD topology in sysfs (/sys/class/kfd/kfd/topology/nodes/N/properties,
/// the "key value" format of drivers/gpu/drm/amd/amdkfd/kfd_topology.c) and gfx naming.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace rd {

struct KfdProperties {
  std::map<std::string, uint64_t> values;
  int bad_lines = 0;  ///< Lines that were not "name <unsigned integer>" (garbage, truncation).
  std::optional<uint64_t> Get(const std::string& key) const;
};

/// Never fails: a hostile file gives fewer values and a count of bad lines.
KfdProperties ParseKfdProperties(std::string_view text);

/// gfx_target_version (major*10000 + minor*100 + stepping) to the LLVM target name:
/// 90010 -> gfx90a, 100301 -> gfx1031, 90402 -> gfx942. nullopt for 0 (a CPU node) or nonsense.
std::optional<std::string> GfxNameFromTargetVersion(uint64_t version);
/// "10.3.0" (HSA_OVERRIDE_GFX_VERSION form) -> gfx1030; nullopt when not major.minor.stepping.
std::optional<std::string> GfxNameFromOverride(std::string_view value);
/// KFD's location_id is (bus << 8) | devfn; with the PCI domain it gives "0000:c1:00.0".
std::string BdfFromLocation(uint64_t domain, uint64_t location_id);

}  // namespace rd
