#include "system/snapshot_system.h"

#include <sys/stat.h>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "system/live_system.h"
#include "system/recording_system.h"
#include "temp_tree.h"

namespace rd {
namespace {

using testing::TempTree;

std::unique_ptr<SnapshotSystem> LoadOk(const std::string& dir) {
  auto loaded = SnapshotSystem::Load(dir);
  EXPECT_TRUE(loaded.ok()) << (loaded ? "" : loaded.error().message);
  return loaded ? std::move(loaded).value() : nullptr;
}

TEST(SnapshotSystemTest, ReadsFilesAndFollowsInTreeSymlinks) {
  TempTree t;
  t.Write("files/sys/devices/pci0000:00/0000:03:00.0/vendor", "0x1002\n");
  t.Link("files/sys/class/drm/card0/device", "../../../devices/pci0000:00/0000:03:00.0");
  t.Link("files/opt/rocm", "/opt/rocm-6.2.0");
  t.Write("files/opt/rocm-6.2.0/.info/version", "6.2.0-66\n");
  auto sys = LoadOk(t.root());
  ASSERT_TRUE(sys);
  EXPECT_EQ(sys->ReadFile("/sys/class/drm/card0/device/vendor", 4096).value(), "0x1002\n");
  EXPECT_EQ(sys->ReadFile("/opt/rocm/.info/version", 4096).value(), "6.2.0-66\n");  // absolute target re-rooted
  EXPECT_EQ(sys->ReadLink("/opt/rocm").value(), "/opt/rocm-6.2.0");
  EXPECT_EQ(sys->LStat("/opt/rocm")->type, FileType::Symlink);
  EXPECT_EQ(sys->Stat("/opt/rocm")->type, FileType::Directory);
}

TEST(SnapshotSystemTest, SymlinkLoopIsAnErrorNotAHang) {
  TempTree t;
  t.Link("files/a", "/b");
  t.Link("files/b", "/a");
  auto sys = LoadOk(t.root());
  auto read = sys->ReadFile("/a/x", 4096);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().kind, ErrorKind::Loop);
  EXPECT_NE(read.error().message.find("/a/x"), std::string::npos);
}

TEST(SnapshotSystemTest, DotDotCannotEscapeTheTree) {
  TempTree t;
  t.Write("outside", "secret");
  t.Write("files/etc/hostname", "box");
  auto sys = LoadOk(t.root());
  EXPECT_FALSE(sys->ReadFile("/../../outside", 4096).ok());
  EXPECT_EQ(sys->ReadFile("/../etc/hostname", 4096).value(), "box");
}

TEST(SnapshotSystemTest, MetaOverridesErrorsDevicesAndComputesAccess) {
  TempTree t;
  std::filesystem::create_directory(t.Path("files"));
  t.Write("meta.json", R"({
    "identity": {"uid": 1000, "euid": 1000, "gid": 1000, "groups": [1000, 44]},
    "read_errors": {"/proc/cpuinfo": {"kind": "denied", "message": "open /proc/cpuinfo: Permission denied"}},
    "stat": {"/dev/kfd": {"type": "char", "mode": 432, "uid": 0, "gid": 993, "rdev": "235:0"},
             "/dev/dri/renderD128": {"type": "char", "mode": 432, "uid": 0, "gid": 44, "rdev": "226:128"}},
    "groups": {"44": {"name": "video"}}
  })");
  auto sys = LoadOk(t.root());
  auto cpu = sys->ReadFile("/proc/cpuinfo", 4096);
  ASSERT_FALSE(cpu.ok());
  EXPECT_EQ(cpu.error().kind, ErrorKind::Denied);
  auto kfd = sys->Stat("/dev/kfd");
  ASSERT_TRUE(kfd.ok());
  EXPECT_EQ(kfd->type, FileType::CharDevice);
  EXPECT_EQ(kfd->rdev_major, 235u);
  EXPECT_EQ(sys->Access("/dev/kfd", R_OK | W_OK).value(), false);          // 0660 root:993, not a member
  EXPECT_EQ(sys->Access("/dev/dri/renderD128", R_OK | W_OK).value(), true);  // member of 44
  EXPECT_EQ(sys->LookupGroup(44)->name, "video");
  EXPECT_FALSE(sys->LookupGroup(993).ok());
}

TEST(SnapshotSystemTest, CommandsReplayByArgvAndUnknownOnesDidNotStart) {
  TempTree t;
  std::filesystem::create_directory(t.Path("files"));
  t.Write("commands/000.json", R"({"argv": ["rocminfo"], "exit_code": 1, "stdout": "ROCk module is NOT loaded, possibly no GPU devices\n"})");
  auto sys = LoadOk(t.root());
  auto r = sys->Run(CommandSpec{{"rocminfo"}});
  EXPECT_TRUE(r.started);
  EXPECT_EQ(r.exit_code, 1);
  auto missing = sys->Run(CommandSpec{{"hipcc", "--version"}});
  EXPECT_FALSE(missing.started);
  EXPECT_NE(missing.start_error.find("hipcc"), std::string::npos);
}

TEST(SnapshotSystemTest, MalformedMetaIsAnErrorNamingTheFile) {
  for (const char* meta : {"{not json", "[1,2]", R"({"stat": 5})", R"({"identity": {"uid": "x"}})",
                           R"({"groups": {"abc": {"name": "x"}}})"}) {
    TempTree t;
    std::filesystem::create_directory(t.Path("files"));
    t.Write("meta.json", meta);
    auto loaded = SnapshotSystem::Load(t.root());
    ASSERT_FALSE(loaded.ok()) << meta;
    EXPECT_NE(loaded.error().message.find("meta.json"), std::string::npos) << loaded.error().message;
    EXPECT_EQ(loaded.error().message.find("json.exception"), std::string::npos) << loaded.error().message;
  }
}

// m3: the message names the key at fault, in words.
TEST(SnapshotSystemTest, MalformedMetaNamesTheKey) {
  TempTree t;
  std::filesystem::create_directory(t.Path("files"));
  t.Write("meta.json", R"({"groups": {"abc": {"name": "x"}}})");
  auto loaded = SnapshotSystem::Load(t.root());
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().message.find("\"groups\" → \"abc\": not a group id"), std::string::npos) << loaded.error().message;
}

// D20, D7: what is not a snapshot is a usage error naming what is wrong.
TEST(SnapshotSystemTest, FolderThatIsNoSnapshotIsRefused) {
  struct Case {
    const char* name;
    std::function<void(TempTree&)> make;
    const char* expected;
  };
  std::vector<Case> cases = {
      {"empty", [](TempTree&) {}, "no files/"},
      {"files-a-file", [](TempTree& t) { t.Write("files", "x"); }, "files is not a directory"},
      {"files-to-slash", [](TempTree& t) { t.Link("files", "/"); }, "files is a symlink"},
      {"commands-a-file", [](TempTree& t) { t.Write("files/etc/os-release", "ID=x\n"); t.Write("commands", ""); }, "commands is not a directory"},
      {"foreign-format", [](TempTree& t) { t.Write("files/x", ""); t.Write("meta.json", R"({"format": "tarball"})"); }, "not a rocm-doctor snapshot"},
  };
  for (const auto& c : cases) {
    TempTree t;
    c.make(t);
    auto loaded = SnapshotSystem::Load(t.root());
    ASSERT_FALSE(loaded.ok()) << c.name;
    EXPECT_NE(loaded.error().message.find(c.expected), std::string::npos) << c.name << ": " << loaded.error().message;
    EXPECT_NE(loaded.error().message.find(t.root()), std::string::npos) << c.name;
  }
}

// m5: one malformed recorded command is skipped with its cause; the rest replays.
TEST(SnapshotSystemTest, MalformedCommandIsSkippedNotFatal) {
  TempTree t;
  std::filesystem::create_directory(t.Path("files"));
  t.Write("commands/000.json", R"({"argv": "rocminfo"})");
  t.Write("commands/001.json", "{truncated");
  t.Write("commands/002.json", R"({"argv": ["hipcc", "--version"], "exit_code": 0, "stdout": "HIP version: 6.2\n"})");
  auto sys = LoadOk(t.root());
  ASSERT_TRUE(sys);
  ASSERT_EQ(sys->LoadProblems().size(), 2u);
  EXPECT_NE(sys->LoadProblems()[0].find("000.json: type must be array"), std::string::npos) << sys->LoadProblems()[0];
  EXPECT_NE(sys->LoadProblems()[1].find("001.json: not valid JSON"), std::string::npos) << sys->LoadProblems()[1];
  EXPECT_EQ(sys->Run(CommandSpec{{"hipcc", "--version"}}).out, "HIP version: 6.2\n");
}

// m13: a recorded output is capped like a live child's.
TEST(SnapshotSystemTest, RecordedOutputIsCappedLikeALiveOne) {
  TempTree t;
  std::filesystem::create_directory(t.Path("files"));
  nlohmann::json command = {{"argv", {"rocminfo"}}, {"exit_code", 0}, {"stdout", std::string(3u << 20, 'x')}};
  t.Write("commands/000.json", command.dump());
  auto sys = LoadOk(t.root());
  CommandSpec spec{{"rocminfo"}};
  auto r = sys->Run(spec);
  EXPECT_EQ(r.out.size(), spec.max_output);
  EXPECT_TRUE(r.out_truncated);
}

TEST(SnapshotSystemTest, MissingFolderIsAnError) {
  auto loaded = SnapshotSystem::Load("/nonexistent/rd-snapshot");
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().message.find("/nonexistent/rd-snapshot"), std::string::npos);
}

Result<bool> SaveTo(RecordingSystem& recorder, const std::string& path) {
  auto dir = RecordDir::Open(path);
  if (!dir) return dir.error();
  return recorder.Save(**dir);
}

TEST(RecordingSystemTest, RecordThenReplayGivesTheSameAnswers) {
  TempTree world;
  world.Write("etc/os-release", "ID=debian\n");
  world.Link("link", world.Path("etc"));
  auto live = std::make_shared<LiveSystem>();
  RecordingSystem recorder(live);
  auto text = recorder.ReadFile(world.Path("etc/os-release"), 4096);
  auto missing = recorder.ReadFile(world.Path("nope"), 4096);
  auto names = recorder.ListDir(world.Path("etc"));
  auto link = recorder.ReadLink(world.Path("link"));
  auto run = recorder.Run(CommandSpec{{"/bin/echo", "hello"}});
  auto id = recorder.GetIdentity();
  TempTree out;
  ASSERT_TRUE(SaveTo(recorder, out.Path("snap")).ok());
  auto replay = LoadOk(out.Path("snap"));
  EXPECT_EQ(replay->ReadFile(world.Path("etc/os-release"), 4096).value(), *text);
  EXPECT_EQ(replay->ReadFile(world.Path("nope"), 4096).error().kind, missing.error().kind);
  EXPECT_EQ(replay->ListDir(world.Path("etc")).value(), *names);
  EXPECT_EQ(replay->ReadLink(world.Path("link")).value(), *link);
  EXPECT_EQ(replay->Run(CommandSpec{{"/bin/echo", "hello"}}).out, "hello\n");
  EXPECT_EQ(replay->GetIdentity().uid, id.uid);
  EXPECT_FALSE(RecordDir::Open(out.Path("snap")).ok());  // refuses a non-empty folder
}

// Ranged reads are saved as sparse files: the recorded bytes at their offsets, nothing else
// on disk, and the replay reads the same bytes back.
TEST(RecordingSystemTest, RangesAreRecordedAsSparseFilesAndReplayed) {
  TempTree world;
  std::string big(4u << 20, 'a');
  big.replace(100, 5, "HEAD!");
  big.replace(big.size() - 5, 5, "TAIL!");
  world.Write("lib/libbig.so", big);
  world.Write("lib/small", "whole file");
  RecordingSystem recorder(std::make_shared<LiveSystem>());
  EXPECT_EQ(recorder.ReadFileRange(world.Path("lib/libbig.so"), 100, 5).value(), "HEAD!");
  EXPECT_EQ(recorder.ReadFileRange(world.Path("lib/libbig.so"), big.size() - 5, 64).value(), "TAIL!");
  EXPECT_EQ(recorder.ReadFileRange(world.Path("lib/small"), 6, 4).value(), "file");
  EXPECT_TRUE(recorder.ReadFile(world.Path("lib/small"), 4096).ok());  // whole wins over ranges
  EXPECT_FALSE(recorder.ReadFileRange(world.Path("lib/nope"), 0, 4).ok());
  TempTree out;
  ASSERT_TRUE(SaveTo(recorder, out.Path("snap")).ok());
  auto replay = LoadOk(out.Path("snap"));
  EXPECT_EQ(replay->ReadFileRange(world.Path("lib/libbig.so"), 100, 5).value(), "HEAD!");
  EXPECT_EQ(replay->ReadFileRange(world.Path("lib/libbig.so"), big.size() - 5, 64).value(), "TAIL!");
  EXPECT_EQ(replay->ReadFile(world.Path("lib/small"), 4096).value(), "whole file");
  EXPECT_EQ(replay->ReadFileRange(world.Path("lib/nope"), 0, 4).error().kind, ErrorKind::NotFound);
  struct stat st {};
  ASSERT_EQ(stat((out.Path("snap") + "/files" + world.Path("lib/libbig.so")).c_str(), &st), 0);
  EXPECT_EQ(static_cast<size_t>(st.st_size), big.size());
  EXPECT_LT(st.st_blocks * 512, 64 * 1024) << "not sparse";
}


// Hostile-input report D2: a symlink swapped into the record folder after it was opened is
// never followed; the file it points to stays as it was.
TEST(RecordDirTest, SymlinksPlantedInTheFolderAreNotFollowed) {
  TempTree out;
  out.Write("victim/secret.conf", "precious");
  auto dir = RecordDir::Open(out.Path("snap"));
  ASSERT_TRUE(dir.ok()) << dir.error().message;
  out.Link("snap/files", out.Path("victim"));
  auto written = (*dir)->WriteFile("files/secret.conf", "overwritten");
  ASSERT_FALSE(written.ok());
  EXPECT_NE(written.error().message.find("symlink"), std::string::npos) << written.error().message;
  out.Link("snap/meta.json", out.Path("victim/secret.conf"));
  EXPECT_FALSE((*dir)->WriteFile("meta.json", "{}").ok());
  std::ifstream in(out.Path("victim/secret.conf"));
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content, "precious");
  EXPECT_FALSE((*dir)->WriteFile("files/../../escape", "x").ok());
}

TEST(RecordDirTest, RefusesSymlinkNonEmptyAndForeignFolders) {
  TempTree out;
  out.Write("full/x", "");
  out.Link("link", out.Path("elsewhere"));
  std::filesystem::create_directory(out.Path("elsewhere"));
  EXPECT_FALSE(RecordDir::Open(out.Path("full")).ok());
  auto link = RecordDir::Open(out.Path("link"));
  ASSERT_FALSE(link.ok());
  EXPECT_NE(link.error().message.find("symlink"), std::string::npos) << link.error().message;
  auto fresh = RecordDir::Open(out.Path("new"));
  ASSERT_TRUE(fresh.ok());
  struct stat st {};
  ASSERT_EQ(stat(out.Path("new").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  if (geteuid() == 0) {
    std::filesystem::create_directory(out.Path("foreign"));
    ASSERT_EQ(chown(out.Path("foreign").c_str(), 65534, 65534), 0);
    auto foreign = RecordDir::Open(out.Path("foreign"));
    ASSERT_FALSE(foreign.ok());
    EXPECT_NE(foreign.error().message.find("belongs to uid 65534"), std::string::npos);
  }
}

// D3 and D13: secret-named variables are not recorded; non-UTF-8 values do not stop the save.
TEST(RecordingSystemTest, EnvironmentWithoutSecretsAndWithInvalidUtf8IsSaved) {
  class FakeEnv : public LiveSystem {
   public:
    std::map<std::string, std::string> Environment() override {
      return {{"HF_TOKEN", "hf_SECRETVALUE123"}, {"MY_DB_PASSWORD", "pw"}, {"AWS_SECRET_ACCESS_KEY", "aws"},
              {"FOO_KEY", "fookey"}, {"HSA_OVERRIDE_GFX_VERSION", "10.3.0"}, {"FOO", "bar\xff"}};
    }
  };
  RecordingSystem recorder(std::make_shared<FakeEnv>());
  auto env = recorder.Environment();
  EXPECT_EQ(env.count("HF_TOKEN"), 1u);  // the collectors still see the real environment
  TempTree out;
  ASSERT_TRUE(SaveTo(recorder, out.Path("snap")).ok());
  std::ifstream in(out.Path("snap/env.json"));
  std::string saved((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char* secret : {"hf_SECRETVALUE123", "HF_TOKEN", "MY_DB_PASSWORD", "AWS_SECRET", "fookey"}) {
    EXPECT_EQ(saved.find(secret), std::string::npos) << secret;
  }
  EXPECT_NE(saved.find("10.3.0"), std::string::npos);
  EXPECT_NE(saved.find("\"FOO\""), std::string::npos);
  EXPECT_FALSE(nlohmann::json::parse(saved, nullptr, false).is_discarded());
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// issue 15 item 6: a compacted file (meta.json "extents", tests/tools/compact_snapshot.py) reads
// like the original: its ranges at their offsets, zeros elsewhere, the original size.
TEST(SnapshotSystemTest, ExtentsReadLikeTheOriginalFile) {
  testing::TempTree t;
  t.Write("files/usr/lib/big.so", "ABCDEF");
  t.Link("files/usr/lib/big.so.1", "big.so");
  t.Write("meta.json", R"({"extents": {"/usr/lib/big.so": {"size": 100, "ranges": [[10, 4], [50, 2]]}}})");
  auto sys = LoadOk(t.root());
  ASSERT_TRUE(sys);
  using namespace std::string_literals;
  EXPECT_EQ(sys->ReadFileRange("/usr/lib/big.so.1", 8, 10).value(), "\0\0ABCD\0\0\0\0"s);
  EXPECT_EQ(sys->ReadFileRange("/usr/lib/big.so", 49, 4).value(), "\0EF\0"s);
  EXPECT_EQ(sys->ReadFileRange("/usr/lib/big.so", 98, 10).value(), "\0\0"s);  // fewer at the end
  EXPECT_EQ(sys->ReadFileRange("/usr/lib/big.so", 200, 10).value(), "");
  EXPECT_EQ(sys->Stat("/usr/lib/big.so.1")->size, 100u);
  EXPECT_EQ(sys->ReadFile("/usr/lib/big.so", 1000).value().size(), 100u);
  EXPECT_EQ(sys->ReadFile("/usr/lib/big.so", 99).error().kind, ErrorKind::TooLarge);
}

TEST(SnapshotSystemTest, OverlappingOrOutOfSizeExtentsAreRefused) {
  for (const char* meta : {R"({"extents": {"/a": {"size": 10, "ranges": [[0, 4], [2, 4]]}}})",
                           R"({"extents": {"/a": {"size": 10, "ranges": [[8, 4]]}}})",
                           R"({"extents": {"/a": {"size": 10, "ranges": [[18446744073709551615, 2]]}}})"}) {
    testing::TempTree t;
    t.Write("files/a", "xxxx");
    t.Write("meta.json", meta);
    auto loaded = SnapshotSystem::Load(t.root());
    ASSERT_FALSE(loaded.ok()) << meta;
    EXPECT_NE(loaded.error().message.find("extents"), std::string::npos) << loaded.error().message;
  }
}

}  // namespace
}  // namespace rd
