#include "parsers/python_environ.h"

#include <string>

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

void AddPythonEnviron(std::string_view line, size_t number, std::vector<EnvAssignment>& env) {
  if (!Contains(line, "environ") && !Contains(line, "putenv")) return;
  static const Regex kAssignment = Regex::Literal(
      R"re(os\.(?:environ\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\]\s*=\s*|environ\.setdefault\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*,\s*|putenv\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*,\s*)(?:str\()?['"]([^'"\n]*)['"])re");
  size_t from = 0;
  while (from < line.size() && env.size() < 256) {
    auto m = kAssignment.Find(line, from);
    if (!m || !m->groups[0]) break;
    std::string name = m->matched(1) ? (*m)[1] : m->matched(2) ? (*m)[2] : (*m)[3];
    env.push_back({name, (*m)[4], "python", number});
    from = static_cast<size_t>(m->groups[0]->data() + m->groups[0]->size() - line.data());
  }
}

}  // namespace rd
