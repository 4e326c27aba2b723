#pragma once
/// The fact tree: one JSON document of everything collected, plus where each fact came from
/// and why a fact is absent. A rule that needs an absent fact is "not evaluated", never fired.
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/fact_path.h"

namespace rd {

/// Where a fact came from: "file:/etc/os-release", "cmd:rocminfo (exit 0, 41 ms)", "env".
struct Evidence {
  std::string source;
  std::string excerpt;  ///< The line(s) it was read from, when short.
};

enum class FactState {
  Present,     ///< A value is there.
  NotPresent,  ///< Its collector ran and found nothing: `missing = true` is a definite answer.
  Unknown,     ///< Could not be read, or no collector produced that part of the tree.
};

struct FactLookup {
  FactState state = FactState::Unknown;
  const nlohmann::json* value = nullptr;
  std::string reason;  ///< For Unknown: why.
};

class Facts {
 public:
  /// Sets a value, creating parents; a malformed path is ignored (it is a programming error that
  /// the catalog test catches).
  void Set(std::string_view path, nlohmann::json value, Evidence evidence = {});
  /// Records that `path` could not be read and why; its subtree becomes Unknown.
  void MarkAbsent(std::string_view path, std::string reason);
  FactLookup Get(std::string_view path) const;
  /// The same for a path already parsed (the evaluator walks array elements by segments).
  FactLookup Get(const std::vector<PathSegment>& segments) const;
  /// The evidence of `path`, or of its nearest ancestor that has some.
  const Evidence* EvidenceFor(std::string_view path) const;
  /// Evidence for a whole object: every field below it that has none of its own shares it.
  void SetEvidence(std::string_view path, Evidence evidence);

  /// Adds another collector's facts (their roots do not overlap).
  void Merge(const Facts& other);
  const nlohmann::json& tree() const { return tree_; }
  const std::map<std::string, Evidence>& evidence() const { return evidence_; }
  const std::map<std::string, std::string>& absent() const { return absent_; }

  nlohmann::json ToJson() const;  ///< {"values":…, "evidence":…, "absent":…}
  static Facts FromJson(const nlohmann::json& j);
  /// From parts already in the right shape (redaction rebuilds a scrubbed copy without a JSON
  /// round trip of a large tree, hostile-input report D15).
  static Facts FromParts(nlohmann::json tree, std::map<std::string, Evidence> evidence,
                         std::map<std::string, std::string> absent);

 private:
  nlohmann::json tree_ = nlohmann::json::object();
  std::map<std::string, Evidence> evidence_;
  std::map<std::string, std::string> absent_;
};

}  // namespace rd
