#include "util/negation.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "util/strings.h"

namespace rd {

bool NegatedBefore(std::string_view line, size_t at) {
  at = std::min(at, line.size());
  constexpr size_t kWindow = 24;  // the longest phrase plus the quotes and spaces around it
  std::string before = ToLower(line.substr(at > kWindow ? at - kWindow : 0, at > kWindow ? kWindow : at));
  while (!before.empty() && (before.back() == '"' || before.back() == '\'' || before.back() == '`' || before.back() == ' ')) {
    before.pop_back();
  }
  for (std::string_view word : {"missing", "without", "no", "not", "non-", "isn't", "unset", "lacks", "instead of",
                                "not on", "not in", "not using"}) {
    if (!EndsWith(before, word)) continue;
    size_t start = before.size() - word.size();
    if (start == 0 || !std::isalpha(static_cast<unsigned char>(before[start - 1]))) return true;
  }
  return false;
}

}  // namespace rd
