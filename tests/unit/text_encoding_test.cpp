// UTF-16 pastes (PowerShell `>` redirects) are decoded; UTF-8 with stray NULs is left alone
// (hostile-input report m9).
#include "util/text_encoding.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

std::string Utf16(const std::u16string& text, bool little, bool bom) {
  std::string out;
  auto put = [&](char16_t u) {
    char lo = static_cast<char>(u & 0xFF), hi = static_cast<char>(u >> 8);
    out += little ? lo : hi;
    out += little ? hi : lo;
  };
  if (bom) put(0xFEFF);
  for (char16_t u : text) put(u);
  return out;
}

TEST(TextEncoding, DecodesUtf16BothOrdersWithAndWithoutBom) {
  std::u16string text = u"ROCk module is loaded\r\n  Name:                    gfx1031\r\n  · Radeon™ 😀\r\n";
  std::string expected = "ROCk module is loaded\r\n  Name:                    gfx1031\r\n  · Radeon™ 😀\r\n";
  for (bool little : {true, false}) {
    for (bool bom : {true, false}) {
      auto decoded = DecodeUtf16(Utf16(text, little, bom));
      ASSERT_TRUE(decoded) << little << bom;
      EXPECT_EQ(*decoded, expected);
    }
  }
}

TEST(TextEncoding, LeavesUtf8AndShortOrBinaryTextAlone) {
  EXPECT_FALSE(DecodeUtf16("ROCk module is loaded\n"));
  EXPECT_FALSE(DecodeUtf16(std::string("Agent 1\0\0 Name: gfx90a\n with a NUL or two", 42)));
  EXPECT_FALSE(DecodeUtf16(std::string("a\0b\0", 4)));  // too short to tell
}

TEST(TextEncoding, UnpairedSurrogateBecomesReplacementCharacter) {
  std::string bytes = Utf16(u"ab", true, true) + std::string("\x00\xD8", 2) + Utf16(u"cd", true, false);
  auto decoded = DecodeUtf16(bytes);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(*decoded, "ab\xEF\xBF\xBD" "cd");
}

}  // namespace
}  // namespace rd
