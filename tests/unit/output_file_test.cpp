// -o PATH: devices and FIFOs are written into, regular files replaced with their mode kept,
// new files private unless the report is redacted (hostile-input report D1, D9, m10).
#include "system/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <future>
#include <sstream>

#include <gtest/gtest.h>

#include "temp_tree.h"

namespace rd {
namespace {

mode_t ModeOf(const std::string& path) {
  struct stat st{};
  EXPECT_EQ(lstat(path.c_str(), &st), 0) << path;
  return st.st_mode;
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(OutputFile, FifoIsWrittenIntoNotReplaced) {
  testing::TempTree tree;
  std::string fifo = tree.Path("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto reader = std::async(std::launch::async, [&] { return Slurp(fifo); });
  auto written = WriteOutputFile(fifo, "report\n", OutputFileMode::Private);
  ASSERT_TRUE(written) << written.error().message;
  EXPECT_EQ(reader.get(), "report\n");
  EXPECT_TRUE(S_ISFIFO(ModeOf(fifo)));
}

TEST(OutputFile, SymlinkToACharacterDeviceIsWrittenThrough) {
  testing::TempTree tree;
  tree.Link("null", "/dev/null");
  auto written = WriteOutputFile(tree.Path("null"), "x", OutputFileMode::Shared);
  ASSERT_TRUE(written) << written.error().message;
  EXPECT_TRUE(S_ISLNK(ModeOf(tree.Path("null"))));
  EXPECT_TRUE(S_ISCHR(ModeOf("/dev/null")));
}

TEST(OutputFile, ExistingRegularFileKeepsItsMode) {
  testing::TempTree tree;
  tree.Write("r.json", "old");
  ASSERT_EQ(chmod(tree.Path("r.json").c_str(), 0640), 0);
  ASSERT_TRUE(WriteOutputFile(tree.Path("r.json"), "new", OutputFileMode::Shared));
  EXPECT_EQ(ModeOf(tree.Path("r.json")) & 07777, 0640u);
  EXPECT_EQ(Slurp(tree.Path("r.json")), "new");
}

TEST(OutputFile, NewFilePrivateUnlessRedactedThenUmask) {
  testing::TempTree tree;
  ASSERT_TRUE(WriteOutputFile(tree.Path("private.json"), "{}", OutputFileMode::Private));
  EXPECT_EQ(ModeOf(tree.Path("private.json")) & 07777, 0600u);
  mode_t old = umask(027);
  EXPECT_EQ(CurrentUmask(), 027u);
  ASSERT_TRUE(WriteOutputFile(tree.Path("shared.json"), "{}", OutputFileMode::Shared));
  umask(old);
  EXPECT_EQ(ModeOf(tree.Path("shared.json")) & 07777, 0640u);
}

TEST(OutputFile, DirectoryAndMissingParentAreErrorsWithThePath) {
  testing::TempTree tree;
  auto dir = WriteOutputFile(tree.root(), "x", OutputFileMode::Shared);
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().message.find(tree.root()), std::string::npos);
  auto missing = WriteOutputFile(tree.Path("no/such/r.json"), "x", OutputFileMode::Shared);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("no/such/r.json"), std::string::npos);
  EXPECT_TRUE(std::filesystem::is_empty(tree.root()));  // no stray temp file
}

TEST(OutputFile, StandardOutputNames) {
  EXPECT_TRUE(IsStandardOutputPath("-"));
  EXPECT_TRUE(IsStandardOutputPath("/dev/stdout"));
  EXPECT_TRUE(IsStandardOutputPath("/proc/self/fd/1"));
  EXPECT_FALSE(IsStandardOutputPath("/dev/stderr"));
  EXPECT_FALSE(IsStandardOutputPath("report.json"));
}

}  // namespace
}  // namespace rd
