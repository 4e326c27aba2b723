// issue 14 item 5 (ux-review U11): the wrapper behind the text report's 80-column output.
#include "util/text_wrap.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

std::string Join(const std::vector<SpanLine>& lines) {
  std::string out;
  for (const auto& line : lines) {
    for (const auto& span : line) out += span.text;
    out += "|";
  }
  return out;
}

TEST(TextWrapTest, Utf8MarksCountAsOneColumn) {
  EXPECT_EQ(DisplayWidth("[✓] System — x · y → z"), 22u);
  EXPECT_EQ(DisplayWidth("☠ ✗ • –"), 7u);
  EXPECT_EQ(DisplayWidth(""), 0u);
}

TEST(TextWrapTest, BreaksAtSpacesWithAHangingIndent) {
  EXPECT_EQ(WrapPlain("    ✗ the amdgpu driver is not loaded  [driver.x]", 30, 6),
            "    ✗ the amdgpu driver is not\n      loaded  [driver.x]");
  // the ✓ is one column, so this fits in exactly 12
  EXPECT_EQ(WrapPlain("[✓] abc defg", 12, 4), "[✓] abc defg");
  EXPECT_EQ(WrapPlain("[✓] abc defgh", 12, 4), "[✓] abc\n    defgh");
}

TEST(TextWrapTest, EveryLineFitsAndNoWordIsLost) {
  std::string text = "[!] Libraries — libamdhip64.so.6 resolves to /opt/rocm-6.2.0/lib but the loader "
                     "cache points at /usr/lib/x86_64-linux-gnu for three of the five libraries";
  std::string wrapped = WrapPlain(text, 40, 4);
  size_t start = 0;
  std::string words;
  while (start <= wrapped.size()) {
    size_t end = wrapped.find('\n', start);
    if (end == std::string::npos) end = wrapped.size();
    std::string line = wrapped.substr(start, end - start);
    EXPECT_LE(DisplayWidth(line), 40u) << line;
    if (start > 0) {
      EXPECT_EQ(line.rfind("    ", 0), 0u) << line;
    }
    words += line + " ";
    start = end + 1;
  }
  std::string squeezed;
  for (char c : words) {
    if (c != ' ' || (!squeezed.empty() && squeezed.back() != ' ')) squeezed += c;
  }
  EXPECT_EQ(squeezed, "[!] Libraries — libamdhip64.so.6 resolves to /opt/rocm-6.2.0/lib but the loader cache points at "
                      "/usr/lib/x86_64-linux-gnu for three of the five libraries ");
}

TEST(TextWrapTest, ALongWordStaysWholeOnItsOwnLine) {
  std::string path = "/opt/rocm-6.2.0/lib/llvm/lib/clang/18/lib/amdgcn/bitcode/oclc_abi_version_500.bc";
  EXPECT_EQ(WrapPlain("    · missing: " + path + " (bitcode)", 40, 8), "    · missing:\n        " + path + "\n        (bitcode)");
  // a first word longer than the width is not broken either
  EXPECT_EQ(WrapPlain(path, 20, 4), path);
}

TEST(TextWrapTest, KeepsTheIndentAndDropsSpacesAtABreak) {
  EXPECT_EQ(WrapPlain("      aaaa bbbb    cccc", 16, 8), "      aaaa bbbb\n        cccc");
  EXPECT_EQ(WrapPlain("a  b", 80, 2), "a  b");  // a run of spaces inside a line stays
}

TEST(TextWrapTest, WidthZeroDoesNotWrapAndNewlineContinues) {
  std::string long_line(300, 'x');
  EXPECT_EQ(WrapPlain(long_line + " y", 0, 4), long_line + " y");
  EXPECT_EQ(WrapPlain("title\nsecond line", 0, 4), "title\n    second line");
}

TEST(TextWrapTest, AWordKeepsItsColoursAcrossSpansAndBreaks) {
  SpanLine line = {{"[", ""}, {"✗", "31"}, {"] ", ""}, {"Toolchain", "1"}, {" — hipcc failed", ""}};
  auto lines = WrapSpans(line, 14, 4);
  EXPECT_EQ(Join(lines), "[✗] Toolchain|    — hipcc|    failed|");
  ASSERT_EQ(lines[0].size(), 4u);  // "[" "✗" "] " "Toolchain": one span per colour run
  EXPECT_EQ(lines[0][1].text, "✗");
  EXPECT_EQ(lines[0][1].sgr, "31");
  EXPECT_EQ(lines[0][2].text, "] ");
  EXPECT_EQ(lines[0][3].text, "Toolchain");
  EXPECT_EQ(lines[0][3].sgr, "1");
  EXPECT_EQ(lines[2].back().sgr, "");
}

}  // namespace
}  // namespace rd
