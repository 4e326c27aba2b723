// Hostile sysfs for the GPU collectors: missing files, garbage, binary, huge files, symlink
// loops. The report must come out, with the problem named, never a crash.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "scenario.h"

namespace rd::testing {
namespace {

namespace fs = std::filesystem;

void Put(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

class HostileSysfs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rd-hostile-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::path files = dir_ / "files";
    fs::path nodes = files / "sys/class/kfd/kfd/topology/nodes";
    // 1: a good GPU node; 2: binary garbage; 3: larger than any properties file; 4: a symlink
    // to itself; 5: no properties at all; "x": not a node number.
    Put(nodes / "1/properties", "simd_count 80\nsimd_per_cu 2\ngfx_target_version 100301\nvendor_id 4098\ndevice_id 29663\n"
                                "location_id 768\ndomain 0\ndrm_render_minor 128\nnot a number here\n");
    Put(nodes / "1/mem_banks/0/properties", std::string("\x00\x01\x02garbage", 10));
    Put(nodes / "2/properties", std::string("\x7f" "ELF\x00\x00\xff\xfe", 8));
    Put(nodes / "3/properties", std::string(200000, 'a') + " 1\n");
    fs::create_directories(nodes / "4");
    fs::create_symlink("properties", nodes / "4/properties");
    fs::create_directories(nodes / "5");
    Put(nodes / "x/properties", "simd_count 4\n");
    fs::path pci = files / "sys/bus/pci/devices";
    Put(pci / "0000:03:00.0/vendor", "0x1002\n");
    Put(pci / "0000:03:00.0/class", "0x030000\n");
    Put(pci / "0000:03:00.0/device", "0xZZZZ\n");
    Put(pci / "0000:03:00.0/current_link_speed", "fast\n");
    Put(pci / "0000:03:00.0/current_link_width", "99999999999999999999\n");
    Put(pci / "0000:03:00.0/resource", std::string(1 << 20, '0'));
    fs::create_symlink("driver", pci / "0000:03:00.0/driver");
    fs::create_directories(pci);
    fs::create_symlink("0000:04:00.0", pci / "0000:04:00.0");  // a loop where a device should be
    Put(files / "sys/module/amdgpu/initstate", std::string(100000, 'x'));
    Put(files / "proc/cmdline", std::string("\xff\xfe nomodeset \x01", 14));
    Put(files / "proc/version", "Linux version 6.8.0\n");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(HostileSysfs, ReportComesOutAndNamesTheProblems) {
  Report r = ReplayFolder(dir_.string());
  EXPECT_EQ(FactText(r, "gpu.kfd_gpu_count"), "1");  // only node 1 is a readable GPU node
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx1031");
  EXPECT_EQ(FactText(r, "gpus[0].source"), "kfd+pci");
  EXPECT_NE(FactText(r, "gpus[0].problem").find("malformed"), std::string::npos);
  EXPECT_EQ(r.facts.Get("gpus[0].vram_bytes").state, FactState::NotPresent);
  EXPECT_EQ(r.facts.Get("gpus[0].link_speed").state, FactState::NotPresent);
  EXPECT_EQ(r.facts.Get("gpus[0].link_width").state, FactState::NotPresent);
  EXPECT_EQ(FactText(r, "gpus[0].driver"), "none");  // the driver link loops
  EXPECT_EQ(FactText(r, "gpu.pci_count"), "1");        // the looping device entry is skipped
  EXPECT_EQ(FactText(r, "driver.amdgpu.nomodeset"), "true");
  // D19: nodes 3 (too large) and 4 (a loop) are unreadable, named, and a finding; node 5 has no
  // properties at all, which is "not there", not "unreadable".
  EXPECT_EQ(FactText(r, "gpu.kfd_unreadable_count"), "2");
  EXPECT_NE(FactText(r, "gpu.kfd_unreadable_first").find("nodes/3/properties"), std::string::npos) << FactText(r, "gpu.kfd_unreadable_first");
  EXPECT_TRUE(FindingIds(r).count("gpu.kfd-node-unreadable"));
  for (const auto& section : SectionStatuses(r)) EXPECT_TRUE(section.dead_message.empty()) << section.id << ": " << section.dead_message;
}

// D19: an unreadable node's PCI function is not called "not in KFD"; the GPU count stays honest.
TEST(HostileKfd, UnreadableNodeIsAFindingNotAFalseWarning) {
  fs::path dir = fs::temp_directory_path() / "rd-hostile-kfd-unreadable";
  fs::remove_all(dir);
  fs::path nodes = dir / "files/sys/class/kfd/kfd/topology/nodes";
  Put(nodes / "0/properties", "cpu_cores_count 16\nsimd_count 0\n");
  fs::create_directories(nodes / "1/properties");  // a directory where the file should be
  fs::path pci = dir / "files/sys/bus/pci/devices/0000:03:00.0";
  Put(pci / "vendor", "0x1002\n");
  Put(pci / "class", "0x030000\n");
  Put(pci / "device", "0x73df\n");
  Report r = ReplayFolder(dir.string());
  auto ids = FindingIds(r);
  EXPECT_TRUE(ids.count("gpu.kfd-node-unreadable"));
  EXPECT_FALSE(ids.count("gpu.pci-not-in-kfd"));
  EXPECT_EQ(r.facts.Get("gpus[0].in_kfd").state, FactState::Unknown);
  EXPECT_NE(FactText(r, "gpu.kfd_unreadable_first").find("nodes/1/properties"), std::string::npos);
  fs::remove_all(dir);
}

// m1: more than 256 nodes are counted, the lowest-numbered read (not a lexical "10" < "2" cut);
// m2: VRAM banks that would overflow saturate.
TEST(HostileKfd, ManyNodesAreCountedAndLowNodesKeptVramSaturates) {
  fs::path dir = fs::temp_directory_path() / "rd-hostile-kfd-many";
  fs::remove_all(dir);
  fs::path nodes = dir / "files/sys/class/kfd/kfd/topology/nodes";
  for (int n = 0; n < 300; ++n) {
    bool gpu = n >= 1 && n <= 8;
    Put(nodes / std::to_string(n) / "properties",
        gpu ? "simd_count 304\ngfx_target_version 90402\nlocation_id " + std::to_string(256 * n) + "\n" : "simd_count 0\n");
  }
  for (int bank : {0, 1}) Put(nodes / "1/mem_banks" / std::to_string(bank) / "properties", "heap_type 1\nsize_in_bytes 9223372036854775808\n");
  Report r = ReplayFolder(dir.string());
  EXPECT_EQ(FactText(r, "gpu.kfd_gpu_count"), "8");
  EXPECT_EQ(FactText(r, "gpu.kfd_node_count"), "300");
  EXPECT_EQ(FactText(r, "gpu.kfd_nodes_skipped"), "44");
  EXPECT_TRUE(FindingIds(r).count("gpu.kfd-nodes-capped"));
  EXPECT_EQ(FactText(r, "gpus[0].vram_bytes"), "18446744073709551615");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace rd::testing

namespace rd::testing {
namespace {
// m12: a read-only TMPDIR is one clear error, not "did not start" in every child's section.
TEST(HostileEnvironment, UnusableTempDirIsOneClearError) {
  fs::path dir = fs::temp_directory_path() / "rd-hostile-tmpdir";
  fs::remove_all(dir);
  fs::create_directories(dir / "files/ro");
  Put(dir / "env.json", R"({"TMPDIR": "/ro"})");
  Put(dir / "meta.json", R"({"identity": {"uid": 1000, "euid": 1000, "gid": 1000, "groups": [1000]},
                            "stat": {"/ro": {"type": "dir", "mode": 365, "uid": 0, "gid": 0}}})");
  Report r = ReplayFolder(dir.string());
  EXPECT_TRUE(FindingIds(r).count("doctor.temp-dir-unusable"));
  EXPECT_NE(FactText(r, "doctor.temp_dir_problem").find("/ro is not writable"), std::string::npos) << FactText(r, "doctor.temp_dir_problem");
  fs::remove_all(dir);
  // A snapshot that recorded nothing about /tmp says nothing about it.
  EXPECT_FALSE(FindingIds(ReplayScenario("mi300x-healthy")).count("doctor.temp-dir-unusable"));
}
}  // namespace
}  // namespace rd::testing

namespace rd::testing {
namespace {
// m15: an unreadable PCI device list is "could not look", not "no AMD GPU found"; an absent one
// (no PCI sysfs recorded) stays quiet.
TEST(HostileSysfsLists, UnreadablePciListIsAWarningAbsentIsNot) {
  fs::path dir = fs::temp_directory_path() / "rd-hostile-pci-denied";
  fs::remove_all(dir);
  fs::create_directories(dir / "files/sys");
  Put(dir / "meta.json", R"({"dir_errors": {"/sys/bus/pci/devices": {"kind": "denied", "message": "list /sys/bus/pci/devices: Permission denied"}}})");
  Report denied = ReplayFolder(dir.string());
  EXPECT_TRUE(FindingIds(denied).count("gpu.sysfs-unreadable"));
  EXPECT_NE(FactText(denied, "summary.gpu").find("could not be looked for (list /sys/bus/pci/devices: Permission denied)"), std::string::npos)
      << FactText(denied, "summary.gpu");
  fs::remove(dir / "meta.json");
  Report absent = ReplayFolder(dir.string());
  EXPECT_FALSE(FindingIds(absent).count("gpu.sysfs-unreadable"));
  fs::remove_all(dir);
}
}  // namespace
}  // namespace rd::testing
