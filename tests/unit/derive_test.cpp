// The derive stage's pure pieces: version strings -> ROCm release, paste entities, and GPU
// merging across sources (the replay/paste parity is tests/unit/parity_test.cpp).
#include <gtest/gtest.h>

#include "derive/derive.h"
#include "derive/rocm_release.h"
#include "parsers/paste_entities.h"

namespace rd {
namespace {

std::string Release(const char* kind, const char* value) {
  nlohmann::json drivers = {{"driver", {{{"version", "6.10.5"}, {"rocm", "6.3"}}}}};
  auto r = ReleaseFromVersion(kind, value, drivers);
  return r ? r->release : "-";
}

TEST(RocmRelease, FromEveryVersionString) {
  EXPECT_EQ(Release("hip-version", "6.3.42131-fa1d09cbd"), "6.3");
  EXPECT_EQ(Release("wheel", "rocm6.2.4"), "6.2.4");
  EXPECT_EQ(Release("wheel", "+rocm6.2"), "6.2");
  EXPECT_EQ(Release("rocm-path", "/opt/rocm-6.2.0"), "6.2.0");
  EXPECT_EQ(Release("rocm-path", "/opt/rocm/core-10.1"), "10.1");
  EXPECT_EQ(Release("rocm-path", "\\AMD\\ROCm\\6.1"), "6.1");
  EXPECT_EQ(Release("package", "rocm-core 6.2.0.60200"), "6.2.0");
  EXPECT_EQ(Release("package", "amdgpu-install 6.2.60200"), "6.2.0");
  EXPECT_EQ(Release("dkms", "1:6.10.5.60302-2084815.24.04"), "6.3.2");
  EXPECT_EQ(Release("dkms", "6.10.5-2084815.24.04"), "6.3");
  EXPECT_EQ(Release("dkms", "6.99.1-1"), "-");  // not in the table: unknown, not guessed
  EXPECT_EQ(Release("rocm-install", "7.14.0"), "7.14.0");
  EXPECT_EQ(Release("rocm-path", "/opt/rocm"), "-");
  EXPECT_EQ(Release("rocm-install", "99.1"), "-");
}

std::vector<std::string> Kinds(const std::vector<PasteEntity>& entities, const std::string& kind) {
  std::vector<std::string> out;
  for (const auto& e : entities) {
    if (e.kind == kind) out.push_back(e.value + (e.kind == "gfx" && !e.device ? " (target)" : ""));
  }
  return out;
}

TEST(PasteEntities, GfxDeviceOrTargetList) {
  auto e = ScanPasteEntities(
      "cmake -DAMDGPU_TARGETS=\"gfx1030;gfx1100\" ..\n"
      "rocBLAS error: Cannot read TensileLibrary.dat: for GPU arch : gfx1031\n"
      "TensileLibrary_lazy_gfx90a.dat\n");
  EXPECT_EQ(Kinds(e, "gfx"), (std::vector<std::string>{"gfx1030 (target)", "gfx1100 (target)", "gfx1031", "gfx90a (target)"}));
}

TEST(PasteEntities, IdsVersionsPathsAndPlatforms) {
  auto e = ScanPasteEntities(
      "03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 22 [1002:73df] (rev c1)\n"
      "HIP version: 6.3.42131-fa1d09cbd\n"
      "PyTorch version: 2.5.1+rocm6.2\n"
      "ls /opt/rocm-6.2.0/lib\n"
      "C:\\Users\\bob\\ComfyUI\\python_embeded\\python.exe main.py\n"
      "Linux box 6.8.0-45-generic #45-Ubuntu SMP\n"
      "Distributor ID: Ubuntu 22.04\n");
  EXPECT_EQ(Kinds(e, "pci_id"), std::vector<std::string>{"1002:73df"});
  EXPECT_EQ(Kinds(e, "pci_bdf"), std::vector<std::string>{"03:00.0"});
  EXPECT_EQ(Kinds(e, "hip_version"), std::vector<std::string>{"6.3.42131-fa1d09cbd"});  // as hipconfig --version prints it
  EXPECT_EQ(Kinds(e, "rocm_wheel"), std::vector<std::string>{"rocm6.2"});
  EXPECT_EQ(Kinds(e, "torch_version"), std::vector<std::string>{"2.5.1+rocm6.2"});
  EXPECT_EQ(Kinds(e, "rocm_path"), std::vector<std::string>{"/opt/rocm-6.2.0"});
  EXPECT_EQ(Kinds(e, "windows_path").size(), 1u);
  EXPECT_EQ(Kinds(e, "python_path").size(), 1u);
  EXPECT_EQ(Kinds(e, "kernel_release"), std::vector<std::string>{"6.8.0-45-generic"});
  EXPECT_EQ(Kinds(e, "os_name"), std::vector<std::string>{"Ubuntu 22.04"});
}

TEST(PasteEntities, IssueFormsBuildPathsOsReleaseAndLoadedDriver) {
  auto e = ScanPasteEntities(
      "hsa api call failure at: /data/jenkins-workspace/compute-rocm-rel-3.3/rocminfo/rocminfo.cc:1102\n"
      "### ROCm Version\n\nROCm 6.4.2\n"
      "ID=ubuntu\nVERSION_ID=\"22.04\"\n"
      "  Device-1: AMD driver: amdgpu v: kernel\n"
      "Linux box 6.12.100+deb13-amd64 #1 SMP\n");
  EXPECT_EQ(Kinds(e, "rocm_mention"), (std::vector<std::string>{"3.3", "6.4.2"}));
  EXPECT_EQ(Kinds(e, "os_release_id"), std::vector<std::string>{"ubuntu"});
  EXPECT_EQ(Kinds(e, "os_release_version"), std::vector<std::string>{"22.04"});
  EXPECT_EQ(Kinds(e, "amdgpu_loaded"), std::vector<std::string>{"amdgpu"});
  EXPECT_EQ(Kinds(e, "kernel_mention"), std::vector<std::string>{"6.12.100+deb13-amd64"});
}

TEST(PasteEntities, BoundedOnHostileInput) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "gfx" + std::to_string(1000 + i % 300) + " 1002:" + std::to_string(7000 + i % 999) + "\n";
  auto e = ScanPasteEntities(text, 400);
  EXPECT_LE(e.size(), 400u);
  std::string line(1 << 20, 'x');
  EXPECT_TRUE(ScanPasteEntities(line + "gfx1030").empty());  // past the 4 KiB a line is read to
}

nlohmann::json Data() {
  return {{"gpus",
           {{"gfx",
             {{{"name", "gfx1031"}, {"family", "RDNA 2"}, {"class", "rdna2-consumer"}, {"override", "10.3.0"}},
              {{"name", "gfx1030"}, {"family", "RDNA 2"}, {"class", "supported"}},
              {{"name", "gfx1036"}, {"family", "RDNA 2"}, {"class", "rdna2-consumer"}, {"apu", true}},
              {{"name", "gfx1100"}, {"family", "RDNA 3"}, {"class", "supported"}}}},
            {"pci", {{{"device_id", "0x73df"}, {"gfx", "gfx1031"}, {"name", "Radeon RX 6700 XT"}}}}}},
          {"gpu_names", {{"name", {{{"pattern", "RX ?6700"}, {"gfx", "gfx1031"}, {"name", "Radeon RX 6700 XT"}}}}}}};
}

TEST(DeriveGpus, RocminfoAndSmiOfOneGpuAreOneGpu) {
  Facts f;
  f.Set("rocminfo.gpu_agents[0].name", "gfx1031");
  f.Set("rocminfo.gpu_agents[0].marketing_name", "AMD Radeon RX 6700 XT");
  f.Set("smi.devices[0].device_id", "0x73df");
  f.Set("smi.devices[0].card_series", "Navi 22");
  DeriveFacts(f, Data());
  EXPECT_EQ(f.Get("gpus").value->size(), 1u);
  EXPECT_EQ(*f.Get("gpus[0].gfx").value, "gfx1031");
  EXPECT_EQ(*f.Get("gpus[0].arch_class").value, "rdna2-consumer");
  EXPECT_EQ(*f.Get("gpus[0].override_suggestion").value, "10.3.0");
  EXPECT_EQ(f.Get("gpus[0].seen_in").value->dump(), R"(["rocminfo","rocm-smi"])");
}

TEST(DeriveGpus, TheOverridesTargetIsNotTheGpusIdentity) {
  Facts f;
  f.Set("env.HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  f.Set("rocminfo.gpu_agents[0].name", "gfx1030");  // what the runtime reports under the override
  f.Set("rocminfo.gpu_agents[0].marketing_name", "AMD Radeon RX 6700 XT");
  DeriveFacts(f, Data());
  EXPECT_EQ(*f.Get("gpus[0].gfx").value, "gfx1031");
  EXPECT_EQ(*f.Get("gpus[0].override_gfx").value, "gfx1030");

  Facts unnamed;  // no name, no PCI id: the GPU's own target is unknown, never taken as gfx1030
  unnamed.Set("env.HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  unnamed.Set("rocminfo.gpu_agents[0].name", "gfx1030");
  DeriveFacts(unnamed, Data());
  EXPECT_FALSE(unnamed.Get("gpus[0].gfx").value);
}

TEST(DeriveGpus, LiveSysfsIsAuthoritativeAndCountsKinds) {
  Facts f;
  f.Set("gpu.kfd_present", true);
  f.Set("gpu.count", 2);
  f.Set("gpus[0].gfx", "gfx1100");
  f.Set("gpus[1].gfx", "gfx1036");
  f.Set("rocminfo.gpu_agents[0].name", "gfx1100");
  f.Set("rocminfo.gpu_agents[1].name", "gfx1036");
  f.Set("rocminfo.gpu_agents[2].name", "gfx90a");  // not in sysfs: a paste would add it, sysfs wins
  DeriveFacts(f, Data());
  EXPECT_EQ(f.Get("gpus").value->size(), 2u);
  EXPECT_EQ(*f.Get("gpu.has_igpu_and_dgpu").value, true);
  EXPECT_EQ(*f.Get("gpu.igpu_count").value, 1);
  EXPECT_EQ(*f.Get("summary.gpu").value, "AMD GPU (gfx1100) · AMD GPU (gfx1036)");
}

TEST(DeriveGpus, ProseAndPciIdsNameAGpuOnlyWithoutAListing) {
  Facts f;
  f.Set("triage.entities[0].kind", "marketing");
  f.Set("triage.entities[0].value", "RX 6700 XT");
  f.Set("triage.entities[0].gfx", "gfx1031");
  f.Set("triage.entities[0].device", true);
  f.Set("triage.entities[1].kind", "pci_id");
  f.Set("triage.entities[1].value", "1002:73df");
  DeriveFacts(f, Data());
  EXPECT_EQ(f.Get("gpus").value->size(), 1u);
  EXPECT_EQ(*f.Get("gpus[0].pci_id").value, "1002:73df");

  f.Set("rocminfo.gpu_agents[0].name", "gfx1100");
  Facts listed = f;
  listed.Set("gpus", nlohmann::json::array());
  DeriveFacts(listed, Data());
  // a listing names the GPUs; prose about an RX 6700 XT does not add one
  EXPECT_EQ(*listed.Get("gpus[0].gfx").value, "gfx1100");
}

void Mention(Facts& f, int i, const char* value, const char* gfx, bool cpu) {
  std::string at = "triage.entities[" + std::to_string(i) + "]";
  f.Set(at + ".kind", "marketing");
  f.Set(at + ".value", value);
  f.Set(at + ".gfx", gfx);
  f.Set(at + ".device", true);
  if (cpu) f.Set(at + ".cpu", true);
}

TEST(DeriveGpus, ACpuModelNamesItsIGpuOnlyAloneAndAfterAKernelFailure) {
  Facts alone;  // "FYI same error on a AMD 4800u" + "invalid device function" (mozilla-ai/llamafile#403)
  Mention(alone, 0, "AMD 4800u", "gfx90c", true);
  alone.Set("log.invalid_device_function", true);
  DeriveFacts(alone, Data());
  ASSERT_TRUE(alone.Get("gpus[0].gfx").value);
  EXPECT_EQ(*alone.Get("gpus[0].gfx").value, "gfx90c");

  Facts no_kernel_ran;  // a 2400G named where /dev/kfd was missing (k8s-device-plugin#23)
  Mention(no_kernel_ran, 0, "Ryzen 5 2400G", "gfx902", true);
  DeriveFacts(no_kernel_ran, Data());
  EXPECT_FALSE(no_kernel_ran.Get("gpus[0].gfx").value);

  Facts beside_dgpu;  // "Ryzen 7 5800H with an RX 6700 XT": the dGPU is the one in use
  Mention(beside_dgpu, 0, "Ryzen 7 5800H", "gfx90c", true);
  Mention(beside_dgpu, 1, "RX 6700 XT", "gfx1031", false);
  beside_dgpu.Set("log.invalid_device_function", true);
  DeriveFacts(beside_dgpu, Data());
  EXPECT_EQ(beside_dgpu.Get("gpus").value->size(), 1u);
  EXPECT_EQ(*beside_dgpu.Get("gpus[0].gfx").value, "gfx1031");
}

TEST(DerivePlatform, WindowsWslLinuxOrUnknown) {
  auto kind = [](const std::vector<std::pair<std::string, std::string>>& entities) {
    Facts f;
    for (size_t i = 0; i < entities.size(); ++i) {
      f.Set("triage.entities[" + std::to_string(i) + "].kind", entities[i].first);
      f.Set("triage.entities[" + std::to_string(i) + "].value", entities[i].second);
    }
    DerivePlatform(f);
    return f.Get("platform.kind").value->get<std::string>();
  };
  EXPECT_EQ(kind({{"windows_path", "C:\\Users\\bob"}}), "windows");
  EXPECT_EQ(kind({{"windows_path", "C:\\Users\\bob"}, {"wsl_marker", "wsl2"}}), "wsl");
  EXPECT_EQ(kind({{"kernel_release", "6.8.0-45-generic"}}), "linux");
  EXPECT_EQ(kind({{"kernel_release", "5.15.153.1-microsoft-standard-WSL2"}}), "wsl");
  EXPECT_EQ(kind({}), "unknown");
}

}  // namespace
}  // namespace rd
