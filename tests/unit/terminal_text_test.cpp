// util/terminal_text: the one printable-text pass of every text output (hostile-input report D5).
#include "util/terminal_text.h"

#include <gtest/gtest.h>

#include <sstream>

#include "terminal_check.h"

namespace rd {
namespace {

using namespace std::string_literals;

TEST(TerminalSafeTest, ReplacesEachHostileFormWithOneQuestionMark) {
  EXPECT_EQ(TerminalSafe("a\x07" "b"), "a?b");                 // BEL
  EXPECT_EQ(TerminalSafe("ab\x08\x08OK"), "ab??OK");           // backspaces
  EXPECT_EQ(TerminalSafe("\x1b[2J"), "?[2J");                  // ESC: the sequence becomes inert text
  EXPECT_EQ(TerminalSafe("\x1b]52;c;eA==\x07"), "?]52;c;eA==?");  // OSC 52
  EXPECT_EQ(TerminalSafe("\x1bP+q\x1b\\"), "?P+q?\\");         // DCS
  EXPECT_EQ(TerminalSafe("\x9b" "2J"), "?2J");                 // raw 8-bit CSI
  EXPECT_EQ(TerminalSafe("\xc2\x9b" "2J"), "?2J");             // U+009B
  EXPECT_EQ(TerminalSafe("\xc2\x80\xc2\x9f"), "??");           // the C1 range ends
  EXPECT_EQ(TerminalSafe("\xe2\x80\xae" "lave"), "?lave");     // U+202E bidi override
  EXPECT_EQ(TerminalSafe("\xe2\x80\xaa\xe2\x81\xa9"), "??");   // U+202A, U+2069
  EXPECT_EQ(TerminalSafe("a\0b"s), "a?b");                     // NUL
  EXPECT_EQ(TerminalSafe("\x7f\r"), "??");                     // DEL, CR
  EXPECT_EQ(TerminalSafe("\xff\xfe"), "??");                   // invalid UTF-8
  EXPECT_EQ(TerminalSafe("\xc0\x9b"), "??");                   // overlong
  EXPECT_EQ(TerminalSafe("\xed\xa0\x80"), "???");              // a surrogate
  EXPECT_EQ(TerminalSafe("\xe2\x9c"), "??");                   // truncated ✓
}

TEST(TerminalSafeTest, KeepsNewlineTabAndUnicodeText) {
  std::string text = "line one\n\tü ✓ — → ☠ 日本 \xf0\x9f\x99\x82 \xc2\xa0";
  EXPECT_EQ(TerminalSafe(text), text);
  EXPECT_EQ(testing::TerminalProblem(TerminalSafe(testing::kHostile)), "");
  EXPECT_NE(testing::TerminalProblem(testing::kHostile), "");  // the checker itself can fail
}

TEST(TerminalSafeTest, FirstUnsafeNamesTheCharacter) {
  EXPECT_EQ(FirstTerminalUnsafe("ok\n\tü"), std::nullopt);
  EXPECT_EQ(FirstTerminalUnsafe("x\x1b[2J"), "U+001B");
  EXPECT_EQ(FirstTerminalUnsafe("x\xc2\x9b"), "U+009B");
  EXPECT_EQ(FirstTerminalUnsafe("\xe2\x80\xae"), "U+202E");
  EXPECT_EQ(FirstTerminalUnsafe("a\xff"), "byte 0xFF (not UTF-8)");
}

TEST(TerminalTextTest, ContentIsCleanedAndOnlyOwnColourCodesRemain) {
  TerminalText coloured(true);
  coloured << "title \x1b[2J" << TerminalText::Painted{"[id\x07]", "31"} << "\n";
  EXPECT_EQ(coloured.str(), "title ?[2J\033[31m[id?]\033[0m\n");
  TerminalText plain(false);
  plain << "x\x9b" << TerminalText::Painted{"y", "32"};
  EXPECT_EQ(plain.str(), "x?y");
  TerminalText bad_code(true);
  bad_code << TerminalText::Painted{"z", "2J\x1b"};  // never a sequence other than SGR
  EXPECT_EQ(bad_code.str(), "z");
}

TEST(TerminalSafeScopeTest, SanitisesLinesAndKeepsCharactersSplitAcrossWrites) {
  std::ostringstream sink;
  {
    TerminalSafeScope scope(sink);
    sink << "read \x1b]0;pwn\x07: no\n";
    sink << "\xe2\x9c";  // the first two bytes of ✓ ...
    EXPECT_EQ(sink.str(), "read ?]0;pwn?: no\n");
    sink << "\x93 done\n";  // ... and the last
    EXPECT_EQ(sink.str(), "read ?]0;pwn?: no\n✓ done\n");
    {
      TerminalSafeScope nested(sink);  // RunCli's scope on stderr, then a handler's
      sink << "tail\x08";               // a partial line waits ...
    }
    EXPECT_EQ(sink.str(), "read ?]0;pwn?: no\n✓ done\ntail?");  // ... until its scope ends
    sink << "\x9b";
  }
  EXPECT_EQ(sink.str(), "read ?]0;pwn?: no\n✓ done\ntail??");
  sink << "\x07";  // the stream's own buffer is back
  EXPECT_EQ(sink.str().back(), '\x07');
}

// A write that fails below the scope (stdout to /dev/full) still fails the stream, so the
// check of stdout at the end of main sees it (hostile-input report D21).
TEST(TerminalSafeScopeTest, AFailedWriteFailsTheStream) {
  struct Full : std::streambuf {
    int_type overflow(int_type) override { return traits_type::eof(); }
    std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
  } full;
  std::ostream out(&full);
  {
    TerminalSafeScope scope(out);
    out << "no newline yet";
    EXPECT_TRUE(out.good());
  }
  EXPECT_TRUE(out.fail());
  std::ostream again(&full);
  {
    TerminalSafeScope scope(again);
    again << "a line\n";
    EXPECT_TRUE(again.fail());
  }
}

}  // namespace
}  // namespace rd
