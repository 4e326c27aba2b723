#include "parsers/pci_sysfs.h"

#include <algorithm>
#include <cstdlib>

#include "util/strings.h"

namespace rd {

namespace {

std::optional<uint64_t> ParseHex64(std::string_view text) {
  if (!StartsWith(text, "0x") || text.size() < 3 || text.size() > 18) return std::nullopt;
  uint64_t value = 0;
  for (char c : text.substr(2)) {
    int digit = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
    if (digit < 0) return std::nullopt;
    value = (value << 4) | static_cast<uint64_t>(digit);
  }
  return value;
}

}  // namespace

std::optional<uint32_t> ParseSysfsHex(std::string_view text) {
  auto value = ParseHex64(Trim(text));
  if (!value || *value > 0xffffffffULL) return std::nullopt;
  return static_cast<uint32_t>(*value);
}

std::optional<double> ParseLinkSpeed(std::string_view text) {
  std::string t(Trim(text));
  size_t gt = t.find(" GT/s");
  if (gt == std::string::npos || gt == 0 || gt > 8) return std::nullopt;
  std::string number = t.substr(0, gt);
  if (number.find_first_not_of("0123456789.") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size() || value <= 0 || value > 1000) return std::nullopt;
  return value;
}

int PcieGeneration(double gts) {
  const double speeds[] = {2.5, 5.0, 8.0, 16.0, 32.0, 64.0};
  for (int i = 0; i < 6; ++i) {
    if (gts > speeds[i] - 0.1 && gts < speeds[i] + 0.1) return i + 1;
  }
  return 0;
}

std::vector<PciBar> ParsePciResource(std::string_view text) {
  std::vector<PciBar> bars;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size() && i < 6; ++i) {
    auto fields = Split(Trim(lines[i]), ' ');
    fields.erase(std::remove(fields.begin(), fields.end(), ""), fields.end());
    if (fields.size() != 3) continue;
    auto start = ParseHex64(fields[0]), end = ParseHex64(fields[1]), flags = ParseHex64(fields[2]);
    if (!start || !end || !flags || *end <= *start) continue;
    // IORESOURCE_MEM 0x200, IORESOURCE_PREFETCH 0x2000, IORESOURCE_MEM_64 0x100000 (linux/ioport.h).
    if ((*flags & 0x200) == 0) continue;
    bars.push_back({static_cast<int>(i), *end - *start + 1, (*flags & 0x2000) != 0, (*flags & 0x100000) != 0});
  }
  return bars;
}

uint64_t LargestPrefetchableBar(const std::vector<PciBar>& bars) {
  uint64_t largest = 0;
  for (const auto& bar : bars) {
    if (bar.prefetchable) largest = std::max(largest, bar.size);
  }
  return largest;
}

}  // namespace rd
