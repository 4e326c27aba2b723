#include "report/literal_matcher.h"

#include <deque>

namespace rd {

void LiteralMatcher::Add(const std::string& literal, const std::string& replacement) {
  if (literal.empty() || !seen_.insert(literal).second) return;
  literals_.emplace_back(literal, replacement);
  built_ = false;
}

int32_t LiteralMatcher::Child(int32_t node, unsigned char c) const {
  if (node == 0) return root_[c];
  for (const auto& [byte, to] : nodes_[static_cast<size_t>(node)].next) {
    if (byte == c) return to;
  }
  return -1;
}

int32_t LiteralMatcher::Step(int32_t node, unsigned char c) const {
  while (node != 0 && Child(node, c) < 0) node = nodes_[static_cast<size_t>(node)].fail;
  int32_t to = Child(node, c);
  return to < 0 ? 0 : to;
}

void LiteralMatcher::Build() const {
  nodes_.assign(1, Node{});
  root_.fill(-1);
  for (size_t k = 0; k < literals_.size(); ++k) {
    int32_t at = 0;
    for (char ch : literals_[k].first) {
      auto c = static_cast<unsigned char>(ch);
      int32_t to = Child(at, c);
      if (to < 0) {
        to = static_cast<int32_t>(nodes_.size());
        Node node;
        node.depth = nodes_[static_cast<size_t>(at)].depth + 1;
        nodes_.push_back(std::move(node));
        if (at == 0) root_[c] = to;
        else nodes_[static_cast<size_t>(at)].next.emplace_back(c, to);
      }
      at = to;
    }
    nodes_[static_cast<size_t>(at)].own = static_cast<int32_t>(k);
  }
  // Breadth first, so a node's failure target (shallower) is finished before the node.
  std::deque<int32_t> queue;
  for (int c = 0; c < 256; ++c) {
    if (root_[static_cast<size_t>(c)] >= 0) queue.push_back(root_[static_cast<size_t>(c)]);
  }
  for (int32_t id : queue) nodes_[static_cast<size_t>(id)].out = nodes_[static_cast<size_t>(id)].own;
  while (!queue.empty()) {
    int32_t u = queue.front();
    queue.pop_front();
    for (const auto& [c, v] : nodes_[static_cast<size_t>(u)].next) {
      int32_t f = nodes_[static_cast<size_t>(u)].fail;
      while (f != 0 && Child(f, c) < 0) f = nodes_[static_cast<size_t>(f)].fail;
      int32_t target = Child(f, c);
      Node& node = nodes_[static_cast<size_t>(v)];
      node.fail = target < 0 || target == v ? 0 : target;
      node.out = node.own >= 0 ? node.own : nodes_[static_cast<size_t>(node.fail)].out;
      queue.push_back(v);
    }
  }
  built_ = true;
}

std::string LiteralMatcher::ReplaceAll(std::string_view text) const {
  if (literals_.empty()) return std::string(text);
  if (!built_) Build();
  std::string out;
  out.reserve(text.size());
  size_t cursor = 0;
  while (cursor < text.size()) {
    size_t best_start = std::string_view::npos, best_length = 0, i = cursor;
    int32_t state = 0;
    for (; i < text.size(); ++i) {
      state = Step(state, static_cast<unsigned char>(text[i]));
      const Node& node = nodes_[static_cast<size_t>(state)];
      if (node.out >= 0) {
        size_t length = literals_[static_cast<size_t>(node.out)].first.size(), start = i + 1 - length;
        if (start < best_start || (start == best_start && length > best_length)) {
          best_start = start;
          best_length = length;
        }
      }
      // Every match still to come starts at or after i + 1 - depth: once that passes the best
      // start, nothing can beat it.
      if (best_start != std::string_view::npos && i + 1 - static_cast<size_t>(node.depth) > best_start) break;
    }
    if (best_start == std::string_view::npos) break;
    out.append(text.substr(cursor, best_start - cursor));
    // The replacement of the literal found (the one ending at best_start + best_length).
    int32_t at = 0;
    for (size_t j = best_start; j < best_start + best_length; ++j) at = Child(at, static_cast<unsigned char>(text[j]));
    out += literals_[static_cast<size_t>(nodes_[static_cast<size_t>(at)].own)].second;
    cursor = best_start + best_length;
  }
  out.append(text.substr(std::min(cursor, text.size())));
  return out;
}

}  // namespace rd
