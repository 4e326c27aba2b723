// The resolver's closure walk on tiny ELF trees built with the C compiler in the test (issue 15
// item 4): RUNPATH $ORIGIN, a transitive dependency that is missing (every needer and the chain
// recorded), a candidate of the wrong ELF class skipped like ld.so does, and dlopen names read
// from .rodata (hostile-input report D8). Nothing is loaded: the files are only read.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "collectors/library_resolver.h"
#include "system/live_system.h"

namespace rd {
namespace {

namespace fs = std::filesystem;

class ClosureTree : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::system("cc --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "no C compiler";
    std::string pattern = (fs::temp_directory_path() / "rd-closure-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    fs::create_directories(root_ + "/lib");
    fs::create_directories(root_ + "/app/lib");
    fs::create_directories(root_ + "/sys32");
    fs::create_directories(root_ + "/sys");
    // libleaf.so.1 <- libmid.so.1 (RUNPATH $ORIGIN) <- libtop.so.1 (RUNPATH $ORIGIN/../../lib)
    Build("sys/libleaf.so.1", "libleaf.so.1", "int leaf(void) { return 1; }", "");
    Build("lib/libmid.so.1", "libmid.so.1", "int leaf(void); int mid(void) { return leaf(); }", "-L" + root_ + "/sys -l:libleaf.so.1 '-Wl,-rpath,$ORIGIN' -Wl,--enable-new-dtags");
    Build("app/lib/libtop.so.1", "libtop.so.1",
          "int mid(void); int leaf(void); const char* names[] = {\"x\", \"libfakecomgr.so.3\", \"libfakecomgr.so\"};"
          "int top(void) { return mid() + leaf(); }",
          "-L" + root_ + "/lib -L" + root_ + "/sys -l:libmid.so.1 -l:libleaf.so.1 '-Wl,-rpath,$ORIGIN/../../lib' -Wl,--enable-new-dtags");
    config_.system_dirs = {root_ + "/sys32", root_ + "/sys"};
  }
  void TearDown() override {
    if (!root_.empty()) fs::remove_all(root_);
  }

  void Build(const std::string& out, const std::string& soname, const std::string& code, const std::string& flags) {
    std::string source = root_ + "/" + soname + ".c";
    std::ofstream(source) << code << "\n";
    std::string command = "cc -shared -fPIC -o " + root_ + "/" + out + " " + source + " -Wl,-soname," + soname + " " + flags + " 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
  }

  Result<DependencyTree> Resolve(const std::string& path) { return ResolveDependencies(live_, config_, root_ + "/" + path); }

  const Resolution* Find(const DependencyTree& tree, const std::string& name, const std::string& needed_by = "") {
    for (const auto& r : tree.resolutions) {
      if (r.name == name && (needed_by.empty() || r.needed_by == root_ + "/" + needed_by)) return &r;
    }
    return nullptr;
  }

  std::string root_;
  LiveSystem live_;
  LoaderConfig config_;
};

TEST_F(ClosureTree, RunpathOriginResolvesTheWholeClosure) {
  auto tree = Resolve("app/lib/libtop.so.1");
  ASSERT_TRUE(tree.ok()) << tree.error().message;
  const Resolution* mid = Find(*tree, "libmid.so.1");
  ASSERT_NE(mid, nullptr);
  EXPECT_EQ(mid->path, root_ + "/app/lib/../../lib/libmid.so.1");
  EXPECT_EQ(mid->via, "RUNPATH");
  // libleaf is needed by both; the first needer (libtop) finds it in the system dirs.
  const Resolution* leaf = Find(*tree, "libleaf.so.1");
  ASSERT_NE(leaf, nullptr);
  EXPECT_EQ(leaf->path, root_ + "/sys/libleaf.so.1");
  EXPECT_EQ(leaf->via, "system dirs");
}

TEST_F(ClosureTree, MissingTransitiveDependencyNamesEveryNeederAndTheChain) {
  fs::remove(root_ + "/sys/libleaf.so.1");
  auto tree = Resolve("app/lib/libtop.so.1");
  ASSERT_TRUE(tree.ok()) << tree.error().message;
  const Resolution* by_top = Find(*tree, "libleaf.so.1", "app/lib/libtop.so.1");
  const Resolution* by_mid = Find(*tree, "libleaf.so.1", "app/lib/../../lib/libmid.so.1");
  ASSERT_NE(by_top, nullptr);
  ASSERT_NE(by_mid, nullptr);
  EXPECT_TRUE(by_top->path.empty());
  EXPECT_TRUE(by_mid->path.empty());
  EXPECT_EQ(by_mid->chain, (std::vector<std::string>{root_ + "/app/lib/libtop.so.1", root_ + "/app/lib/../../lib/libmid.so.1"}));
  EXPECT_FALSE(by_mid->dlopen);
  // libmid alone: the miss is one level down, as `ldd libmid.so.1` prints it.
  auto mid = Resolve("lib/libmid.so.1");
  ASSERT_TRUE(mid.ok());
  ASSERT_EQ(mid->resolutions.size(), 1u);
  EXPECT_TRUE(mid->resolutions[0].path.empty());
  EXPECT_EQ(mid->resolutions[0].searched, (std::vector<std::string>{root_ + "/lib", root_ + "/sys32", root_ + "/sys"}));
}

TEST_F(ClosureTree, WrongElfClassIsSkippedLikeLdSo) {
  // A 32-bit i386 libleaf.so.1 earlier in the search path: ld.so skips it and searches on.
  std::string elf32(52, '\0');
  elf32.replace(0, 4, "\x7f" "ELF");
  elf32[4] = 1;   // ELFCLASS32
  elf32[5] = 1;   // little endian
  elf32[6] = 1;   // EV_CURRENT
  elf32[16] = 3;  // ET_DYN
  elf32[18] = 3;  // EM_386
  elf32[20] = 1;  // e_version
  elf32[40] = 52; // e_ehsize
  std::ofstream(root_ + "/sys32/libleaf.so.1", std::ios::binary) << elf32;
  auto tree = Resolve("lib/libmid.so.1");
  ASSERT_TRUE(tree.ok());
  ASSERT_EQ(tree->resolutions.size(), 1u);
  EXPECT_EQ(tree->resolutions[0].path, root_ + "/sys/libleaf.so.1");
  ASSERT_EQ(tree->resolutions[0].rejected.size(), 1u);
  EXPECT_NE(tree->resolutions[0].rejected[0].find("wrong ELF class (32-bit)"), std::string::npos) << tree->resolutions[0].rejected[0];
  // Only the 32-bit one left: not found, with the rejection kept as the reason.
  fs::remove(root_ + "/sys/libleaf.so.1");
  tree = Resolve("lib/libmid.so.1");
  ASSERT_TRUE(tree.ok());
  EXPECT_TRUE(tree->resolutions[0].path.empty());
  EXPECT_EQ(tree->resolutions[0].rejected.size(), 1u);
}

TEST_F(ClosureTree, DlopenNamesFromRodataJoinTheClosureAfterDtNeeded) {
  EXPECT_EQ(DlopenNamesIn(live_, root_ + "/app/lib/libtop.so.1", {"libfakecomgr"}), std::vector<std::string>{"libfakecomgr.so.3"});
  config_.dlopens = {{"libtop", {"libfakecomgr"}}};
  auto tree = Resolve("app/lib/libtop.so.1");
  ASSERT_TRUE(tree.ok());
  const Resolution* comgr = Find(*tree, "libfakecomgr.so.3");
  ASSERT_NE(comgr, nullptr);
  EXPECT_TRUE(comgr->path.empty());
  EXPECT_TRUE(comgr->dlopen);
  EXPECT_EQ(tree->resolutions.back().name, "libfakecomgr.so.3");  // after every DT_NEEDED entry
  // Present in a system dir: resolved, and its own DT_NEEDED (libleaf) is already loaded.
  Build("sys/libfakecomgr.so.3", "libfakecomgr.so.3", "int leaf(void); int c(void) { return leaf(); }", "-L" + root_ + "/sys -l:libleaf.so.1");
  tree = Resolve("app/lib/libtop.so.1");
  ASSERT_TRUE(tree.ok());
  comgr = Find(*tree, "libfakecomgr.so.3");
  ASSERT_NE(comgr, nullptr);
  EXPECT_EQ(comgr->path, root_ + "/sys/libfakecomgr.so.3");
}

TEST(SonameStrings, ExactNamesOnlyAndVersionedFirst) {
  using namespace std::string_literals;
  std::string bytes = "junk\0libamd_comgr.so.3\0xlibamd_comgr.so.9\0/opt/rocm/lib/libamd_comgr.so.2\0"s +
                      "libamd_comgr.so.\0libamd_comgr.so.3.\0libamd_comgr.so\0libamd_comgr.so.3"s;
  EXPECT_EQ(SonameStrings(bytes, {"libamd_comgr"}), (std::vector<std::string>{"libamd_comgr.so.3", "libamd_comgr.so.2"}));
  EXPECT_EQ(SonameStrings("a\0libamd_comgr.so\0"s, {"libamd_comgr"}), std::vector<std::string>{"libamd_comgr.so"});
  EXPECT_TRUE(SonameStrings("", {"libamd_comgr"}).empty());
}

}  // namespace
}  // namespace rd
