// Whether the user a paste shows may open the GPU's device nodes: its pasted groups (`id`,
// `groups`) against the group a pasted `ls -l /dev/kfd` names. The live access collector answers
// this with access(2); a paste can only compare names (pitfalls.md #14).
#include <set>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"

namespace rd {

void DeriveDeviceAccess(Facts& facts) {
  std::set<std::string> names;
  for (const auto& g : FactArray(facts, "identity.groups")) {
    if (std::string name = Field(g, "name"); !name.empty()) names.insert(name);
  }
  if (names.empty()) return;
  auto uid = facts.Get("identity.uid");
  bool root = (uid.value && uid.value->is_number_integer() && uid.value->get<long long>() == 0) ||
              FactText(facts, "identity.user_name") == "root";
  if (root) return;  // root opens every node whatever its group
  const Evidence* groups = facts.EvidenceFor("identity.groups[0].name");
  Evidence ev{"derived", "the groups listed" + (groups ? " on " + groups->source : std::string())};
  if (!facts.Get("identity.in_render_or_video").value) facts.Set("identity.in_render_or_video", names.count("render") || names.count("video"), ev);
  std::string kfd_group = FactText(facts, "devices.kfd.group");
  if (!kfd_group.empty() && !facts.Get("devices.kfd.in_group").value) {
    facts.Set("devices.kfd.in_group", names.count(kfd_group) > 0, Evidence{"derived", "/dev/kfd's group " + kfd_group + " against " + ev.excerpt});
  }
  const auto& render = FactArray(facts, "devices.render");
  for (size_t i = 0; i < render.size(); ++i) {
    std::string group = Field(render[i], "group"), at = "devices.render[" + std::to_string(i) + "].in_group";
    if (group.empty() || facts.Get(at).value) continue;
    facts.Set(at, names.count(group) > 0, Evidence{"derived", Field(render[i], "path") + "'s group " + group + " against " + ev.excerpt});
  }
}

}  // namespace rd
