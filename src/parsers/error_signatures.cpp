#include "parsers/error_signatures.h"

#include <set>

#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxLineBytes = 4096;
constexpr size_t kTerminalColumns = 80;  // the width a terminal copy is hard-wrapped at

bool ValidId(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

std::string Where(const std::string& table, size_t index, const std::string& id) {
  return table + ": signature " + std::to_string(index + 1) + (id.empty() ? "" : " (" + id + ")") + ": ";
}

}  // namespace

SignatureTable LoadSignatureTable(const nlohmann::json* data) {
  SignatureTable table;
  if (!data || !data->is_object()) return table;
  std::set<std::string> seen;
  for (const auto& [name, root] : data->items()) {
    if (!StartsWith(name, "signatures") || !root.is_object() || !root.contains("signature")) continue;
    const auto& rows = root["signature"];
    if (!rows.is_array()) {
      table.problems.push_back(name + ": 'signature' must be an array of tables ([[signature]])");
      continue;
    }
    for (size_t i = 0; i < rows.size(); ++i) {
      const auto& row = rows[i];
      std::string id = row.is_object() && row.contains("id") && row["id"].is_string() ? row["id"].get<std::string>() : "";
      std::string pattern =
          row.is_object() && row.contains("pattern") && row["pattern"].is_string() ? row["pattern"].get<std::string>() : "";
      if (!ValidId(id)) {
        table.problems.push_back(Where(name, i, id) + "needs an id of [a-z0-9_], at most 64 characters");
        continue;
      }
      if (!seen.insert(id).second) {
        table.problems.push_back(Where(name, i, id) + "id used twice");
        continue;
      }
      if (pattern.empty()) {
        table.problems.push_back(Where(name, i, id) + "needs a pattern");
        continue;
      }
      if (HasNestedUnboundedQuantifier(pattern)) {
        table.problems.push_back(Where(name, i, id) + "pattern repeats an unbounded group (hangs backtracking engines)");
        continue;
      }
      auto regex = Regex::Compile(pattern);
      if (!regex) {
        table.problems.push_back(Where(name, i, id) + "pattern: " + regex.error().message);
        continue;
      }
      table.signatures.push_back({id, pattern, name});
      table.regexes.push_back(std::move(regex).value());
    }
  }
  std::vector<std::string> patterns, problems;
  for (const auto& s : table.signatures) patterns.push_back(s.pattern);
  table.set = RegexSet::Compile(patterns, Regex::Options{}, problems);
  for (size_t i = 0; i < problems.size(); ++i) {
    if (!problems[i].empty()) table.problems.push_back(Where(table.signatures[i].table, i, table.signatures[i].id) + problems[i]);
  }
  return table;
}

std::vector<SignatureHit> MatchSignatures(const SignatureTable& table, std::string_view text, size_t max_lines) {
  std::vector<SignatureHit> hits;
  if (table.set.empty()) return hits;
  std::vector<bool> done(table.signatures.size(), false);
  auto match = [&](std::string_view looked, size_t line) {
    for (size_t s : table.set.Matching(looked)) {
      if (done[s]) continue;
      done[s] = true;
      auto m = table.regexes[s].Find(looked);
      std::string value = m ? ((*m).matched(1) ? (*m)[1] : (*m)[0]) : std::string(looked);
      std::string excerpt(Trim(looked));
      if (excerpt.size() > 400) excerpt = excerpt.substr(0, 397) + "...";
      hits.push_back({s, line, std::move(excerpt), std::string(Trim(value))});
    }
  };
  size_t line = 0, start = 0;
  while (start < text.size() && line < max_lines) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view whole = text.substr(start, end - start);
    match(whole.substr(0, kMaxLineBytes), line);
    // A terminal copy hard-wraps at 80 columns, mid-word ("which is als" / "o in package ..."):
    // such a line is matched once more joined with the next (ROCm/legacy-rocm-build#1543).
    if (whole.size() == kTerminalColumns && end < text.size()) {
      size_t next_end = text.find('\n', end + 1);
      if (next_end == std::string_view::npos) next_end = text.size();
      std::string joined(whole);
      joined.append(text.substr(end + 1, next_end - end - 1));
      match(std::string_view(joined).substr(0, kMaxLineBytes), line);
    }
    start = end + 1;
    ++line;
  }
  return hits;
}

}  // namespace rd
