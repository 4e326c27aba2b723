#include "parsers/proc_files.h"

#include <gtest/gtest.h>

#include "parsers/container_detect.h"

namespace rd {
namespace {

TEST(ProcFilesTest, CpuInfo) {
  auto cpu = ParseCpuInfo("processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9654 96-Core Processor\n"
                          "flags\t\t: fpu vme hypervisor lahf_lm\n\nprocessor\t: 1\nvendor_id\t: AuthenticAMD\n");
  EXPECT_EQ(cpu.logical_cpus, 2);
  EXPECT_EQ(cpu.vendor, "AuthenticAMD");
  EXPECT_EQ(cpu.model, "AMD EPYC 9654 96-Core Processor");
  EXPECT_TRUE(cpu.hypervisor);
  EXPECT_FALSE(ParseCpuInfo("flags : fpu hypervisorx\n").hypervisor);
}

TEST(ProcFilesTest, MemTotalAndMemlock) {
  EXPECT_EQ(ParseMemTotal("MemTotal:       16318304 kB\nMemFree: 1 kB\n"), 16318304ull * 1024);
  EXPECT_FALSE(ParseMemTotal("MemFree: 1 kB\n"));
  const char* limits =
      "Limit                     Soft Limit           Hard Limit           Units\n"
      "Max locked memory         8388608              8388608              bytes\n";
  EXPECT_EQ(ParseMemlockLimit(limits), 8388608);
  EXPECT_EQ(ParseMemlockLimit("Max locked memory         unlimited            unlimited            bytes\n"), -1);
  EXPECT_FALSE(ParseMemlockLimit("garbage"));
}

TEST(ProcFilesTest, StatusFieldAndMounts) {
  EXPECT_EQ(ParseStatusField("Name:\tx\nSeccomp:\t2\n", "Seccomp"), "2");
  const char* mounts = "overlay / overlay rw,relatime,lowerdir=/a 0 0\nshm /dev/shm tmpfs rw,nosuid,size=65536k 0 0\n";
  EXPECT_EQ(ParseMountSize(mounts, "/dev/shm"), 64ull * 1024 * 1024);
  EXPECT_EQ(ParseMountType(mounts, "/"), "overlay");
  EXPECT_FALSE(ParseMountSize(mounts, "/nope"));
}

TEST(ContainerDetectTest, DecidesFromEvidence) {
  ContainerEvidence docker;
  docker.dockerenv = true;
  EXPECT_EQ(DetectContainer(docker).kind, "docker");
  ContainerEvidence podman;
  podman.containerenv = true;
  EXPECT_EQ(DetectContainer(podman).kind, "podman");
  ContainerEvidence k8s;
  k8s.cgroup = "0::/kubepods.slice/kubepods-burstable.slice/cri-containerd-abc.scope\n";
  k8s.dockerenv = true;
  EXPECT_EQ(DetectContainer(k8s).kind, "kubernetes");
  ContainerEvidence lxc;
  lxc.container_env = "lxc";
  EXPECT_EQ(DetectContainer(lxc).kind, "lxc");
  ContainerEvidence cgroup_v1_docker;
  cgroup_v1_docker.cgroup = "12:memory:/docker/3f1c0a\n";
  EXPECT_EQ(DetectContainer(cgroup_v1_docker).kind, "docker");
  EXPECT_EQ(DetectContainer(ContainerEvidence{}).kind, "none");
}

TEST(ContainerDetectTest, Wsl) {
  auto wsl2 = DetectWsl("Linux version 5.15.167.4-microsoft-standard-WSL2 (root@f9c826d3017f) (gcc (GCC) 11.2.0)", false);
  EXPECT_TRUE(wsl2.detected);
  EXPECT_EQ(wsl2.version, 2);
  auto wsl1 = DetectWsl("Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com) (gcc version 5.4.0 (GCC) )", false);
  EXPECT_EQ(wsl1.version, 1);
  EXPECT_FALSE(DetectWsl("Linux version 6.1.0-28-amd64 (debian-kernel@lists.debian.org)", false).detected);
}

}  // namespace
}  // namespace rd
