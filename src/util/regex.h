#pragma once
/// Regular expressions through RE2: linear time in the text, no recursion, so no pattern (a
/// --rules file, a triage paste) can hang or crash the doctor (hostile-input report D14).
/// RE2 syntax: no lookaround, no backreferences.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace re2 {
class RE2;
}

namespace rd {

/// One match: groups[0] is the whole match, groups[i] submatch i (nullopt when it took no part).
/// The views point into the searched text.
struct RegexMatch {
  std::vector<std::optional<std::string_view>> groups;
  /// Submatch i as a string; "" when it did not take part.
  std::string operator[](size_t i) const;
  bool matched(size_t i) const { return i < groups.size() && groups[i].has_value(); }
};

class Regex {
 public:
  struct Options {
    bool case_insensitive = false;
    /// Bytes instead of UTF-8 characters: `[^/]+` then also spans invalid UTF-8 (redaction must
    /// not stop half-way through a name); the default treats the text as UTF-8.
    bool bytes = false;
  };
  static Result<Regex> Compile(std::string_view pattern, Options options);
  static Result<Regex> Compile(std::string_view pattern) { return Compile(pattern, Options{}); }
  /// For patterns written in rocm-doctor's source: a bad one is a bug, caught by its unit test.
  static Regex Literal(std::string_view pattern, Options options);
  static Regex Literal(std::string_view pattern) { return Literal(pattern, Options{}); }

  /// A match anywhere in text.
  bool Search(std::string_view text) const;
  /// The whole text matches.
  bool FullMatch(std::string_view text) const;
  /// The leftmost match starting at or after `from`; `^` and `\b` still see the text before it.
  std::optional<RegexMatch> Find(std::string_view text, size_t from = 0) const;
  /// The whole match, with its submatches, or nullopt.
  std::optional<RegexMatch> Match(std::string_view text) const;
  /// Every non-overlapping match's submatch `group` replaced by `replacement`; the rest of each
  /// match (its context) stays.
  std::string ReplaceAll(std::string_view text, int group, std::string_view replacement) const;
  const std::string& pattern() const;

 private:
  explicit Regex(std::shared_ptr<const re2::RE2> re) : re_(std::move(re)) {}
  std::optional<RegexMatch> Run(std::string_view text, size_t from, bool whole) const;
  std::shared_ptr<const re2::RE2> re_;
};

/// Many patterns matched in one pass over a text (RE2::Set): which of them match somewhere.
/// For tables of a hundred or more patterns tried on every line of a paste.
class RegexSet {
 public:
  /// Compiles every pattern; problems[i] is the error of pattern i ("" when it compiled). A set
  /// holds only the patterns that compiled; `Matching` answers with their indices in `patterns`.
  static RegexSet Compile(const std::vector<std::string>& patterns, Regex::Options options,
                          std::vector<std::string>& problems);
  /// Indices (into the patterns given to Compile) of the patterns that match somewhere in text.
  std::vector<size_t> Matching(std::string_view text) const;
  bool empty() const { return !set_; }

 private:
  std::shared_ptr<const void> set_;  // re2::RE2::Set, type-erased to keep RE2 out of this header
  std::vector<size_t> index_;        // set entry -> pattern index
};

/// True when the pattern repeats without bound a group that itself holds an unbounded quantifier
/// ((a+)*, (([a-z/:.]+)*)*): harmless for RE2, catastrophic in the backtracking engines (grep -P,
/// Python re, std::regex) that a rule's author will also try it with.
bool HasNestedUnboundedQuantifier(std::string_view pattern);

}  // namespace rd
