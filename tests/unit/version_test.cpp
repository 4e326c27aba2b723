#include "util/version.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(VersionTest, ComparesNumericallyNotLexically) {
  EXPECT_EQ(CompareVersions("5.7.1", "5.10"), -1);
  EXPECT_EQ(CompareVersions("13", "12.9"), 1);
  EXPECT_EQ(CompareVersions("6.2", "6.2.0"), 0);
}

TEST(VersionTest, IgnoresBuildSuffixes) {
  EXPECT_EQ(CompareVersions("6.2.0-66", "6.2.0"), 0);
  EXPECT_EQ(CompareVersions("6.1.0-28-amd64", "6.1"), 0);
  EXPECT_EQ(CompareVersions("1:2.36-9+deb12u14", "2.36"), 0);
  EXPECT_EQ(CompareVersions("v6.4.1", "6.4.0"), 1);
}

TEST(VersionTest, RejectsNonVersions) {
  EXPECT_FALSE(CompareVersions("abc", "1.0").has_value());
  EXPECT_FALSE(CompareVersions("", "1.0").has_value());
  EXPECT_FALSE(ParseVersion("gfx1030").has_value());
}

TEST(VersionTest, SplitsReleaseAndSuffix) {
  auto v = ParseVersion("5.2.21153-0");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->release, (std::vector<long long>{5, 2, 21153}));
  EXPECT_EQ(v->suffix, "0");
}

TEST(VersionTest, HugeComponentsDoNotOverflow) {
  EXPECT_EQ(CompareVersions("99999999999999999999999.1", "1"), 1);
}

}  // namespace
}  // namespace rd
