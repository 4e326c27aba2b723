#include "core/fact_path.h"

#include <cctype>

namespace rd {

namespace {
bool IsPlainKeyChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }
}  // namespace

std::optional<std::vector<PathSegment>> ParseFactPath(std::string_view path) {
  std::vector<PathSegment> out;
  size_t i = 0;
  bool expect_key = true;
  while (i < path.size()) {
    if (path[i] == '[') {
      size_t close = path.find(']', i);
      if (close == std::string_view::npos) return std::nullopt;
      std::string_view inner = path.substr(i + 1, close - i - 1);
      if (inner.size() >= 2 && inner.front() == '"' && inner.back() == '"') {
        out.emplace_back(std::string(inner.substr(1, inner.size() - 2)));
      } else {
        if (inner.empty()) return std::nullopt;
        size_t index = 0;
        for (char c : inner) {
          if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
          index = index * 10 + static_cast<size_t>(c - '0');
        }
        out.emplace_back(index);
      }
      i = close + 1;
      expect_key = false;
    } else if (path[i] == '.') {
      if (expect_key) return std::nullopt;
      expect_key = true;
      ++i;
    } else {
      if (!expect_key) return std::nullopt;
      size_t start = i;
      while (i < path.size() && IsPlainKeyChar(path[i])) ++i;
      if (i == start) return std::nullopt;
      out.emplace_back(std::string(path.substr(start, i - start)));
      expect_key = false;
    }
  }
  if (out.empty() || expect_key) return std::nullopt;
  return out;
}

void AppendFactPathSegment(std::string& out, const PathSegment& segment) {
  if (const auto* index = std::get_if<size_t>(&segment)) {
    out += "[" + std::to_string(*index) + "]";
    return;
  }
  const auto& key = std::get<std::string>(segment);
  bool plain = !key.empty();
  for (char c : key) plain = plain && IsPlainKeyChar(c);
  if (plain) {
    if (!out.empty()) out += '.';
    out += key;
  } else {
    out += "[\"" + key + "\"]";
  }
}

std::string FormatFactPath(const std::vector<PathSegment>& segments) {
  std::string out;
  for (const auto& segment : segments) AppendFactPathSegment(out, segment);
  return out;
}

std::string GenericFactPath(std::string_view path) {
  auto segments = ParseFactPath(path);
  if (!segments) return std::string(path);
  std::vector<PathSegment> keys;
  for (auto& s : *segments) {
    if (std::holds_alternative<std::string>(s)) keys.push_back(s);
  }
  return FormatFactPath(keys);
}

}  // namespace rd
