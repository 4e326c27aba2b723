#include "util/negation.h"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace rd {
namespace {

bool NegatedAt(std::string_view line, std::string_view target) { return NegatedBefore(line, line.find(target)); }

TEST(NegationTest, WordsThatDenyWhatFollows) {
  EXPECT_TRUE(NegatedAt("this is not WSL, it is bare metal", "WSL"));
  EXPECT_TRUE(NegatedAt("same on a non-WSL machine", "WSL"));
  EXPECT_TRUE(NegatedAt("Missing \"HSA_FORCE_FINE_GRAIN_PCIE=1\" from environment", "HSA_"));
  EXPECT_TRUE(NegatedAt("without `HSA_OVERRIDE_GFX_VERSION=10.3.0` it fails", "HSA_"));
  EXPECT_TRUE(NegatedAt("It isn't WSL", "WSL"));
  EXPECT_TRUE(NegatedAt("I am not using WSL2", "WSL"));
  EXPECT_TRUE(NegatedAt("NO HSA_OVERRIDE_GFX_VERSION set", "HSA_"));
}

TEST(NegationTest, WordEndingsAndPlainTextAreNotNegations) {
  EXPECT_FALSE(NegatedAt("running under WSL2 on Windows 11", "WSL"));
  EXPECT_FALSE(NegatedAt("piano WSL", "WSL"));          // ends with "no", inside a word
  EXPECT_FALSE(NegatedAt("Ubuntu on WSL", "WSL"));        // "on" alone denies nothing
  EXPECT_FALSE(NegatedAt("export HSA_OVERRIDE_GFX_VERSION=11.0.0", "HSA_"));
  EXPECT_FALSE(NegatedBefore("", 0));
  EXPECT_TRUE(NegatedBefore("not", 99));  // past the end: the whole line is before it
  EXPECT_TRUE(NegatedBefore("not", 3));
}

}  // namespace
}  // namespace rd
