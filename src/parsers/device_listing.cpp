#include "parsers/device_listing.h"

#include <algorithm>

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

// "rw-rw----" -> "0660" (set-id and sticky bits are not shown as digits here: ls prints s/t).
std::string OctalMode(std::string_view bits) {
  std::string out = "0";
  for (size_t group = 0; group < 3; ++group) {
    int digit = 0;
    for (size_t i = 0; i < 3; ++i) {
      char c = bits[group * 3 + i];
      if (c != '-') digit |= 4 >> i;
    }
    out += static_cast<char>('0' + digit);
  }
  return out;
}

}  // namespace

std::optional<DeviceNodeLine> ParseDeviceNodeLine(std::string_view line) {
  // type+mode, links, owner, group, "major, minor", date (3 words), name
  static const Regex kLine = Regex::Literal(
      R"(^\s*([cb-])([r-][w-][xsS-][r-][w-][xsS-][r-][w-][xtT-])[.+@]?\s+\d+\s+(\S+)\s+(\S+)\s+\d+,\s*\d+\s+\S+\s+\S+\s+\S+\s+(?:/dev/(?:dri/)?)?(kfd|renderD\d+|card\d+)\s*$)");
  auto m = kLine.Find(line);
  if (!m) return std::nullopt;
  DeviceNodeLine out;
  out.char_device = (*m)[1] == "c";
  out.mode = OctalMode((*m)[2]);
  // markdown emphasis a reporter put around a field ("root **148**") is not part of it
  auto plain = [](std::string s) {
    s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == '*' || c == '`'; }), s.end());
    return s;
  };
  out.owner = plain((*m)[3]);
  out.group = plain((*m)[4]);
  out.name = (*m)[5];
  return out;
}

std::vector<DeviceNodeLine> ParseDeviceListing(std::string_view text) {
  std::vector<DeviceNodeLine> out;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size() && out.size() < 64; ++i) {
    if (lines[i].size() > 512) continue;
    if (auto node = ParseDeviceNodeLine(lines[i])) {
      node->line = i;
      out.push_back(std::move(*node));
    }
  }
  return out;
}

}  // namespace rd
