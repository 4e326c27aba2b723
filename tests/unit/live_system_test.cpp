#include "system/live_system.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "temp_tree.h"

namespace rd {
namespace {

using testing::TempTree;

TEST(LiveSystemTest, HugeFileIsRefusedQuickly) {
  TempTree t;
  int fd = open(t.Path("huge").c_str(), O_CREAT | O_WRONLY, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, 1LL << 30), 0);  // 1 GiB, sparse
  close(fd);
  LiveSystem sys;
  auto r = sys.ReadFile(t.Path("huge"), 1 << 20);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::TooLarge);
  EXPECT_NE(r.error().message.find(t.Path("huge")), std::string::npos);
}

TEST(LiveSystemTest, FifoDoesNotBlock) {
  TempTree t;
  ASSERT_EQ(mkfifo(t.Path("fifo").c_str(), 0644), 0);
  LiveSystem sys;
  auto r = sys.ReadFile(t.Path("fifo"), 4096);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::Unsupported);
}

TEST(LiveSystemTest, RangeReadsThePartAskedForAndStopsAtTheEnd) {
  TempTree t;
  t.Write("f", "0123456789");
  LiveSystem sys;
  EXPECT_EQ(sys.ReadFileRange(t.Path("f"), 2, 3).value(), "234");
  EXPECT_EQ(sys.ReadFileRange(t.Path("f"), 8, 100).value(), "89");
  EXPECT_EQ(sys.ReadFileRange(t.Path("f"), 50, 4).value(), "");
  int fd = open(t.Path("huge").c_str(), O_CREAT | O_WRONLY, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, 1LL << 30), 0);  // 1 GiB, sparse: a range of it is cheap
  ASSERT_EQ(pwrite(fd, "tail", 4, (1LL << 30) - 4), 4);
  close(fd);
  EXPECT_EQ(sys.ReadFileRange(t.Path("huge"), (1LL << 30) - 4, 64).value(), "tail");
  ASSERT_EQ(mkfifo(t.Path("fifo").c_str(), 0644), 0);
  EXPECT_EQ(sys.ReadFileRange(t.Path("fifo"), 0, 16).error().kind, ErrorKind::Unsupported);
  auto missing = sys.ReadFileRange(t.Path("nope"), 0, 16);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::NotFound);
  EXPECT_NE(missing.error().message.find(t.Path("nope")), std::string::npos);
}

TEST(LiveSystemTest, SymlinkLoopIsLoopError) {
  TempTree t;
  t.Link("a", t.Path("b"));
  t.Link("b", t.Path("a"));
  LiveSystem sys;
  auto r = sys.ReadFile(t.Path("a"), 4096);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::Loop);
}

TEST(LiveSystemTest, DirectoryIsNotReadAsFile) {
  TempTree t;
  LiveSystem sys;
  auto r = sys.ReadFile(t.root(), 4096);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("directory"), std::string::npos);
}

TEST(LiveSystemTest, IdentityAndUnameAreFilled) {
  LiveSystem sys;
  EXPECT_EQ(sys.GetIdentity().uid, getuid());
  EXPECT_FALSE(sys.GetUname().release.empty());
  EXPECT_FALSE(sys.GetUname().libc_version.empty());
}

TEST(LiveSystemTest, DlopenReportsLoaderErrors) {
  LiveSystem sys;
  auto missing = sys.TryDlopen("librocm-doctor-no-such-lib.so.9");
  EXPECT_FALSE(missing.loaded);
  EXPECT_NE(missing.error.find("librocm-doctor-no-such-lib.so.9"), std::string::npos);
  auto libc = sys.TryDlopen("libc.so.6");
  EXPECT_TRUE(libc.loaded);
  EXPECT_NE(libc.path.find("libc.so.6"), std::string::npos);
}

}  // namespace
}  // namespace rd
