#pragma once
/// Rules are data (rules/*.toml, docs/rules.md). This is their in-memory form.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/fact_catalog.h"
#include "core/finding.h"
#include "core/sections.h"
#include "util/regex.h"

namespace rd {

struct Condition {
  enum class Kind { Leaf, All, Any, Not };
  Kind kind = Kind::All;
  std::string fact;          ///< Leaf: the fact path, relative to for_each when it starts with it.
  std::string op;            ///< Leaf: eq, ne, in, not_in, matches, contains, exists, missing, …
  nlohmann::json operand;    ///< Leaf: the operator's argument as written.
  std::optional<Regex> regex;       ///< Leaf with op = matches.
  /// Leaf: the truth to use when the fact is unknown (`if_unknown = false`): a guard such as
  /// "unless the app's log shows it ran on the GPU" on a fact only some routes have.
  std::optional<bool> if_unknown;
  std::vector<Condition> children;  ///< All/Any/Not.
  int line = 0;
};

struct Rule {
  std::string id;
  std::string section;
  Severity severity = Severity::Warning;
  std::string for_each;  ///< Fact path of an array; the rule is evaluated once per element.
  Condition when;        ///< An All group of the rule's `when` list.
  std::string title, fix, explain;
  std::vector<std::string> refs;     ///< Documentation.
  std::vector<std::string> tickets;  ///< Public tickets the rule's knowledge came from.
  /// Rules this one is the root cause of when both fire (issue 14 item 3): nomodeset explains
  /// "amdgpu not loaded", "rocminfo failed" and "rocm_smi unavailable".
  std::vector<std::string> explains;
  std::string file;
  int line = 0;
  /// Non-empty: the rule loaded but is never evaluated, for this reason (also a lint problem):
  /// a regex with a nested unbounded quantifier (hostile-input report D14).
  std::string not_evaluated;
};

/// One requirement of a section's ✓ (rules/sections.toml, issue 14 item 1): `when` must hold.
/// Unknown → "?" with `reason` and why the fact is unknown; false → `otherwise` with `reason`.
struct SectionCheck {
  Condition when;
  std::string reason;
  SectionMark otherwise = SectionMark::Unknown;  ///< Unknown, NotApplicable, Warning or Error.
  std::string file;
  int line = 0;
};

/// One part of a section's one-line summary (issue 14 item 2): `text` is a template, shown when
/// `when` holds (if given) and every fact it names is present.
struct SectionSummaryPart {
  std::string text;
  std::optional<Condition> when;
};

/// What a section needs to be ✓, in order: the first check that does not hold decides.
struct SectionRequirements {
  std::string id;
  std::vector<SectionSummaryPart> summary;
  /// "?" on a required section counts as a warning for --fail-on (docs/rules.md).
  bool required = false;
  std::vector<SectionCheck> checks;
};

/// A problem in the rule database, located by file:line:column.
struct Diagnostic {
  std::string file;
  int line = 0;
  int column = 0;
  std::string message;
  std::string Format() const;
};

struct RuleDatabase {
  std::vector<Rule> rules;
  nlohmann::json data = nlohmann::json::object();  ///< rules/data/*.toml by file stem.
  std::vector<Diagnostic> diagnostics;             ///< Non-empty: some rules were skipped.
  std::string version;                             ///< rules/VERSION, or "unversioned".
  std::vector<std::string> dirs;                   ///< Where they came from, in load order.
  FactCatalog catalog;                             ///< facts.toml of the dirs (a later dir's entry replaces).
  std::vector<SectionRequirements> sections;       ///< [[section]] tables (a later dir's replaces).
};

/// The operators a leaf condition may use (for lint and docs).
const std::vector<std::string>& ConditionOperators();

}  // namespace rd
