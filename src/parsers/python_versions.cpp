#include "parsers/python_versions.h"

#include <set>

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

std::vector<PythonVersionSeen> ScanPythonVersions(std::string_view text) {
  // One alternation, so each line is searched once per match (RE2: linear in the line).
  static const Regex version = Regex::Literal(
      R"((?:\b[Pp]ython ?3\.([0-9]{1,2})\b|\bpy -3\.([0-9]{1,2})\b|\bcp3([0-9]{1,2})\b))");
  std::vector<PythonVersionSeen> out;
  std::set<std::string> seen;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size() && i < 20000 && out.size() < 16; ++i) {
    std::string_view s = std::string_view(lines[i]).substr(0, 4096);
    size_t from = 0;
    while (from < s.size() && out.size() < 16) {
      auto m = version.Find(s, from);
      if (!m || !m->groups[0]) break;
      from = static_cast<size_t>(m->groups[0]->data() + m->groups[0]->size() - s.data());
      std::string minor = m->matched(1) ? (*m)[1] : m->matched(2) ? (*m)[2] : (*m)[3];
      std::string v = "3." + minor;
      if (seen.insert(v).second) out.push_back({i, v, std::string(Trim(s).substr(0, 400))});
    }
  }
  return out;
}

}  // namespace rd
