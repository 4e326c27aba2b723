#include "parsers/device_listing.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(DeviceListing, KfdAndRenderNodes) {
  auto nodes = ParseDeviceListing(
      "$ ls -l /dev/kfd /dev/dri\n"
      "crw-rw---- 1 root render 511, 0 Jan  1 10:00 /dev/kfd\n"
      "/dev/dri:\n"
      "drwxr-xr-x  2 root root         80 Jan  1 10:00 by-path\n"
      "crw-rw----+ 1 root video  226,   1 Jan  1 10:00 card1\n"
      "crw-rw-rw-  1 root render 226, 128 Jan  1 10:00 renderD128\n");
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes[0].name, "kfd");
  EXPECT_EQ(nodes[0].group, "render");
  EXPECT_EQ(nodes[0].mode, "0660");
  EXPECT_TRUE(nodes[0].char_device);
  EXPECT_EQ(nodes[0].line, 1u);
  EXPECT_EQ(nodes[1].name, "card1");
  EXPECT_EQ(nodes[1].group, "video");
  EXPECT_EQ(nodes[2].name, "renderD128");
  EXPECT_EQ(nodes[2].mode, "0666");
}

TEST(DeviceListing, OtherFilesAndBrokenLinesAreNotNodes) {
  EXPECT_FALSE(ParseDeviceNodeLine("-rw-r--r-- 1 root root 1234 Jan  1 10:00 /etc/kfd.conf"));
  EXPECT_FALSE(ParseDeviceNodeLine("crw-rw---- 1 root render 511, 0 Jan  1 10:00 /dev/nvidia0"));
  EXPECT_FALSE(ParseDeviceNodeLine("crw-rw---- root render /dev/kfd"));
  EXPECT_FALSE(ParseDeviceNodeLine(""));
  EXPECT_TRUE(ParseDeviceListing(std::string(100000, 'c')).empty());
}

}  // namespace
}  // namespace rd
