// The ranged ELF reader gives ParseElf's answer from a few small reads: on real libraries
// (fixtures and the host's own), on truncated and scribbled files, and on non-ELF bytes.
#include <elf.h>
#include <gtest/gtest.h>

#include <cstring>

#include "parsers/elf_ranges.h"
#include "scenario.h"
#include "system/local_files.h"

namespace rd::testing {
namespace {

ElfRangeReader Over(const std::string& bytes) {
  return [&bytes](uint64_t offset, size_t length) -> Result<std::string> {
    if (offset >= bytes.size()) return std::string();
    return bytes.substr(offset, length);
  };
}

void ExpectSameView(const ElfInfo& a, const ElfInfo& b) {
  EXPECT_EQ(a.elf_class, b.elf_class);
  EXPECT_EQ(a.machine, b.machine);
  EXPECT_EQ(a.type, b.type);
  EXPECT_EQ(a.has_dynamic, b.has_dynamic);
  EXPECT_EQ(a.soname, b.soname);
  EXPECT_EQ(a.needed, b.needed);
  EXPECT_EQ(a.rpath, b.rpath);
  EXPECT_EQ(a.runpath, b.runpath);
  EXPECT_EQ(a.has_runpath, b.has_runpath);
  ASSERT_EQ(a.version_needs.size(), b.version_needs.size());
  for (size_t i = 0; i < a.version_needs.size(); ++i) {
    EXPECT_EQ(a.version_needs[i].file, b.version_needs[i].file);
    EXPECT_EQ(a.version_needs[i].versions, b.version_needs[i].versions);
  }
  EXPECT_EQ(a.version_defs, b.version_defs);
  EXPECT_EQ(a.problems.size(), b.problems.size());
}

// Fixtures are whole copies of real libraries; the host's are read only when present.
const char* kFiles[] = {
    "tests/fixtures/lib-glibcxx-too-new/files/opt/rocm-6.4.0/lib/libamdhip64.so.6",
    "tests/fixtures/lib-glibcxx-too-new/files/usr/lib/x86_64-linux-gnu/libstdc++.so.6",
    "tests/fixtures/lib-missing-hsa/files/opt/rocm-6.2.0/lib/libamdhip64.so.6",
    "/lib/x86_64-linux-gnu/libc.so.6",
    "/lib/x86_64-linux-gnu/libstdc++.so.6",
    "/lib/x86_64-linux-gnu/libamdhip64.so.5",
    "/lib/x86_64-linux-gnu/libhsa-runtime64.so.1",
};

std::string Load(const std::string& name) {
  std::string path = name.rfind("tests/fixtures/", 0) == 0 ? FixturePath(name.substr(15)) : name;
  auto bytes = ReadLocalFile(path, 512u << 20);
  return bytes ? *bytes : std::string();
}

TEST(ElfRanges, SameViewAsWholeFileOnRealLibraries) {
  int compared = 0;
  for (const char* name : kFiles) {
    std::string bytes = Load(name);
    if (bytes.empty()) continue;
    SCOPED_TRACE(name);
    auto whole = ParseElf(bytes);
    ElfRangeStats stats;
    auto ranged = ParseElfByRanges(Over(bytes), bytes.size(), &stats);
    ASSERT_TRUE(whole.ok() && ranged.ok());
    EXPECT_FALSE(whole->needed.empty() && whole->version_defs.empty());
    ExpectSameView(*whole, *ranged);
    EXPECT_FALSE(stats.whole_file);
    EXPECT_LE(stats.reads, 8);
    ++compared;
  }
  EXPECT_GE(compared, 3);
}

TEST(ElfRanges, ReadsAFewPercentOfALargeLibrary) {
  std::string bytes = Load("/lib/x86_64-linux-gnu/libamdhip64.so.5");
  if (bytes.empty()) GTEST_SKIP() << "libamdhip64-5 (Debian) is not installed";
  ElfRangeStats stats;
  ASSERT_TRUE(ParseElfByRanges(Over(bytes), bytes.size(), &stats).ok());
  // 14 MB file; header, 60-odd section headers, .dynamic, .dynstr and the version sections.
  EXPECT_LT(stats.bytes_read, bytes.size() / 20) << stats.bytes_read << " of " << bytes.size();
}

TEST(ElfRanges, NotElfIsOneSmallRead) {
  std::string garbage(1 << 20, 'x');
  ElfRangeStats stats;
  auto result = ParseElfByRanges(Over(garbage), garbage.size(), &stats);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message.find("not an ELF file"), std::string::npos);
  EXPECT_EQ(stats.reads, 1);
  EXPECT_EQ(stats.bytes_read, sizeof(Elf64_Ehdr));
}

TEST(ElfRanges, ReadErrorIsReturned) {
  ElfRangeReader failing = [](uint64_t, size_t) -> Result<std::string> {
    return Error{ErrorKind::Io, "read /x: Input/output error"};
  };
  auto result = ParseElfByRanges(failing, 1 << 20);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().message, "read /x: Input/output error");
}

TEST(ElfRanges, WholeFileFallbackHonoursTheLimit) {
  std::string bytes = Load("tests/fixtures/lib-missing-hsa/files/opt/rocm-6.2.0/lib/libamdhip64.so.6");
  ASSERT_FALSE(bytes.empty());
  bytes[EI_DATA] = ELFDATA2MSB;  // big-endian: the ranged path steps aside
  ElfRangeStats stats;
  auto small = ParseElfByRanges(Over(bytes), bytes.size() - 1, &stats);
  EXPECT_TRUE(stats.whole_file);
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(small.error().kind, ErrorKind::TooLarge);
  EXPECT_EQ(ParseElfByRanges(Over(bytes), bytes.size()).ok(), ParseElf(bytes).ok());
}

// A hostile table naming every section a whole-file .dynamic: the reads stay within the limit.
TEST(ElfRanges, HostileTableCannotMakeItReadMoreThanTheLimit) {
  std::string bytes = Load("tests/fixtures/lib-missing-hsa/files/opt/rocm-6.2.0/lib/libamdhip64.so.6");
  ASSERT_FALSE(bytes.empty());
  ElfLayout layout = ElfHeaderLayout(bytes);
  ASSERT_TRUE(layout.valid);
  size_t count = layout.shsize / sizeof(Elf64_Shdr);
  ASSERT_GT(count, 10u);
  for (size_t i = 1; i < count; ++i) {
    Elf64_Shdr s;
    std::memcpy(&s, bytes.data() + layout.shoff + i * sizeof s, sizeof s);
    s.sh_type = SHT_DYNAMIC;
    s.sh_offset = 0;
    s.sh_size = bytes.size();
    s.sh_link = static_cast<uint32_t>(i);
    std::memcpy(bytes.data() + layout.shoff + i * sizeof s, &s, sizeof s);
  }
  ElfRangeStats stats;
  size_t limit = 4 * bytes.size();
  (void)ParseElfByRanges(Over(bytes), limit, &stats);
  EXPECT_LE(stats.bytes_read, limit + sizeof(Elf64_Ehdr) + layout.shsize);
}

// Cut anywhere or scribbled over anywhere: the same answer as the whole-file parser (or both
// fail), never a crash or a read past the buffer.
TEST(ElfRanges, TruncatedAndScribbledFilesAgreeWithWholeParse) {
  std::string bytes = Load("tests/fixtures/lib-missing-hsa/files/opt/rocm-6.2.0/lib/libamdhip64.so.6");
  ASSERT_FALSE(bytes.empty());
  auto agree = [](const std::string& image) {
    auto whole = ParseElf(image);
    auto ranged = ParseElfByRanges(Over(image), image.size());
    EXPECT_EQ(whole.ok(), ranged.ok());
    if (whole.ok() && ranged.ok()) {
      EXPECT_EQ(whole->needed, ranged->needed);
      EXPECT_EQ(whole->soname, ranged->soname);
    }
  };
  for (size_t cut = 0; cut < bytes.size(); cut += std::max<size_t>(1, bytes.size() / 97)) agree(bytes.substr(0, cut));
  for (size_t at = 0; at + 8 < bytes.size(); at += 8) {
    std::string copy = bytes;
    std::memset(copy.data() + at, 0xff, 8);
    agree(copy);
  }
}

}  // namespace
}  // namespace rd::testing
