#include "parsers/pip_resolution.h"

#include "util/strings.h"

namespace rd {

namespace {

constexpr std::string_view kNoVersion = "Could not find a version that satisfies the requirement ";
constexpr std::string_view kNoMatch = "No matching distribution found for ";

std::string FirstWord(std::string_view s) { return std::string(s.substr(0, s.find(' '))); }

}  // namespace

std::optional<PipResolution> ParsePipResolution(std::string_view text) {
  auto lines = SplitLines(text);
  std::optional<PipResolution> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(std::string_view(lines[i]).substr(0, 2048));
    if (size_t at = s.find(kNoVersion); at != std::string_view::npos) {
      std::string_view rest = s.substr(at + kNoVersion.size());
      PipResolution r{i, FirstWord(rest), "", std::string(s.substr(0, 400))};
      if (size_t v = rest.find("(from versions: "); v != std::string_view::npos) {
        std::string_view list = rest.substr(v + 16);
        r.versions = std::string(Trim(list.substr(0, list.find(')'))));
      }
      // The versions line is the more telling one; it wins over an earlier "No matching" line.
      if (!out || out->versions.empty()) out = std::move(r);
      if (!out->versions.empty()) break;
    } else if (size_t at2 = s.find(kNoMatch); at2 != std::string_view::npos && !out) {
      out = PipResolution{i, FirstWord(s.substr(at2 + kNoMatch.size())), "", std::string(s.substr(0, 400))};
    }
  }
  return out;
}

}  // namespace rd
