// `id` / `groups` output: the same identity facts the live access section reads (pitfalls.md #16).
#include <algorithm>

#include "parsers/id_output.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

bool AlreadyListed(const Facts& facts, const IdGroup& g) {
  auto groups = facts.Get("identity.groups");
  if (!groups.value || !groups.value->is_array()) return false;
  for (const auto& existing : *groups.value) {
    if (!existing.is_object()) continue;
    if (g.gid && existing.contains("gid") && existing["gid"] == *g.gid) return true;
    if (!g.gid && !g.name.empty() && existing.value("name", "") == g.name) return true;
  }
  return false;
}

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  IdOutput id = ParseIdOutput(text);
  auto lines = Split(text, '\n');
  Evidence ev = PasteLine(origin, id.line, id.line < lines.size() ? lines[id.line] : "");
  if (id.uid) facts.Set("identity.uid", *id.uid, ev);
  if (id.gid) facts.Set("identity.gid", *id.gid, ev);
  if (!id.user.empty()) facts.Set("identity.user_name", id.user, ev);
  for (const auto& g : id.groups) {
    if (AlreadyListed(facts, g)) continue;
    std::string at = "identity.groups[" + std::to_string(NextIndex(facts, "identity.groups")) + "]";
    if (g.gid) facts.Set(at + ".gid", *g.gid, ev);
    if (!g.name.empty()) facts.Set(at + ".name", g.name, ev);
  }
  if (!id.unnamed_gids.empty()) {
    Evidence unnamed = PasteLine(origin, id.unnamed_line, id.unnamed_line < lines.size() ? lines[id.unnamed_line] : "");
    auto existing = facts.Get("identity.unnamed_gids");
    nlohmann::json all = existing.value && existing.value->is_array() ? *existing.value : nlohmann::json::array();
    for (auto gid : id.unnamed_gids) {
      if (std::find(all.begin(), all.end(), gid) == all.end()) all.push_back(gid);
    }
    facts.Set("identity.unnamed_gids", all, unnamed);
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"identity.uid", "int", "User id (from pasted `id`)"},
      {"identity.gid", "int", "Primary group id (from pasted `id`)"},
      {"identity.user_name", "string", "User name (from pasted `id` / `groups USER`)"},
      {"identity.groups", "array", "Groups of the user: {gid, name} (either may be missing in a paste)"},
      {"identity.groups.gid", "int", "Group id"},
      {"identity.groups.name", "string", "Group name"},
      {"identity.unnamed_gids", "array", "GIDs the group database has no name for (\"cannot find name for group ID\")"},
  };
  return specs;
}

}  // namespace

PasteKind IdOutputKind() { return {"id-groups", LooksLikeIdOutput, Parse, &Specs()}; }

}  // namespace rd
