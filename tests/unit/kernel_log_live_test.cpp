// The live dmesg and a pasted kernel log are parsed by one parser into one vocabulary
// (kernel_log.*, parsers/kernel_log.h), so one rule serves both (issue 13: the driver collector
// had its own dmesg scan writing driver.log.atomics_rejected/firmware_failed booleans, and the
// duplicate rule pcie.atomics-required beside kernel.pci-atomics-rejected).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "parsers/kernel_log.h"
#include "scenario.h"
#include "triage_helpers.h"

namespace rd {
namespace {

namespace fs = std::filesystem;
using testing::FactText;
using testing::FindingIds;

constexpr const char* kDmesg =
    "[    2.0] kfd kfd: amdgpu: skipped device 1002:67df, PCI rejects atomics 730<0\n"
    "[    3.0] amdgpu 0000:23:00.0: Direct firmware load for amdgpu/polaris10_smc.bin failed with error -2\n"
    "[    4.0] [drm] amdgpu kernel modesetting enabled.\n";

// mi300x-healthy with this dmesg output instead of its empty one.
Report ReplayWithDmesg(const std::string& dmesg) {
  static int runs = 0;
  fs::path dir = fs::temp_directory_path() / ("rd-dmesg-" + std::to_string(::getpid()) + "-" + std::to_string(runs++));
  fs::remove_all(dir);
  fs::copy(testing::FixturePath("mi300x-healthy"), dir, fs::copy_options::recursive);
  for (const auto& file : fs::directory_iterator(dir / "commands")) {
    std::ifstream in(file.path());
    nlohmann::json command = nlohmann::json::parse(in);
    if (command["argv"] != nlohmann::json::array({"dmesg"})) continue;
    command["stdout"] = dmesg;
    std::ofstream(file.path()) << command.dump();
  }
  Report report = testing::ReplayFolder(dir.string());
  fs::remove_all(dir);
  return report;
}

TEST(KernelLogLive, DmesgWritesTheFactsAPastedKernelLogWrites) {
  Report live = ReplayWithDmesg(kDmesg);
  Report pasted = testing::TriageTexts({{"dmesg.txt", kDmesg}});
  for (const char* fact : {"kernel_log.atomics_rejected[0].device", "kernel_log.firmware_failures[0].file",
                           "kernel_log.firmware_failures[0].error", "kernel_log.amd_lines"}) {
    EXPECT_FALSE(FactText(live, fact).empty()) << fact;
    EXPECT_EQ(FactText(live, fact), FactText(pasted, fact)) << fact;
  }
  EXPECT_EQ(FactText(live, "kernel_log.atomics_rejected[0].device"), "1002:67df");
  EXPECT_EQ(live.facts.EvidenceFor("kernel_log.atomics_rejected[0].device")->source, "cmd:dmesg");
  for (const auto& report : {live, pasted}) {
    auto ids = FindingIds(report);
    EXPECT_TRUE(ids.count("kernel.pci-atomics-rejected"));
    EXPECT_TRUE(ids.count("kernel.firmware-load-failed"));
    EXPECT_FALSE(ids.count("pcie.atomics-required"));  // merged into kernel.pci-atomics-rejected
  }
}

TEST(KernelLogLive, AQuietDmesgWritesNoEvents) {
  Report live = ReplayWithDmesg("[    4.0] [drm] amdgpu kernel modesetting enabled.\n");
  EXPECT_EQ(FactText(live, "kernel_log.amd_lines"), "1");
  EXPECT_EQ(FactText(live, "kernel_log.atomics_rejected"), "");
  EXPECT_FALSE(FindingIds(live).count("kernel.pci-atomics-rejected"));
}

TEST(KernelLogLive, OneNamingPerEvent) {
  KernelLog log = ParseKernelLog(kDmesg);
  ASSERT_GE(log.events.size(), 2u);
  EXPECT_EQ(KernelLogEventFacts(log.events[0]).array, "atomics_rejected");
  EXPECT_EQ(KernelLogEventFacts(log.events[1]).array, "firmware_failures");
}

}  // namespace
}  // namespace rd
