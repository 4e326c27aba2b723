#include "util/whole_number.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace rd {
namespace {

TEST(WholeNumber, IntegersOnlyInsideTheRange) {
  EXPECT_EQ(WholeNumber(42.0), 42);
  EXPECT_EQ(WholeNumber(-7.0), -7);
  EXPECT_FALSE(WholeNumber(42.5));
  EXPECT_FALSE(WholeNumber(1e300));  // the fuzzer's input: a cast would be undefined
  EXPECT_FALSE(WholeNumber(9223372036854775808.0));
  EXPECT_EQ(WholeNumber(-9223372036854775808.0), std::numeric_limits<long long>::min());
  EXPECT_FALSE(WholeNumber(std::nan("")));
  EXPECT_FALSE(WholeNumber(std::numeric_limits<double>::infinity()));
}

TEST(WholeNumber, ClampToInteger) {
  EXPECT_EQ(ClampToInteger(3.9), 3);
  EXPECT_EQ(ClampToInteger(-3.9), -3);
  EXPECT_EQ(ClampToInteger(1e300), std::numeric_limits<long long>::max());
  EXPECT_EQ(ClampToInteger(-1e300), std::numeric_limits<long long>::min());
  EXPECT_EQ(ClampToInteger(std::nan("")), 0);
}

}  // namespace
}  // namespace rd
