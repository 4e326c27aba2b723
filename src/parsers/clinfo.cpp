#include "parsers/clinfo.h"

#include <algorithm>

#include "parsers/gfx_names.h"
#include "util/strings.h"

namespace rd {

namespace {

// "  Board name:\t\t\t AMD Radeon AI PRO R9700" -> {"Board name", "AMD Radeon AI PRO R9700"};
// clinfo's default layout has no colon ("  Device Name        gfx1201"): split at the run of spaces.
bool Field(std::string_view line, std::string& key, std::string& value) {
  std::string_view t = Trim(line);
  size_t colon = t.find(':');
  size_t gap = t.find("  ");
  size_t tab = t.find('\t');
  size_t cut = std::min(colon, std::min(gap, tab));
  if (cut == std::string_view::npos || cut == 0) return false;
  key = std::string(Trim(t.substr(0, cut)));
  value = std::string(Trim(t.substr(cut + 1)));
  return !value.empty();
}

bool IsGfx(const std::string& value) {
  auto gfx = ExtractGfx(ToLower(value));
  return gfx && ToLower(Trim(value)).rfind(*gfx, 0) == 0;  // the value starts with the target
}

}  // namespace

bool LooksLikeClinfo(std::string_view text) {
  if (Contains(text, "Board name:")) return true;
  return (Contains(text, "Device Name") || Contains(text, "Platform Name")) && Contains(text, "gfx") &&
         (Contains(text, "Device Type") || Contains(text, "Device Vendor") || Contains(text, "Number of devices"));
}

std::vector<ClinfoDevice> ParseClinfo(std::string_view text) {
  std::vector<ClinfoDevice> out;
  ClinfoDevice current;
  bool open = false;
  auto flush = [&] {
    if (open && (!current.gfx.empty() || !current.board_name.empty()) && out.size() < 64) out.push_back(current);
    current = {};
    open = false;
  };
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size() && i < 20000; ++i) {
    std::string key, value;
    if (!Field(std::string_view(lines[i]).substr(0, 1024), key, value)) continue;
    if (key == "Board name") {
      if (open && !current.board_name.empty()) flush();
      if (!open) current.line = i;
      current.board_name = value;
      open = true;
    } else if ((key == "Name" || key == "Device Name") && IsGfx(value)) {
      if (open && !current.gfx.empty()) flush();
      if (!open) current.line = i;
      current.gfx = ToLower(value.substr(0, value.find_first_of(": ")));
      open = true;
    }
    if (open && !current.gfx.empty() && !current.board_name.empty()) flush();
  }
  flush();
  return out;
}

}  // namespace rd
