#include "parsers/kfd_topology.h"

#include <fmt/format.h>

#include "util/strings.h"

namespace rd {

std::optional<uint64_t> KfdProperties::Get(const std::string& key) const {
  auto it = values.find(key);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

namespace {

std::optional<uint64_t> ParseUnsigned(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

std::string HexDigit(uint64_t v) { return fmt::format("{:x}", v); }

}  // namespace

KfdProperties ParseKfdProperties(std::string_view text) {
  KfdProperties props;
  for (const auto& raw : SplitLines(text)) {
    std::string_view line = Trim(raw);
    if (line.empty()) continue;
    size_t space = line.find(' ');
    if (space == std::string_view::npos) {
      ++props.bad_lines;
      continue;
    }
    std::string key(line.substr(0, space));
    auto value = ParseUnsigned(Trim(line.substr(space + 1)));
    if (!value || key.size() > 64) {
      ++props.bad_lines;
      continue;
    }
    props.values[key] = *value;
  }
  return props;
}

std::optional<std::string> GfxNameFromTargetVersion(uint64_t version) {
  uint64_t major = version / 10000, minor = (version / 100) % 100, stepping = version % 100;
  // Minor and stepping are single hex digits in every LLVM AMDGPU target name.
  if (major < 6 || major > 20 || minor > 15 || stepping > 15) return std::nullopt;
  return "gfx" + std::to_string(major) + HexDigit(minor) + HexDigit(stepping);
}

std::optional<std::string> GfxNameFromOverride(std::string_view value) {
  auto parts = Split(Trim(value), '.');
  if (parts.size() != 3) return std::nullopt;
  uint64_t numbers[3];
  for (size_t i = 0; i < 3; ++i) {
    auto n = ParseUnsigned(parts[i]);
    if (!n) return std::nullopt;
    numbers[i] = *n;
  }
  return GfxNameFromTargetVersion(numbers[0] * 10000 + numbers[1] * 100 + numbers[2]);
}

std::string BdfFromLocation(uint64_t domain, uint64_t location_id) {
  return fmt::format("{:04x}:{:02x}:{:02x}.{:x}", domain & 0xffff, (location_id >> 8) & 0xff, (location_id >> 3) & 0x1f,
                     location_id & 0x7);
}

}  // namespace rd
