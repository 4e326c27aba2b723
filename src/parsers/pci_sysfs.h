#pragma once
/// Pure parsers for PCI device attributes in sysfs (Documentation/ABI/testing/sysfs-bus-pci):
/// vendor/device/class ("0x1002"), current_link_speed ("16.0 GT/s PCIe"), resource (BARs).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

/// "0x744c\n" -> 0x744c. nullopt for anything else.
std::optional<uint32_t> ParseSysfsHex(std::string_view text);
/// "16.0 GT/s PCIe" (or older "8 GT/s", "2.5 GT/s") -> 16.0; nullopt for "Unknown" or garbage.
std::optional<double> ParseLinkSpeed(std::string_view text);
/// PCIe generation of a link speed in GT/s (2.5 -> 1 … 64 -> 6); 0 when unknown.
int PcieGeneration(double gts);

struct PciBar {
  int index = 0;
  uint64_t size = 0;
  bool prefetchable = false;
  bool is_64bit = false;
};
/// The "resource" file: one "0xSTART 0xEND 0xFLAGS" line per region; the first six are BARs.
/// Unused (all-zero) regions are skipped; malformed lines are skipped.
std::vector<PciBar> ParsePciResource(std::string_view text);
/// Size of the largest prefetchable memory BAR (the VRAM aperture), 0 when none.
uint64_t LargestPrefetchableBar(const std::vector<PciBar>& bars);

}  // namespace rd
