// Triage of ldd output and compiler logs: the same facts and rules as a live check.
#include <gtest/gtest.h>

#include "cli/check_command.h"
#include "engine/rule_loader.h"
#include "scenario.h"
#include "triage/triage.h"

namespace rd::testing {
namespace {

Report Triage(const std::string& text, std::string* kind = nullptr) {
  auto pieces = SplitPaste(text, "paste");
  Facts facts = TriageFacts(pieces);
  if (kind && !pieces.empty()) *kind = pieces.front().kind;
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  return EvaluateReport(std::move(facts), {}, db, {});
}

// ldd output as pasted in https://github.com/ROCm/ROCm/issues/1302 style tickets.
TEST(TriageLibs, LddNotFoundFiresLoaderPath) {
  std::string kind;
  Report report = Triage(
      "\tlinux-vdso.so.1 (0x00007ffd6a3f2000)\n"
      "\tlibhsa-runtime64.so.1 => not found\n"
      "\tlibstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007f0e1c000000)\n"
      "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0e1bc00000)\n"
      "\t/lib64/ld-linux-x86-64.so.2 (0x00007f0e1c4f0000)\n", &kind);
  EXPECT_EQ(kind, "ldd");
  EXPECT_TRUE(FindingIds(report).count("lib.loader-path"));
  EXPECT_EQ(FactText(report, "libs.missing[0].name"), "libhsa-runtime64.so.1");
}

TEST(TriageLibs, LddAllFoundFiresNothing) {
  Report report = Triage(
      "\tlibhsa-runtime64.so.1 => /opt/rocm/lib/libhsa-runtime64.so.1 (0x00007f0e1c000000)\n"
      "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0e1bc00000)\n");
  EXPECT_TRUE(FindingIds(report).empty());
}

TEST(TriageLibs, GlibcxxVersionNotFound) {
  Report report = Triage(
      "./app: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.32' not found "
      "(required by /opt/rocm/lib/libamdhip64.so.6)\n");
  EXPECT_TRUE(FindingIds(report).count("lib.symbol-version-missing"));
  EXPECT_EQ(FactText(report, "libs.version_missing[0].version"), "GLIBCXX_3.4.32");
}

TEST(TriageLibs, LegacyLibtinfoAndLibdrmSymbol) {
  Report legacy = Triage("/opt/rocm/bin/rocgdb: error while loading shared libraries: libtinfo.so.5: cannot open shared object file: No such file or directory\n");
  EXPECT_TRUE(FindingIds(legacy).count("distro.too-new-ubuntu-legacy-libs"));
  EXPECT_FALSE(FindingIds(legacy).count("lib.loader-path"));
  // https://github.com/ROCm/ROCm/issues/2934
  Report drm = Triage("rocminfo: symbol lookup error: /opt/rocm/lib/libhsa-runtime64.so.1: undefined symbol: amdgpu_va_get_start_addr\n");
  EXPECT_TRUE(FindingIds(drm).count("lib.libdrm-amdgpu-mismatch"));
}

// debian-rocm-notes.md "Debian 13 (trixie) for real": the GCC 15 pitfall reproduced.
TEST(TriageLibs, CmathNotFoundFiresLibstdcxxDev) {
  std::string kind;
  Report report = Triage(
      "Selected GCC installation: /usr/bin/../lib/gcc/x86_64-linux-gnu/15\n"
      "In file included from <built-in>:1:\n"
      "/usr/lib/llvm-17/lib/clang/17/include/cuda_wrappers/cmath:27:15: fatal error: 'cmath' file not found\n"
      "   27 | #include_next <cmath>\n1 error generated when compiling for gfx90a.\n", &kind);
  EXPECT_EQ(kind, "compiler-log");
  EXPECT_TRUE(FindingIds(report).count("toolchain.libstdcxx-dev-missing-for-selected-gcc"));
  EXPECT_EQ(FactText(report, "toolchain.selected_gcc.version"), "15");
}

TEST(TriageLibs, RocMemcpyAsyncIsNotAnApi) {
  Report report = Triage(
      "copy.hip:12:5: error: use of undeclared identifier 'rocMemcpyAsync'; did you mean 'hipMemcpyAsync'?\n"
      "    rocMemcpyAsync(d, h, n, hipMemcpyHostToDevice, s);\n1 error generated when compiling for host.\n");
  EXPECT_TRUE(FindingIds(report).count("build.nonexistent-hip-api"));
  EXPECT_FALSE(FindingIds(report).count("toolchain.libstdcxx-dev-missing-for-selected-gcc"));
  EXPECT_EQ(FactText(report, "compile.suggestions[0]"), "hipMemcpyAsync");
}

TEST(TriageLibs, OffloadTargetsAndHostFunctionInDevice) {
  Report gxx = Triage("c++: error: unrecognized command-line option '--offload-arch=gfx900'\n");
  EXPECT_TRUE(FindingIds(gxx).count("build.wrong-offload-targets"));
  Report lld = Triage("ld.lld: error: unable to find library -lstdc++\nclang: error: linker command failed with exit code 1\n");
  EXPECT_TRUE(FindingIds(lld).count("toolchain.libstdcxx-dev-missing-for-selected-gcc"));
  Report host = Triage(
      "/usr/include/c++/14/optional:475:9: error: reference to __host__ function '__glibcxx_assert_fail' in "
      "__host__ __device__ function\n");
  EXPECT_TRUE(FindingIds(host).count("toolchain.new-libstdcxx-vs-hip-clang"));
  EXPECT_FALSE(FindingIds(host).count("build.wrong-offload-targets"));
}

}  // namespace
}  // namespace rd::testing
