#include "core/fact_types.h"

#include <map>
#include <string>

namespace rd {

namespace {

using nlohmann::json;

bool HasType(const json& value, const std::string& type) {
  if (value.is_null()) return true;  // "not present" in the tree's own terms
  if (type == "string") return value.is_string();
  if (type == "int") return value.is_number_integer();
  if (type == "number") return value.is_number();
  if (type == "bool") return value.is_boolean();
  if (type == "array") return value.is_array();
  if (type == "object") return value.is_object();
  return true;  // a type this code does not know: nothing to check
}

struct Walk {
  const FactCatalog& catalog;
  std::map<std::string, std::string> wrong;  ///< canonical path -> reason

  const std::string* TypeOf(const std::string& generic) const {
    const FactEntry* entry = catalog.Find(generic);
    return entry ? &entry->type : nullptr;
  }

  // Returns false when `node` itself is removed. An array's elements share its generic path
  // ("gpus[2]" is "gpus") but not its type: they are checked through their fields.
  bool Visit(json& node, const std::string& canonical, const std::string& generic, bool element = false) {
    if (const std::string* type = generic.empty() || element ? nullptr : TypeOf(generic); type && !HasType(node, *type)) {
      wrong[canonical] = "wrong type in the report: " + *type + " expected, " + node.type_name() + " found";
      return false;
    }
    if (node.is_object()) {
      for (auto it = node.begin(); it != node.end();) {
        std::string key = it.key();
        bool keep = Visit(it.value(), canonical.empty() ? key : canonical + "." + key, generic.empty() ? key : generic + "." + key);
        it = keep ? std::next(it) : node.erase(it);
      }
    } else if (node.is_array()) {
      for (size_t i = 0; i < node.size(); ++i) {
        Visit(node[i], canonical + "[" + std::to_string(i) + "]", generic, true);
      }
    }
    return true;
  }
};

}  // namespace

size_t DropMistypedFacts(Facts& facts, const FactCatalog& catalog) {
  json tree = facts.tree();
  Walk walk{catalog, {}};
  walk.Visit(tree, "", "");
  if (walk.wrong.empty()) return 0;
  auto absent = facts.absent();
  for (const auto& [path, reason] : walk.wrong) absent[path] = reason;
  facts = Facts::FromParts(std::move(tree), facts.evidence(), std::move(absent));
  return walk.wrong.size();
}

}  // namespace rd
