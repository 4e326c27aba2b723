// ELF reader and ld.so.cache parser on real files and on hostile bytes: never a crash.
#include <elf.h>
#include <gtest/gtest.h>

#include <cstring>

#include "parsers/elf_reader.h"
#include "parsers/ld_so_cache.h"
#include "scenario.h"
#include "system/local_files.h"

namespace rd::testing {
namespace {

std::string Fixture(const std::string& path) {
  auto bytes = ReadLocalFile(FixturePath(path));
  EXPECT_TRUE(bytes.ok()) << path;
  return bytes ? *bytes : std::string();
}

const char* kHip = "lib-glibcxx-too-new/files/opt/rocm-6.4.0/lib/libamdhip64.so.6";
const char* kStdcxx = "lib-glibcxx-too-new/files/usr/lib/x86_64-linux-gnu/libstdc++.so.6";

TEST(ElfReader, ReadsNeededSonameRunpathAndVersions) {
  auto hip = ParseElf(Fixture(kHip));
  ASSERT_TRUE(hip.ok()) << hip.error().message;
  EXPECT_EQ(hip->elf_class, 64);
  EXPECT_EQ(ElfMachineName(hip->machine), "x86-64");
  EXPECT_EQ(hip->soname, "libamdhip64.so.6");
  EXPECT_EQ(hip->needed, std::vector<std::string>{"libstdc++.so.6"});
  ASSERT_EQ(hip->version_needs.size(), 1u);
  EXPECT_EQ(hip->version_needs[0].file, "libstdc++.so.6");
  EXPECT_EQ(hip->version_needs[0].versions, std::vector<std::string>{"GLIBCXX_3.4.32"});
  auto stdcxx = ParseElf(Fixture(kStdcxx));
  ASSERT_TRUE(stdcxx.ok());
  EXPECT_EQ(stdcxx->version_defs.size(), 32u);  // GLIBCXX_3.4 and 3.4.0 … 3.4.30
  auto runpath = ParseElf(Fixture("lib-missing-hsa/files/opt/rocm-6.2.0/lib/libamdhip64.so.6"));
  ASSERT_TRUE(runpath.ok());
  EXPECT_TRUE(runpath->has_runpath);
  EXPECT_EQ(runpath->runpath, std::vector<std::string>{"$ORIGIN"});
  EXPECT_EQ(runpath->needed, (std::vector<std::string>{"libhsa-runtime64.so.1", "libhsakmt.so.1"}));
}

TEST(ElfReader, EveryTruncationIsAnErrorOrAPartialResult) {
  std::string bytes = Fixture(kHip);
  for (size_t length = 0; length < bytes.size(); length += 7) {
    auto result = ParseElf(std::string_view(bytes).substr(0, length));
    if (result) {
      EXPECT_LE(result->needed.size(), 1u);
    }
  }
  EXPECT_FALSE(ParseElf("").ok());
  EXPECT_FALSE(ParseElf("\x7f" "ELF").ok());
  EXPECT_FALSE(ParseElf("#!/bin/sh\necho hi\n").ok());
}

TEST(ElfReader, WrongClassAndZeroLengthSections) {
  std::string bytes = Fixture(kHip);
  std::string bad_class = bytes;
  bad_class[EI_CLASS] = 7;
  EXPECT_FALSE(ParseElf(bad_class).ok());
  std::string as32 = bytes;  // a 64-bit file claiming to be 32-bit: garbage headers, no crash
  as32[EI_CLASS] = ELFCLASS32;
  (void)ParseElf(as32);
  // Zero every section size: the reader must see empty sections, not read past them.
  std::string zeroed = bytes;
  Elf64_Ehdr ehdr;
  std::memcpy(&ehdr, zeroed.data(), sizeof ehdr);
  for (size_t i = 0; i < ehdr.e_shnum; ++i) {
    size_t at = ehdr.e_shoff + i * ehdr.e_shentsize + offsetof(Elf64_Shdr, sh_size);
    if (at + 8 <= zeroed.size()) std::memset(zeroed.data() + at, 0, 8);
  }
  auto result = ParseElf(zeroed);
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->needed.empty());
  // Self-referencing version chain (vn_next pointing back) must terminate.
  std::string looped = bytes;
  std::string needle = "GLIBCXX_3.4.32";
  (void)needle;
  for (size_t i = 0; i + 4 < looped.size(); i += 4) {  // scribble across the file: no crash
    std::string copy = looped;
    std::memset(copy.data() + i, 0xff, 4);
    (void)ParseElf(copy);
  }
}

TEST(ElfReader, PrefixImageKeepsDynamicInfo) {
  std::string bytes = Fixture(kHip);
  ElfLayout layout = ElfHeaderLayout(bytes);
  ASSERT_TRUE(layout.valid);
  std::string image = ElfPrefixImage(std::string_view(bytes).substr(0, layout.shoff),
                                     std::string_view(bytes).substr(layout.shoff, layout.shsize));
  auto result = ParseElf(image);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->soname, "libamdhip64.so.6");
}

TEST(LdSoCache, ParsesCacheWrittenByLdconfig) {
  auto cache = ParseLdSoCache(Fixture("lib-missing-hsa/files/etc/ld.so.cache"));
  ASSERT_TRUE(cache.ok()) << cache.error().message;
  EXPECT_EQ(cache->format, "new");
  ASSERT_EQ(cache->entries.size(), 2u);
  bool found = false;
  for (const auto& e : cache->entries) {
    if (e.name == "libhsakmt.so.1") found = e.path == "/opt/rocm/lib/libhsakmt.so.1" && LdCacheEntryMatches(e, LdCacheRequiredFlags(64, EM_X86_64));
  }
  EXPECT_TRUE(found);
}

TEST(LdSoCache, OldPlusNewLayoutAndHostileBytes) {
  std::string fresh = Fixture("lib-missing-hsa/files/etc/ld.so.cache");
  // Old "ld.so-1.7.0" header with zero old entries, then the new table (glibc's compat layout).
  std::string old(16, '\0');
  std::memcpy(old.data(), "ld.so-1.7.0", 11);
  auto combined = ParseLdSoCache(old + fresh);
  ASSERT_TRUE(combined.ok()) << combined.error().message;
  EXPECT_EQ(combined->format, "old+new");
  EXPECT_EQ(combined->entries.size(), 2u);
  for (size_t length = 0; length < fresh.size(); ++length) (void)ParseLdSoCache(std::string_view(fresh).substr(0, length));
  std::string huge = fresh;
  std::memset(huge.data() + 20, 0xff, 4);  // nlibs = 4 billion
  EXPECT_FALSE(ParseLdSoCache(huge).ok());
  EXPECT_FALSE(ParseLdSoCache("garbage").ok());
}

}  // namespace
}  // namespace rd::testing
