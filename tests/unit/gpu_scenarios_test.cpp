// Replay scenarios of the GPU, driver and device-access sections (tests/fixtures/<scenario>/,
// written by tests/tools/make_gpu_fixtures.py). Each checks the facts and the findings that must
// and must not appear.
#include <gtest/gtest.h>

#include "scenario.h"

namespace rd::testing {
namespace {

bool Has(const Report& r, const std::string& id) { return FindingIds(r).count(id) > 0; }

// No warning or error in the gpu/access sections.
void ExpectQuietGpuSections(const Report& r) {
  for (const auto& f : r.findings) {
    if (f.section != "gpu" && f.section != "access") continue;
    EXPECT_EQ(f.severity, Severity::Info) << f.rule_id << ": " << f.title;
  }
}

TEST(GpuScenarios, Mi300xHealthy) {
  Report r = ReplayScenario("mi300x-healthy");
  EXPECT_EQ(FactText(r, "gpu.count"), "8");
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx942");
  EXPECT_EQ(FactText(r, "gpus[7].marketing_name"), "AMD Instinct MI300X");
  EXPECT_EQ(FactText(r, "gpus[0].source"), "kfd+pci");
  EXPECT_EQ(FactText(r, "gpus[0].pci_bdf"), "0000:05:00.0");
  EXPECT_EQ(FactText(r, "gpus[0].cu_count"), "304");
  EXPECT_EQ(FactText(r, "gpus[0].large_bar"), "true");
  EXPECT_EQ(FactText(r, "gpus[0].link_gen"), "5");
  EXPECT_EQ(FactText(r, "driver.amdgpu.version"), "6.8.5");
  EXPECT_EQ(FactText(r, "devices.kfd.accessible"), "true");
  EXPECT_EQ(FactText(r, "rocminfo.gpu_agent_count"), "8");
  EXPECT_EQ(FactText(r, "rocminfo.gpu_agents[0].features"), "sramecc+:xnack-");
  EXPECT_EQ(FactText(r, "smi.devices[0].vram_total_bytes"), "206141652992");
  EXPECT_EQ(FactText(r, "summary.gpu"), "8 × AMD Instinct MI300X (gfx942)");
  ExpectQuietGpuSections(r);
  EXPECT_FALSE(Has(r, "pcie.iommu-config"));
}

TEST(GpuScenarios, Mi250xNeedsIommuPt) {
  Report r = ReplayScenario("mi250x-node");
  EXPECT_EQ(FactText(r, "gpus[3].gfx"), "gfx90a");
  EXPECT_EQ(FactText(r, "gpu.kfd_gpu_count"), "8");
  EXPECT_TRUE(Has(r, "pcie.iommu-config"));
  EXPECT_TRUE(Has(r, "limits.memlock"));
  EXPECT_FALSE(Has(r, "arch.dropped-legacy"));
  EXPECT_FALSE(Has(r, "gpu.rocminfo-sees-fewer"));
}

TEST(GpuScenarios, Rx6700xtWithoutOverrideNamesTheValue) {
  Report r = ReplayScenario("rx6700xt-gfx1031-no-override");
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx1031");
  EXPECT_EQ(FactText(r, "gpus[0].arch_class"), "rdna2-consumer");
  ASSERT_TRUE(Has(r, "arch.rdna2-consumer-unsupported"));
  for (const auto& f : r.findings) {
    if (f.rule_id == "arch.rdna2-consumer-unsupported") {
      EXPECT_NE(f.title.find("HSA_OVERRIDE_GFX_VERSION=10.3.0"), std::string::npos);
    }
  }
  EXPECT_FALSE(Has(r, "gpu.runtime-gfx-differs"));
}

TEST(GpuScenarios, Rx6700xtWithOverrideShowsBothValues) {
  Report r = ReplayScenario("rx6700xt-gfx1031-override");
  EXPECT_FALSE(Has(r, "arch.rdna2-consumer-unsupported"));
  EXPECT_FALSE(Has(r, "env.hsa-override-misuse"));
  ASSERT_TRUE(Has(r, "gpu.runtime-gfx-differs"));
  for (const auto& f : r.findings) {
    if (f.rule_id != "gpu.runtime-gfx-differs") continue;
    EXPECT_NE(f.title.find("gfx1031"), std::string::npos);
    EXPECT_NE(f.title.find("gfx1030"), std::string::npos);
    bool sysfs_source = false;
    for (const auto& e : f.evidence) sysfs_source |= e.source.find("/sys/class/kfd") != std::string::npos;
    EXPECT_TRUE(sysfs_source);
  }
}

TEST(GpuScenarios, Rx6700xtWrongOverride) {
  Report r = ReplayScenario("rx6700xt-gfx1031-wrong-override");
  EXPECT_EQ(FactText(r, "gpus[0].override_gfx"), "gfx1100");
  EXPECT_TRUE(Has(r, "env.hsa-override-misuse"));
}

TEST(GpuScenarios, Rx7900xtxLargeBarOff) {
  Report r = ReplayScenario("rx7900xtx-gfx1100");
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx1100");
  EXPECT_EQ(FactText(r, "gpus[0].large_bar"), "false");
  EXPECT_EQ(FactText(r, "driver.amdgpu.dkms"), "false");
  EXPECT_TRUE(Has(r, "pcie.large-bar-disabled"));
  EXPECT_FALSE(Has(r, "arch.rdna3-variant-or-apu"));
}

TEST(GpuScenarios, LaptopApuBesideDgpu) {
  Report r = ReplayScenario("laptop-apu-gfx1103-dgpu");
  EXPECT_EQ(FactText(r, "gpu.igpu_count"), "1");
  EXPECT_EQ(FactText(r, "gpu.dgpu_count"), "1");
  EXPECT_TRUE(Has(r, "gpu.igpu-dgpu-selection"));
  EXPECT_FALSE(Has(r, "pcie.large-bar-disabled"));  // the iGPU's 256 MiB window is normal
  EXPECT_FALSE(Has(r, "pcie.iommu-config"));        // one discrete GPU
}

TEST(GpuScenarios, Ryzen7000IgpuBesideDgpu) {
  Report r = ReplayScenario("ryzen7000-igpu-gfx1036-dgpu");
  EXPECT_EQ(FactText(r, "gpus[1].gfx"), "gfx1036");
  EXPECT_EQ(FactText(r, "gpus[1].is_apu"), "true");
  EXPECT_TRUE(Has(r, "gpu.igpu-dgpu-selection"));
  EXPECT_FALSE(Has(r, "arch.rdna2-consumer-unsupported"));
}

TEST(GpuScenarios, ContainerWithoutKfd) {
  Report r = ReplayScenario("container-no-kfd");
  EXPECT_EQ(FactText(r, "devices.kfd.exists"), "false");
  EXPECT_EQ(FactText(r, "gpu.pci_count"), "1");
  EXPECT_TRUE(Has(r, "container.missing-device-nodes"));
  EXPECT_FALSE(Has(r, "perm.kfd-render-group"));
  EXPECT_FALSE(Has(r, "gpu.none-found"));
}

TEST(GpuScenarios, ContainerUserLacksRenderGid) {
  Report r = ReplayScenario("container-render-gid");
  EXPECT_EQ(FactText(r, "devices.kfd.gid"), "993");
  EXPECT_EQ(FactText(r, "devices.kfd.accessible"), "false");
  EXPECT_EQ(FactText(r, "devices.unnamed_gids"), "993");
  EXPECT_NE(FactText(r, "devices.container_flags").find("--group-add 993"), std::string::npos);
  EXPECT_TRUE(Has(r, "container.render-gid-mismatch"));
  EXPECT_TRUE(Has(r, "container.gpu-gid-unnamed"));
  EXPECT_FALSE(Has(r, "perm.kfd-render-group"));  // the container rule says it with --group-add
  EXPECT_EQ(FactText(r, "rocminfo.kfd_open_error"), "Permission denied");
}

TEST(GpuScenarios, AmdgpuNotLoadedNomodeset) {
  Report r = ReplayScenario("amdgpu-nomodeset");
  EXPECT_EQ(FactText(r, "driver.amdgpu.loaded"), "false");
  EXPECT_EQ(FactText(r, "gpus[0].source"), "pci");
  EXPECT_EQ(FactText(r, "gpus[0].driver"), "none");
  EXPECT_EQ(FactText(r, "gpus[0].gfx_source"), "pci-table");
  EXPECT_EQ(FactText(r, "rocminfo.rock_loaded"), "false");
  EXPECT_EQ(FactText(r, "smi.status"), "8");
  EXPECT_TRUE(Has(r, "driver.amdgpu-not-loaded"));
  EXPECT_TRUE(Has(r, "driver.nomodeset"));
  EXPECT_TRUE(Has(r, "runtime.smi-unavailable"));
  EXPECT_FALSE(Has(r, "gpu.pci-not-in-kfd"));  // KFD is not there at all: the driver finding says it
}

TEST(GpuScenarios, Wsl2) {
  Report r = ReplayScenario("wsl2");
  EXPECT_EQ(FactText(r, "rocminfo.wsl"), "true");
  EXPECT_EQ(FactText(r, "rocminfo.hsa_status"), "HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  EXPECT_TRUE(Has(r, "wsl.limitations"));
  EXPECT_TRUE(Has(r, "wsl.unsupported-gpu"));
  EXPECT_FALSE(Has(r, "gpu.none-found"));
  EXPECT_FALSE(Has(r, "driver.amdgpu-not-loaded"));
  EXPECT_FALSE(Has(r, "hsa.out-of-resources-decode"));  // the WSL rule is the precise one
  EXPECT_EQ(FactText(r, "driver.log.readable"), "false");
}

}  // namespace
}  // namespace rd::testing
