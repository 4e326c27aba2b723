#include "util/regex.h"

#include <chrono>

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(RegexTest, CompileErrorIsAValue) {
  auto bad = Regex::Compile("(unclosed");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::Invalid);
  EXPECT_NE(bad.error().message.find("missing )"), std::string::npos) << bad.error().message;
  // RE2 has no lookaround and no backreferences: these are errors, not silent mismatches.
  EXPECT_FALSE(Regex::Compile("^(?!\\d+$)").ok());
  EXPECT_FALSE(Regex::Compile("(a)\\1").ok());
}

TEST(RegexTest, SearchFullMatchAndCaptures) {
  Regex re = Regex::Literal(R"((\w+)=(\d+)?)");
  EXPECT_TRUE(re.Search("x a=1 y"));
  EXPECT_FALSE(re.FullMatch("x a=1 y"));
  EXPECT_TRUE(re.FullMatch("a=1"));
  auto m = re.Find("  key=");
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)[1], "key");
  EXPECT_FALSE(m->matched(2));
  EXPECT_EQ((*m)[2], "");
  auto whole = re.Match("b=22");
  ASSERT_TRUE(whole);
  EXPECT_EQ((*whole)[2], "22");
  EXPECT_FALSE(re.Match("b=22 "));
}

TEST(RegexTest, FindFromKeepsContextForWordBoundaries) {
  Regex re = Regex::Literal(R"(\bab)");
  EXPECT_FALSE(re.Find("xab", 1));  // 'x' before the start still counts: no boundary
  EXPECT_TRUE(re.Find("x ab", 1));
}

TEST(RegexTest, CaseInsensitiveAndBytes) {
  EXPECT_TRUE(Regex::Literal("serial", {true, false}).Search("Serial Number"));
  EXPECT_FALSE(Regex::Literal("serial").Search("Serial Number"));
  std::string name = "/home/ab\xff" "cd/x";
  auto utf8 = Regex::Literal("/home/([^/]+)").Find(name);
  auto bytes = Regex::Literal("/home/([^/]+)", {false, true}).Find(name);
  ASSERT_TRUE(bytes);
  EXPECT_EQ((*bytes)[1], "ab\xff" "cd");  // the whole name, invalid byte and all
  EXPECT_TRUE(!utf8 || (*utf8)[1] != (*bytes)[1]);
}

TEST(RegexTest, ReplaceAllKeepsContext) {
  Regex re = Regex::Literal(R"(user=(\w+))");
  EXPECT_EQ(re.ReplaceAll("user=bob, user=eve.", 1, "<u>"), "user=<u>, user=<u>.");
  EXPECT_EQ(Regex::Literal("x*").ReplaceAll("abc", 0, "-"), "-a-b-c-");
}

TEST(RegexTest, CatastrophicPatternIsLinear) {
  // hostile-input report D14: hangs std::regex for ever on a 40-byte PATH.
  Regex bomb = Regex::Literal("^(([a-z/:.]+)*)*$X");
  std::string path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  std::string big;
  for (int i = 0; i < 2000; ++i) big += path;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(bomb.Search(big));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

TEST(RegexTest, NestedUnboundedQuantifiers) {
  for (const char* bad : {"(a+)+", "(a*)*", "^(([a-z/:.]+)*)*$X", "(?:x+y)*", "((ab)+c)+", "(a{2,})+", "(?P<n>\\w+)*",
                          "((a|b)+)*"}) {
    EXPECT_TRUE(HasNestedUnboundedQuantifier(bad)) << bad;
  }
  for (const char* ok : {"^6\\.", "(a|aa)+b", "(ab)*", "(a+)?", "(a+){3}", "(.*a){25}", "[(+]*", "\\(a+\\)*",
                         "^lib(amdhip64|hsa)[.-]", "(a+)b*", "[)]+(x)*"}) {
    EXPECT_FALSE(HasNestedUnboundedQuantifier(ok)) << ok;
  }
}

}  // namespace
}  // namespace rd
