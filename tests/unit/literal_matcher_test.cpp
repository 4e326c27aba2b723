#include "report/literal_matcher.h"

#include <cstdio>

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(LiteralMatcherTest, LeftmostLongestNonOverlapping) {
  LiteralMatcher m;
  m.Add("alice", "<u>");
  m.Add("alice-laptop", "<h>");
  m.Add("lap", "<x>");
  EXPECT_EQ(m.ReplaceAll("ssh alice-laptop as alice"), "ssh <h> as <u>");
  EXPECT_EQ(m.ReplaceAll("no match here"), "no match here");
  EXPECT_EQ(m.ReplaceAll(""), "");
}

TEST(LiteralMatcherTest, MatchAfterAnOverlappingLongerOne) {
  // "abc" wins at 0; "de" must still be found although "cde" (overlapping "abc") ends there too.
  LiteralMatcher m;
  for (const char* s : {"abc", "cde", "de"}) m.Add(s, std::string("<") + s + ">");
  EXPECT_EQ(m.ReplaceAll("abcde"), "<abc><de>");
  EXPECT_EQ(m.ReplaceAll("xcdex"), "x<cde>x");
}

TEST(LiteralMatcherTest, FirstReplacementWinsAndAddAfterUseRebuilds) {
  LiteralMatcher m;
  m.Add("bob", "<1>");
  m.Add("bob", "<2>");
  EXPECT_EQ(m.ReplaceAll("bob"), "<1>");
  m.Add("eve", "<3>");
  EXPECT_EQ(m.ReplaceAll("bob eve"), "<1> <3>");
}

TEST(LiteralMatcherTest, SuffixLiterals) {
  LiteralMatcher m;
  m.Add("user00001", "<u>");
  m.Add("er000", "<no>");
  m.Add("host00001", "<h>");
  EXPECT_EQ(m.ReplaceAll("user00001@host00001:~$"), "<u>@<h>:~$");
  EXPECT_EQ(m.ReplaceAll("us3r00001 er00"), "us3r00001 er00");
  EXPECT_EQ(m.ReplaceAll("xer000y"), "x<no>y");
}

TEST(LiteralMatcherTest, ManyLiteralsSharingPrefixes) {
  // hostile-input report D15's shape: 40,000 prompts' names (timed by bench/redaction_speed.sh).
  LiteralMatcher m;
  std::string text;
  char buf[64];
  for (int i = 0; i < 40000; ++i) {
    std::snprintf(buf, sizeof buf, "user%05d", i);
    m.Add(buf, "<user>");
    std::snprintf(buf, sizeof buf, "host%05d", i);
    m.Add(buf, "<host>");
    std::snprintf(buf, sizeof buf, "user%05d@host%05d:~$ rocminfo\n", i, i);
    text += buf;
  }
  std::string out = m.ReplaceAll(text);
  EXPECT_EQ(out.find("user0"), std::string::npos);
  EXPECT_EQ(out.substr(0, 24), "<user>@<host>:~$ rocminf");
}

}  // namespace
}  // namespace rd
