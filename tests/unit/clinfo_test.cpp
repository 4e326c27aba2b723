#include "parsers/clinfo.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(Clinfo, BoardNamesAndTargetsPairUp) {
  // rocm-clinfo | grep -P 'Board|gfx' (ROCm/ROCm#5696)
  std::string grep = "  Board name:\t\t\t\t\t AMD Radeon AI PRO R9700\n  Name:\t\t\t\t\t\t gfx1201\n"
                     "  Board name:\t\t\t\t\t Radeon 8060S Graphics\n  Name:\t\t\t\t\t\t gfx1201\n";
  ASSERT_TRUE(LooksLikeClinfo(grep));
  auto d = ParseClinfo(grep);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].board_name, "AMD Radeon AI PRO R9700");
  EXPECT_EQ(d[0].gfx, "gfx1201");
  EXPECT_EQ(d[1].board_name, "Radeon 8060S Graphics");
  EXPECT_EQ(d[1].line, 2u);
}

TEST(Clinfo, DefaultLayoutWithoutColonsAndTargetFeatures) {
  std::string text = "Number of platforms 1\n  Platform Name   AMD Accelerated Parallel Processing\n"
                     "  Device Name                                     gfx1030:xnack-\n"
                     "  Device Type                                     GPU\n"
                     "  Board name                                      AMD Radeon RX 6800 XT\n";
  ASSERT_TRUE(LooksLikeClinfo(text));
  auto d = ParseClinfo(text);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].gfx, "gfx1030");
  EXPECT_EQ(d[0].board_name, "AMD Radeon RX 6800 XT");
}

TEST(Clinfo, OtherTextIsNot) {
  EXPECT_FALSE(LooksLikeClinfo("Name: gfx1100\nMarketing Name: Radeon RX 7900 XTX\n"));  // rocminfo's
  EXPECT_TRUE(ParseClinfo("Name: Intel(R) UHD\nDevice Name: Intel\n").empty());
}

}  // namespace
}  // namespace rd
