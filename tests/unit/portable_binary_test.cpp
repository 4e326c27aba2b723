// The shipped binaries, read with rocm-doctor's own ELF reader: they need at most GLIBC_2.34 and
// GLIBCXX_3.4.29 (Ubuntu 22.04, RHEL 9, Debian 12/13) and link nothing beyond libc, libm,
// libstdc++ and libgcc_s; the probe may add its GPU runtime (it runs only as a child).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "parsers/elf_reader.h"
#include "system/local_files.h"
#include "util/version.h"

namespace rd {
namespace {

std::string MaxVersion(const ElfInfo& elf, const std::string& family) {
  std::string best;
  for (const auto& need : elf.version_needs) {
    for (const auto& v : need.versions) {
      if (v.rfind(family + "_", 0) != 0) continue;
      std::string number = v.substr(family.size() + 1);
      if (best.empty() || CompareVersions(number, best).value_or(0) > 0) best = number;
    }
  }
  return best;
}

void CheckBinary(const std::string& path, const std::regex& allowed) {
#ifdef ROCM_DOCTOR_SANITIZED
  GTEST_SKIP() << "sanitizer build links libasan/libubsan; the release build is checked";
#endif
  auto bytes = ReadLocalFile(path, 512u << 20);
  ASSERT_TRUE(bytes.ok()) << bytes.error().message;
  auto elf = ParseElf(*bytes);
  ASSERT_TRUE(elf.ok()) << path << ": " << elf.error().message;
  for (const auto& [family, limit] : {std::pair{"GLIBC", "2.34"}, std::pair{"GLIBCXX", "3.4.29"}, std::pair{"CXXABI", "1.3.13"}}) {
    std::string got = MaxVersion(*elf, family);
    if (got.empty()) continue;
    EXPECT_LE(CompareVersions(got, limit).value_or(1), 0) << path << " needs " << family << "_" << got << " > " << limit;
  }
  EXPECT_FALSE(MaxVersion(*elf, "GLIBC").empty()) << path << ": no GLIBC version needs read (reader broken?)";
  for (const auto& lib : elf->needed) EXPECT_TRUE(std::regex_match(lib, allowed)) << path << " links " << lib;
}

TEST(PortableBinary, DoctorNeedsOldGlibcAndOnlyBaseLibraries) {
  CheckBinary(ROCM_DOCTOR_BINARY, std::regex(R"((libc|libm|libstdc\+\+|libgcc_s)\.so\.\d+|ld-linux-x86-64\.so\.2)"));
}

TEST(PortableBinary, ProbeNeedsOldGlibcAndOnlyItsRuntime) {
  std::string probe = std::filesystem::path(ROCM_DOCTOR_BINARY).parent_path() / "rocm-doctor-probe";
  if (!std::filesystem::exists(probe)) GTEST_SKIP() << "no rocm-doctor-probe built (ROCM_DOCTOR_PROBES=off or no HIP/CUDA)";
  CheckBinary(probe, std::regex(R"((libc|libm|libstdc\+\+|libgcc_s|libamdhip64|libcudart)\.so\.\d+|ld-linux-x86-64\.so\.2)"));
}

}  // namespace
}  // namespace rd
