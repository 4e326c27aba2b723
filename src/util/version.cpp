#include "util/version.h"

#include <cctype>

namespace rd {

std::optional<Version> ParseVersion(std::string_view text) {
  size_t colon = text.find(':');
  if (colon != std::string_view::npos && colon < text.find('.')) text.remove_prefix(colon + 1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) text.remove_prefix(1);
  Version version;
  size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    long long component = 0;
    size_t digits = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      if (digits++ < 15) component = component * 10 + (text[i] - '0');
      ++i;
    }
    version.release.push_back(component);
    if (i + 1 < text.size() && text[i] == '.' && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      ++i;
    } else {
      break;
    }
  }
  if (version.release.empty()) return std::nullopt;
  if (i < text.size()) version.suffix = std::string(text.substr(i + (text[i] == '-' || text[i] == '+' || text[i] == '~' ? 1 : 0)));
  return version;
}

std::optional<int> CompareVersions(std::string_view a, std::string_view b) {
  auto va = ParseVersion(a);
  auto vb = ParseVersion(b);
  if (!va || !vb) return std::nullopt;
  size_t n = std::max(va->release.size(), vb->release.size());
  for (size_t k = 0; k < n; ++k) {
    long long x = k < va->release.size() ? va->release[k] : 0;
    long long y = k < vb->release.size() ? vb->release[k] : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

}  // namespace rd
