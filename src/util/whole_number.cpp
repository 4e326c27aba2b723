#include "util/whole_number.h"

#include <cmath>
#include <limits>

namespace rd {

namespace {
// 2^63 is exactly representable; every double below it (and >= -2^63) fits in a long long.
constexpr double kLimit = 9223372036854775808.0;
}  // namespace

std::optional<long long> WholeNumber(double v) {
  if (!std::isfinite(v) || v >= kLimit || v < -kLimit || std::trunc(v) != v) return std::nullopt;
  return static_cast<long long>(v);
}

long long ClampToInteger(double v) {
  if (std::isnan(v)) return 0;
  if (v >= kLimit) return std::numeric_limits<long long>::max();
  if (v < -kLimit) return std::numeric_limits<long long>::min();
  return static_cast<long long>(v);
}

}  // namespace rd
