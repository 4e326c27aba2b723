// The resolver against the real loader: on this machine, the dependencies of Debian's
// libamdhip64.so.5 must resolve exactly as `ldd` says. And hostile trees never hang.
#include <gtest/gtest.h>

#include <map>

#include "collectors/library_resolver.h"
#include "parsers/ldd_output.h"
#include "scenario.h"
#include "system/live_system.h"
#include "system/snapshot_system.h"

namespace rd::testing {
namespace {

void CompareWithLdd(const std::string& path) {
  LiveSystem live;
  if (!live.Stat(path)) GTEST_SKIP() << path << " is not installed here";
  CommandResult ldd = live.Run({{"ldd", path}});
  ASSERT_EQ(ldd.exit_code, 0) << ldd.err;
  std::map<std::string, std::string> expected;
  for (const auto& e : ParseLddOutput(ldd.out).entries) {
    if (e.name.find('/') == std::string::npos && e.name != "linux-vdso.so.1") expected[e.name] = e.path;
  }
  auto tree = ResolveDependencies(live, ReadLoaderConfig(live), path);
  ASSERT_TRUE(tree.ok()) << tree.error().message;
  std::map<std::string, std::string> ours;
  for (const auto& r : tree->resolutions) {
    if (r.name.find("ld-linux") == std::string::npos) ours[r.name] = r.path;
  }
  for (auto it = expected.begin(); it != expected.end();) it = it->first.find("ld-linux") != std::string::npos ? expected.erase(it) : std::next(it);
  EXPECT_EQ(ours, expected);
  EXPECT_GE(ours.size(), 3u);
  EXPECT_TRUE(tree->version_problems.empty());
}

TEST(LibraryResolver, MatchesLddOnLibamdhip64) { CompareWithLdd("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5"); }
TEST(LibraryResolver, MatchesLddOnLibrocmSmi) { CompareWithLdd("/usr/lib/librocm_smi64.so.1"); }

TEST(LibraryResolver, ExpandsDynamicTokens) {
  LoaderConfig config;
  config.lib_token = "lib/x86_64-linux-gnu";
  config.platform = "x86_64";
  EXPECT_EQ(ExpandDynamicTokens("$ORIGIN/../lib", "/opt/rocm/lib", config), "/opt/rocm/lib/../lib");
  EXPECT_EQ(ExpandDynamicTokens("${ORIGIN}/x:$LIB/$PLATFORM", "/o", config), "/o/x:lib/x86_64-linux-gnu/x86_64");
  EXPECT_EQ(ExpandDynamicTokens("$ORIGINAL", "/o", config), "/oAL");  // ld.so reads $ORIGIN then "AL"
}

TEST(LibraryResolver, RunpathLoopsAndMissingFilesTerminate) {
  // The replayed tree has RUNPATH $ORIGIN and a missing dependency; resolving it repeatedly
  // through a symlinked directory (/opt/rocm -> rocm-6.2.0) must finish with the miss reported.
  auto snapshot = SnapshotSystem::Load(FixturePath("lib-missing-hsa"));
  ASSERT_TRUE(snapshot.ok());
  LoaderConfig config = ReadLoaderConfig(**snapshot);
  config.ld_library_path = {"/opt/rocm/lib", "/opt/rocm/lib/../lib", "/opt/rocm-6.2.0/lib", "", "/nonexistent"};
  auto tree = ResolveDependencies(**snapshot, config, "/opt/rocm/lib/libamdhip64.so.6");
  ASSERT_TRUE(tree.ok());
  int missing = 0;
  for (const auto& r : tree->resolutions) missing += r.path.empty();
  EXPECT_EQ(missing, 1);
  EXPECT_FALSE(ResolveDependencies(**snapshot, config, "/etc/ld.so.conf").ok());  // not ELF
}

}  // namespace
}  // namespace rd::testing
