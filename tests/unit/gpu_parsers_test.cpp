// Pure parsers of the GPU section: KFD properties, PCI attributes, kernel command line and log,
// rocminfo, rocm-smi. Hostile input gives fewer values, never a crash.
#include <gtest/gtest.h>

#include "parsers/kernel_driver.h"
#include "parsers/kfd_topology.h"
#include "parsers/pci_sysfs.h"
#include "parsers/rocm_smi_output.h"
#include "parsers/rocminfo.h"

namespace rd {
namespace {

TEST(KfdTopology, ParsesKernelFormatAndCountsGarbage) {
  auto p = ParseKfdProperties("cpu_cores_count 0\nsimd_count 304\ngfx_target_version 90402\nlocation_id 29952\n"
                              "garbage\nhive_id 18446744073709551615\nhuge 99999999999999999999999\nbad -1\n");
  EXPECT_EQ(p.Get("simd_count"), 304u);
  EXPECT_EQ(p.Get("hive_id"), 18446744073709551615ull);
  EXPECT_FALSE(p.Get("huge"));
  EXPECT_EQ(p.bad_lines, 3);
  EXPECT_EQ(ParseKfdProperties(std::string(1 << 16, '\0')).values.size(), 0u);
}

TEST(KfdTopology, GfxNames) {
  EXPECT_EQ(GfxNameFromTargetVersion(90010), "gfx90a");
  EXPECT_EQ(GfxNameFromTargetVersion(90402), "gfx942");
  EXPECT_EQ(GfxNameFromTargetVersion(100301), "gfx1031");
  EXPECT_EQ(GfxNameFromTargetVersion(110501), "gfx1151");
  EXPECT_EQ(GfxNameFromTargetVersion(90012), "gfx90c");
  EXPECT_FALSE(GfxNameFromTargetVersion(0));
  EXPECT_FALSE(GfxNameFromTargetVersion(91699));
  EXPECT_EQ(GfxNameFromOverride("10.3.0"), "gfx1030");
  EXPECT_EQ(GfxNameFromOverride("9.0.12"), "gfx90c");
  EXPECT_FALSE(GfxNameFromOverride("gfx1030"));
  EXPECT_FALSE(GfxNameFromOverride("10.3"));
  EXPECT_EQ(BdfFromLocation(0, 29952), "0000:75:00.0");
  EXPECT_EQ(BdfFromLocation(0, 0x050b), "0000:05:01.3");
}

TEST(PciSysfs, AttributesAndBars) {
  EXPECT_EQ(ParseSysfsHex("0x744c\n"), 0x744cu);
  EXPECT_FALSE(ParseSysfsHex("744c"));
  EXPECT_FALSE(ParseSysfsHex("0xzz"));
  EXPECT_EQ(ParseLinkSpeed("16.0 GT/s PCIe\n"), 16.0);
  EXPECT_EQ(ParseLinkSpeed("2.5 GT/s"), 2.5);
  EXPECT_FALSE(ParseLinkSpeed("Unknown"));
  EXPECT_FALSE(ParseLinkSpeed("1e999 GT/s"));
  EXPECT_EQ(PcieGeneration(32.0), 5);
  auto bars = ParsePciResource(
      "0x0000007800000000 0x0000007bffffffff 0x000000000014220c\n"
      "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
      "0x000000fc00000000 0x000000fc001fffff 0x000000000014220c\n"
      "0x000000000000e000 0x000000000000e0ff 0x0000000000040101\n"
      "garbage line\n");
  ASSERT_EQ(bars.size(), 2u);  // the I/O port region is not memory
  EXPECT_EQ(LargestPrefetchableBar(bars), 16ull << 30);
}

TEST(KernelDriver, CmdlineBlacklistSecureBootLog) {
  auto c = ParseKernelCmdline("BOOT_IMAGE=/vmlinuz ro quiet nomodeset modprobe.blacklist=nouveau,amdgpu iommu=pt amdgpu.ppfeaturemask=0xffffffff");
  EXPECT_TRUE(c.nomodeset);
  EXPECT_TRUE(c.blacklisted);
  EXPECT_TRUE(c.iommu_pt);
  ASSERT_EQ(c.amdgpu_params.size(), 1u);
  EXPECT_FALSE(ParseKernelCmdline("ro quiet splash").blacklisted);
  EXPECT_TRUE(FindAmdgpuBlacklist("# comment\nblacklist amdgpu\n"));
  EXPECT_FALSE(FindAmdgpuBlacklist("# blacklist amdgpu\nblacklist radeon\noptions amdgpu si_support=1\n"));
  EXPECT_EQ(ParseSecureBootVar(std::string("\x06\x00\x00\x00\x01", 5)), true);
  EXPECT_FALSE(ParseSecureBootVar("garbage"));
  auto log = ScanKernelLog("[ 1.0] amdgpu 0000:23:00.0: Direct firmware load for amdgpu/arcturus_gpu_info.bin failed with error -2\n"
                           "[ 2.0] kfd kfd: amdgpu: skipped device 1002:67df, PCI rejects atomics 730<0\n"
                           "[ 3.0] [drm] amdgpu kernel modesetting enabled.\n");
  EXPECT_EQ(log.error_count, 2);
}

TEST(Rocminfo, ErrorsAndAgents) {
  auto r = ParseRocminfo("ROCk module is loaded\nUnable to open /dev/kfd read-write: Permission denied\n");
  EXPECT_EQ(r.rock_loaded, true);
  EXPECT_EQ(r.kfd_open_error, "Permission denied");
  EXPECT_FALSE(r.complete);
  auto oor = ParseRocminfo("hsa api call failure at: rocminfo.cc:1219\nCall returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed\n");
  EXPECT_EQ(oor.hsa_status, "HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  auto old = ParseRocminfo("Call returned 4104\n");
  EXPECT_EQ(old.hsa_status, "4104");
  EXPECT_EQ(SplitIsaName("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"), (std::pair<std::string, std::string>{"gfx90a", "sramecc+:xnack-"}));
  EXPECT_FALSE(LooksLikeRocminfo("hello world\n"));
}

TEST(RocmSmiOutput, TableJsonAndErrors) {
  auto e = ParseRocmSmiOutput("cat: /sys/module/amdgpu/initstate: No such file or directory\nERROR:root:Driver not initialized (amdgpu not found in modules)\n");
  EXPECT_EQ(e.format, "error");
  EXPECT_TRUE(e.driver_missing);
  auto j = ParseRocmSmiOutput(R"J({"card0": {"Device ID": "0x744c", "Temperature (Sensor edge) (C)": "38.0", "VRAM Total Memory (B)": "25753026560"}, "system": {"Driver version": "6.8.0"}})J");
  ASSERT_EQ(j.devices.size(), 1u);
  EXPECT_EQ(j.devices[0].device_id, "0x744c");
  EXPECT_EQ(j.devices[0].vram_total_bytes, 25753026560ll);
  EXPECT_EQ(j.driver_version, "6.8.0");
  EXPECT_TRUE(j.complete);
  auto bad = ParseRocmSmiOutput("{\"card0\": {\"Device ID\": ");  // cut JSON: nothing invented
  EXPECT_TRUE(bad.devices.empty());
  EXPECT_FALSE(bad.complete);
}

}  // namespace
}  // namespace rd
