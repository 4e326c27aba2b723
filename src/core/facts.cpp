#include "core/facts.h"

#include "core/fact_path.h"

namespace rd {

using nlohmann::json;

void Facts::Set(std::string_view path, json value, Evidence evidence) {
  auto segments = ParseFactPath(path);
  if (!segments) return;
  json* node = &tree_;
  for (const auto& segment : *segments) {
    if (const auto* key = std::get_if<std::string>(&segment)) {
      if (!node->is_object()) *node = json::object();
      node = &(*node)[*key];
    } else {
      size_t index = std::get<size_t>(segment);
      if (!node->is_array()) *node = json::array();
      while (node->size() <= index) node->push_back(json::object());
      node = &(*node)[index];
    }
  }
  *node = std::move(value);
  std::string canonical = FormatFactPath(*segments);
  if (!evidence.source.empty()) evidence_[canonical] = std::move(evidence);
  absent_.erase(canonical);
}

void Facts::MarkAbsent(std::string_view path, std::string reason) {
  auto segments = ParseFactPath(path);
  if (!segments) return;
  absent_[FormatFactPath(*segments)] = std::move(reason);
}

FactLookup Facts::Get(std::string_view path) const {
  auto segments = ParseFactPath(path);
  if (!segments) return {FactState::Unknown, nullptr, "malformed fact path '" + std::string(path) + "'"};
  return Get(*segments);
}

FactLookup Facts::Get(const std::vector<PathSegment>& segments) const {
  if (segments.empty()) return {FactState::Unknown, nullptr, "empty fact path"};
  const json* node = &tree_;
  // Each prefix is named only when something was marked absent (rare): rules look facts up
  // hundreds of times per report, and formatting every prefix was a third of triage's time.
  std::string walked;
  const bool check_absent = !absent_.empty();
  for (size_t depth = 0; depth < segments.size(); ++depth) {
    const auto& segment = segments[depth];
    if (check_absent || depth == 0) AppendFactPathSegment(walked, segment);
    if (check_absent) {
      if (auto it = absent_.find(walked); it != absent_.end()) return {FactState::Unknown, nullptr, it->second};
    }
    const json* next = nullptr;
    if (const auto* key = std::get_if<std::string>(&segment)) {
      if (node->is_object()) {
        auto it = node->find(*key);
        if (it != node->end()) next = &*it;
      }
    } else if (node->is_array() && std::get<size_t>(segment) < node->size()) {
      next = &(*node)[std::get<size_t>(segment)];
    }
    if (!next) {
      // The section's root is there, so its collector ran and this part does not exist.
      if (depth > 0) return {FactState::NotPresent, nullptr, ""};
      return {FactState::Unknown, nullptr, "no facts about '" + walked + "' were collected"};
    }
    node = next;
  }
  if (node->is_null()) return {FactState::NotPresent, nullptr, ""};
  return {FactState::Present, node, ""};
}

const Evidence* Facts::EvidenceFor(std::string_view path) const {
  auto segments = ParseFactPath(path);
  if (!segments) return nullptr;
  // The evidence of an object covers the fields below it (one prompt line is the source of all
  // of that prompt's fields): the nearest ancestor that has some.
  for (; !segments->empty(); segments->pop_back()) {
    if (auto it = evidence_.find(FormatFactPath(*segments)); it != evidence_.end()) return &it->second;
  }
  return nullptr;
}

void Facts::SetEvidence(std::string_view path, Evidence evidence) {
  auto segments = ParseFactPath(path);
  if (!segments || evidence.source.empty()) return;
  evidence_[FormatFactPath(*segments)] = std::move(evidence);
}

namespace {
// Objects merge key by key (two collectors may both write below "summary"); anything else
// is replaced.
void DeepMerge(json& into, const json& from) {
  if (!into.is_object() || !from.is_object()) {
    into = from;
    return;
  }
  for (const auto& [key, value] : from.items()) DeepMerge(into[key], value);
}
}  // namespace

void Facts::Merge(const Facts& other) {
  DeepMerge(tree_, other.tree_);
  for (const auto& [key, value] : other.evidence_) evidence_[key] = value;
  for (const auto& [key, value] : other.absent_) absent_[key] = value;
}

json Facts::ToJson() const {
  json evidence = json::object();
  for (const auto& [path, ev] : evidence_) {
    json& entry = evidence[path];
    entry["source"] = ev.source;
    if (!ev.excerpt.empty()) entry["excerpt"] = ev.excerpt;
  }
  // Moved, not copied: a large triage has hundreds of thousands of evidence entries (D15 bench).
  return {{"values", tree_}, {"evidence", std::move(evidence)}, {"absent", absent_}};
}

Facts Facts::FromParts(json tree, std::map<std::string, Evidence> evidence, std::map<std::string, std::string> absent) {
  Facts facts;
  if (tree.is_object()) facts.tree_ = std::move(tree);
  facts.evidence_ = std::move(evidence);
  facts.absent_ = std::move(absent);
  return facts;
}

Facts Facts::FromJson(const json& j) {
  Facts facts;
  if (j.contains("values") && j["values"].is_object()) facts.tree_ = j["values"];
  if (j.contains("evidence") && j["evidence"].is_object()) {
    for (const auto& [path, ev] : j["evidence"].items()) {
      if (ev.is_object()) facts.evidence_[path] = Evidence{ev.value("source", ""), ev.value("excerpt", "")};
    }
  }
  if (j.contains("absent") && j["absent"].is_object()) {
    for (const auto& [path, reason] : j["absent"].items()) {
      if (reason.is_string()) facts.absent_[path] = reason.get<std::string>();
    }
  }
  return facts;
}

}  // namespace rd
