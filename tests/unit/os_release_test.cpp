#include "parsers/os_release.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(OsReleaseTest, ParsesUbuntu2204) {
  // /etc/os-release of the rocm/dev-ubuntu-22.04 image (Ubuntu 22.04.5 LTS).
  auto r = ParseOsRelease(R"X(PRETTY_NAME="Ubuntu 22.04.5 LTS"
NAME="Ubuntu"
VERSION_ID="22.04"
VERSION="22.04.5 LTS (Jammy Jellyfish)"
VERSION_CODENAME=jammy
ID=ubuntu
ID_LIKE=debian
)X");
  EXPECT_EQ(r.fields["ID"], "ubuntu");
  EXPECT_EQ(r.fields["VERSION_ID"], "22.04");
  EXPECT_EQ(r.fields["PRETTY_NAME"], "Ubuntu 22.04.5 LTS");
  EXPECT_EQ(r.lines["ID"], 6);
  EXPECT_TRUE(r.problems.empty());
}

TEST(OsReleaseTest, UnquotesEscapesAndSingleQuotes) {
  auto r = ParseOsRelease("NAME=\"Say \\\"hi\\\" \\$x\"\nID='rhel'\n# comment\n\n");
  EXPECT_EQ(r.fields["NAME"], "Say \"hi\" $x");
  EXPECT_EQ(r.fields["ID"], "rhel");
}

TEST(OsReleaseTest, GarbageLinesAreProblemsNotFields) {
  auto r = ParseOsRelease(std::string("\x7f" "ELF\x02\x01\x01\x00\x00\nlowercase=x\nID=debian\nno equals sign\n", 47));
  EXPECT_EQ(r.fields.size(), 1u);
  EXPECT_EQ(r.fields["ID"], "debian");
  EXPECT_EQ(r.problems.size(), 3u);
}

TEST(OsReleaseTest, BinaryValueIsRejected) {
  auto r = ParseOsRelease(std::string("ID=deb\x01\xff\n", 9));
  EXPECT_TRUE(r.fields.empty());
}

}  // namespace
}  // namespace rd
