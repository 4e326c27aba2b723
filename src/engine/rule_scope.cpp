#include "engine/rule_scope.h"

#include <algorithm>

#include "core/fact_path.h"

namespace rd {

namespace {

bool PasteOnlySources(const FactEntry& entry) {
  return !entry.sources.empty() && std::all_of(entry.sources.begin(), entry.sources.end(), [](const std::string& s) {
    return s == "triage" || s.rfind("paste:", 0) == 0;
  });
}

}  // namespace

bool IsPasteOnlyFact(const std::string& path, const FactCatalog& catalog) {
  if (const FactEntry* entry = catalog.Find(path)) return PasteOnlySources(*entry);
  std::string prefix = GenericFactPath(path) + ".";
  bool any = false;
  for (const auto& entry : catalog.entries) {
    if (entry.path.compare(0, prefix.size(), prefix) != 0) continue;
    if (!PasteOnlySources(entry)) return false;
    any = true;
  }
  return any;
}

bool NeedsPastedInput(const Rule& rule, const FactCatalog& catalog) {
  if (!rule.for_each.empty() && IsPasteOnlyFact(rule.for_each, catalog)) return true;
  // Only an All group's leaves are each required; inside any/not a paste-only fact may be one
  // alternative among live ones.
  if (rule.when.kind != Condition::Kind::All) return false;
  return std::any_of(rule.when.children.begin(), rule.when.children.end(), [&](const Condition& c) {
    return c.kind == Condition::Kind::Leaf && !c.if_unknown && IsPasteOnlyFact(c.fact, catalog);
  });
}

}  // namespace rd
