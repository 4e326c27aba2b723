#include "util/strings.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(StringsTest, SplitAndTrim) {
  EXPECT_EQ(Split("a:b::c", ':'), (std::vector<std::string>{"a", "b", "", "c"}));
  EXPECT_EQ(Trim("  x \t\n"), "x");
  EXPECT_EQ(SplitLines("a\r\nb\n"), (std::vector<std::string>{"a", "b"}));
}

TEST(StringsTest, ContainsAndQuotedAfter) {
  EXPECT_TRUE(rd::Contains("hipErrorNoBinaryForGpu: x", "NoBinary"));
  EXPECT_FALSE(rd::Contains("abc", "abcd"));
  EXPECT_EQ(rd::QuotedAfter("Could not find a package \"hip\" or \"HIP\"", "package"), "hip");
  EXPECT_EQ(rd::QuotedAfter("no marker \"x\"", "package"), "");
  EXPECT_EQ(rd::QuotedAfter("package \"unterminated", "package"), "");
  EXPECT_EQ(rd::QuotedAfter("package without quotes", "package"), "");
}

TEST(StringsTest, ParseIntAcceptsDecimalAndHexOnly) {
  EXPECT_EQ(ParseInt("4098"), 4098);
  EXPECT_EQ(ParseInt("0x1002"), 0x1002);
  EXPECT_EQ(ParseInt(" -5 "), -5);
  EXPECT_FALSE(ParseInt("12abc"));
  EXPECT_FALSE(ParseInt(""));
  EXPECT_FALSE(ParseInt("99999999999999999999999"));
}

TEST(StringsTest, PrintableReplacesControlAndInvalidUtf8) {
  EXPECT_EQ(Printable(std::string("ok\x01\xff", 4)), "ok??");
  EXPECT_EQ(Printable("héllo"), "héllo");
  EXPECT_EQ(Printable(std::string(600, 'a'), 10), "aaaaaaaaaa...");
}

TEST(StringsTest, LooksLikeTextRejectsBinary) {
  EXPECT_TRUE(LooksLikeText("ID=debian\n"));
  EXPECT_FALSE(LooksLikeText(std::string("\x7f" "ELF\x02\x01\x00", 7)));
}

TEST(StringsTest, EditDistance) {
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(EditDistance("", "abc"), 3u);
  EXPECT_EQ(EditDistance("same", "same"), 0u);
}

}  // namespace
}  // namespace rd

#include "parsers/probe_output.h"
#include "util/json_depth.h"

namespace rd {
namespace {
// D11-style: nesting is measured before any parser builds a tree; brackets in strings are text.
TEST(JsonDepth, CountsNestingOutsideStrings) {
  EXPECT_EQ(JsonNestingDepth(R"({"a": [1, {"b": "[[[[{{{"}]})"), 3u);
  EXPECT_EQ(JsonNestingDepth(R"(["\"[[[", [[]]])"), 3u);
  EXPECT_EQ(JsonNestingDepth("]]]][[ broken"), 2u);
  EXPECT_TRUE(JsonDepthOk(std::string(256, '[')));
  EXPECT_FALSE(JsonDepthOk(std::string(257, '[')));
}

TEST(JsonDepth, DeepProbeLineIsGarbageNotACrash) {
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  auto out = ParseProbeOutput(deep + "\n");
  EXPECT_EQ(out.garbage_lines, 1u);
}
}  // namespace
}  // namespace rd
