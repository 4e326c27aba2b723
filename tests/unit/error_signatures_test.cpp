#include "parsers/error_signatures.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

nlohmann::json Tables(const nlohmann::json& rows, const char* name = "signatures_x") {
  nlohmann::json data = nlohmann::json::object();
  data[name]["signature"] = rows;
  data["gpu_names"] = nlohmann::json::object();  // other tables are not read
  return data;
}

TEST(ErrorSignatures, FirstHitOfEachSignatureWithCaptureAndLine) {
  auto data = Tables({{{"id", "tensile"}, {"pattern", R"(rocblaslt error: Cannot read (\S+TensileLibrary\S*))"}},
                      {{"id", "nodev"}, {"pattern", "hipErrorNoDevice"}}});
  SignatureTable table = LoadSignatureTable(&data);
  ASSERT_TRUE(table.problems.empty());
  auto hits = MatchSignatures(table,
                              "prose\n  rocblaslt error: Cannot read /opt/rocm/lib/hipblaslt/library/TensileLibrary_lazy_gfx1031.dat: "
                              "No such file\nhipErrorNoDevice\nrocblaslt error: Cannot read /x/TensileLibrary.dat\n");
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(table.signatures[hits[0].signature].id, "tensile");
  EXPECT_EQ(hits[0].line, 1u);
  EXPECT_EQ(hits[0].value, "/opt/rocm/lib/hipblaslt/library/TensileLibrary_lazy_gfx1031.dat:");
  EXPECT_EQ(table.signatures[hits[1].signature].id, "nodev");
  EXPECT_EQ(hits[1].line, 2u);
  EXPECT_EQ(hits[1].value, "hipErrorNoDevice");  // no capture group: the match itself
}

TEST(ErrorSignatures, BadEntriesAreProblemsAndTheRestStillLoads) {
  auto data = Tables({{{"id", "Bad-Id"}, {"pattern", "x"}},
                      {{"id", "dup"}, {"pattern", "a"}},
                      {{"id", "dup"}, {"pattern", "b"}},
                      {{"id", "broken"}, {"pattern", "(unclosed"}},
                      {{"id", "nested"}, {"pattern", "(a+)*"}},
                      {{"id", "nopattern"}},
                      {{"id", "good"}, {"pattern", "good line"}}});
  SignatureTable table = LoadSignatureTable(&data);
  EXPECT_EQ(table.problems.size(), 5u);
  for (const auto& p : table.problems) EXPECT_NE(p.find("signatures_x: signature"), std::string::npos) << p;
  ASSERT_EQ(table.signatures.size(), 2u);  // dup (first) and good
  auto hits = MatchSignatures(table, "a good line\n");
  ASSERT_EQ(hits.size(), 2u);
}

TEST(ErrorSignatures, EveryTableNamedSignaturesIsRead) {
  nlohmann::json data = Tables({{{"id", "one"}, {"pattern", "first"}}}, "signatures");
  data["signatures_apps"]["signature"] = {{{"id", "two"}, {"pattern", "second"}}};
  data["not_signatures"]["signature"] = {{{"id", "three"}, {"pattern", "third"}}};
  SignatureTable table = LoadSignatureTable(&data);
  EXPECT_EQ(table.signatures.size(), 2u);
  EXPECT_EQ(MatchSignatures(table, "first second third").size(), 2u);
}

TEST(ErrorSignatures, BoundedOnHostileInput) {
  auto data = Tables({{{"id", "late"}, {"pattern", "needle"}}});
  SignatureTable table = LoadSignatureTable(&data);
  std::string text(100000, '\n');
  text += "needle\n";
  EXPECT_TRUE(MatchSignatures(table, text).empty());  // past max_lines
  std::string wide(10000, 'x');
  wide += "needle\n";
  EXPECT_TRUE(MatchSignatures(table, wide).empty());  // past 4 KiB of its line
  EXPECT_EQ(MatchSignatures(table, "needle").size(), 1u);  // no final newline
  EXPECT_TRUE(MatchSignatures(SignatureTable{}, "needle").empty());
  EXPECT_TRUE(LoadSignatureTable(nullptr).signatures.empty());
}

TEST(RegexSet, IndicesOfMatchingPatternsSkippingBadOnes) {
  std::vector<std::string> problems;
  RegexSet set = RegexSet::Compile({"abc", "(bad", "b.d", "zzz"}, Regex::Options{}, problems);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_FALSE(problems[1].empty());
  EXPECT_TRUE(problems[0].empty());
  EXPECT_EQ(set.Matching("xabcbxd"), (std::vector<size_t>{0, 2}));
  EXPECT_TRUE(set.Matching("nothing").empty());
  RegexSet none = RegexSet::Compile({}, Regex::Options{}, problems);
  EXPECT_TRUE(none.empty());
  EXPECT_TRUE(none.Matching("abc").empty());
}

// ROCm/legacy-rocm-build#1543: the terminal wrapped dpkg's message at 80 columns, mid-word.
TEST(ErrorSignatures, LineWrappedAtEightyColumnsIsJoined) {
  auto data = Tables({{{"id", "conflict"}, {"pattern", "which is also in package (\\S+)"}}});
  SignatureTable table = LoadSignatureTable(&data);
  std::string first = " trying to overwrite '/usr/share/doc/amdgpu-dkms-firmware/LICENSE', which is als";
  ASSERT_EQ(first.size(), 80u);
  auto hits = MatchSignatures(table, first + "\no in package amdgpu-dkms-firmware 1:5.11.5.26-1271047\n");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].value, "amdgpu-dkms-firmware");
  EXPECT_EQ(hits[0].line, 0u);
  // a 79-column line is not a wrap: nothing joined
  EXPECT_TRUE(MatchSignatures(table, first.substr(1) + "\no in package amdgpu-dkms-firmware\n").empty());
}

}  // namespace
}  // namespace rd
