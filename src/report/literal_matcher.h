#pragma once
/// Replaces many literal strings in one pass (Aho–Corasick): a triage of 40,000 prompts teaches
/// the redactor 80,000 user and host names, and scrubbing must stay linear in the text and
/// adding must stay O(1) amortised (hostile-input report D15: rebuilding an index per literal
/// was quadratic).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace rd {

class LiteralMatcher {
 public:
  /// The first replacement given for a literal wins. The automaton is rebuilt on the next
  /// ReplaceAll, once for any number of Adds.
  void Add(const std::string& literal, const std::string& replacement);
  /// Leftmost-longest, non-overlapping: at each position the longest literal starting there.
  std::string ReplaceAll(std::string_view text) const;
  bool empty() const { return literals_.empty(); }
  size_t size() const { return literals_.size(); }

 private:
  struct Node {
    std::vector<std::pair<unsigned char, int32_t>> next;
    int32_t fail = 0;
    int32_t depth = 0;
    int32_t own = -1;  ///< The literal ending exactly here.
    int32_t out = -1;  ///< The longest literal that is a suffix of this node's text.
  };
  void Build() const;
  int32_t Child(int32_t node, unsigned char c) const;
  int32_t Step(int32_t node, unsigned char c) const;

  std::vector<std::pair<std::string, std::string>> literals_;
  std::unordered_set<std::string> seen_;
  mutable std::vector<Node> nodes_;
  mutable std::array<int32_t, 256> root_{};
  mutable bool built_ = true;
};

}  // namespace rd
