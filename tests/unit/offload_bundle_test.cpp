// The offload-bundle reader on real HIP binaries built with hipcc (tests/fixtures/bundles), on real
// compressed bundles (CCOB v1/v2/v3, zstd) written by Debian's clang-offload-bundler 18/19/21 and
// clang++ --offload-compress (fixtures/bundles/make_compressed.sh), on zlib CCOB bundles built here
// from the header layout (no Debian tool writes zlib), and on hostile input.
#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "parsers/elf_reader.h"
#include "parsers/elf_sections.h"
#include "parsers/offload_bundle.h"
#include "scenario.h"
#include "util/strings.h"

namespace rd {
namespace {

std::string Slurp(const std::string& name) {
  std::ifstream in(testing::FixturePath("bundles/" + name), std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Target ids from roc-obj-ls / clang-offload-bundler --list output saved next to the binaries.
std::vector<std::string> ToolTargets(const std::string& name) {
  std::set<std::string> out;
  for (const auto& line : SplitLines(Slurp(name))) {
    size_t at = line.find("amdgcn-amd-amdhsa--");
    if (at == std::string::npos) continue;
    std::string rest = line.substr(at + 19);
    out.insert(rest.substr(0, rest.find_first_of(" \t")));
  }
  return {out.begin(), out.end()};
}

// Every entry line of a tool listing ("hipv4-amdgcn-amd-amdhsa--gfx1030", "host-x86_64-…"), in
// order, duplicates kept: a .hip_fatbin with two bundles lists each bundle's entries.
std::vector<std::string> ToolLines(const std::string& name) {
  std::vector<std::string> out;
  for (const auto& line : SplitLines(Slurp(name))) {
    if (!Trim(line).empty()) out.push_back(std::string(Trim(line)));
  }
  return out;
}

TEST(OffloadBundle, ObjectWithThreeTargetsMatchesRocObjLs) {
  BundleScan scan = ScanOffloadBundles(Slurp("k_multi.o"));
  EXPECT_EQ(scan.source, ".hip_fatbin section");
  EXPECT_TRUE(scan.problems.empty());
  EXPECT_EQ(BundleTargetList(scan), ToolTargets("k_multi.o.roc-obj-ls.txt"));
  EXPECT_EQ(BundleTargetList(scan), (std::vector<std::string>{"gfx1030", "gfx1031", "gfx90a:xnack-"}));
  EXPECT_EQ(BundleGfxList(scan), (std::vector<std::string>{"gfx1030", "gfx1031", "gfx90a"}));
}

TEST(OffloadBundle, SharedLibraryMatchesRocObjLs) {
  BundleScan scan = ScanOffloadBundles(Slurp("libk_two.so"));
  EXPECT_EQ(BundleTargetList(scan), ToolTargets("libk_two.so.roc-obj-ls.txt"));
  EXPECT_EQ(BundleTargetList(scan), (std::vector<std::string>{"gfx906", "gfx90a:sramecc+:xnack+"}));
}

std::string Fatbin() {
  std::string file = Slurp("k_multi.o");  // the section is a view into it: keep it alive
  auto section = ElfSectionBytes(file, ".hip_fatbin");
  EXPECT_TRUE(section.ok());
  std::string bytes(*section);
  // The section is padded to its alignment; the bundle's own extent is what the bundler wrote.
  return bytes;
}

TEST(OffloadBundle, RawFatbinMatchesClangOffloadBundlerList) {
  BundleScan scan = ScanOffloadBundles(Fatbin());
  EXPECT_EQ(scan.source, "whole file");
  EXPECT_EQ(BundleTargetList(scan), ToolTargets("k_multi.hipfb.bundler-list.txt"));
}

void PutLe(std::string& out, uint64_t value, int width) {
  for (int i = 0; i < width; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

std::string Compress(const std::string& plain, int method) {
  if (method == 1) {
    std::string out(ZSTD_compressBound(plain.size()), '\0');
    out.resize(ZSTD_compress(out.data(), out.size(), plain.data(), plain.size(), 3));
    return out;
  }
  uLongf size = compressBound(plain.size());
  std::string out(size, '\0');
  compress(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(plain.data()), plain.size());
  out.resize(size);
  return out;
}

// A CCOB bundle with the header layout of the given version (OffloadBundler.cpp).
std::string Ccob(const std::string& plain, int version, int method) {
  std::string payload = Compress(plain, method);
  size_t header = version == 1 ? 20 : version == 2 ? 24 : 32;
  std::string out = "CCOB";
  PutLe(out, version, 2);
  PutLe(out, method, 2);
  if (version == 2) PutLe(out, header + payload.size(), 4);
  if (version == 3) PutLe(out, header + payload.size(), 8);
  PutLe(out, plain.size(), version == 3 ? 8 : 4);
  PutLe(out, 0x1234567890abcdefull, 8);  // hash (not checked by the reader)
  return out + payload;
}

// Written by Debian's own tools (README.md, make_compressed.sh); each has X.bundler-list.txt.
const std::vector<std::string> kRealCompressed = {
    "k_multi.ccob-v1.hipfb", "k_multi.ccob-v2.hipfb", "k_multi.ccob-v3.hipfb", "k_multi.ccob-v3.o",
    "k_ccob_v1.o",           "k_ccob_v2.o",           "libk_ccob_two.so"};

std::vector<std::string> SortedIds(const BundleScan& scan) {
  std::vector<std::string> ids;
  for (const auto& e : scan.entries) ids.push_back(e.id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

TEST(OffloadBundle, RealCompressedBundlesMatchClangOffloadBundlerList) {
  for (const auto& name : kRealCompressed) {
    SCOPED_TRACE(name);
    std::string list = name + ".bundler-list.txt";
    std::vector<std::string> lines = ToolLines(list);
    ASSERT_FALSE(lines.empty());
    BundleScan scan = ScanOffloadBundles(Slurp(name));
    EXPECT_TRUE(scan.problems.empty()) << Join(scan.problems, "; ");
    EXPECT_EQ(BundleTargetList(scan), ToolTargets(list));
    // Every entry, host entries and duplicates of a second bundle included, with the ids as stored.
    std::sort(lines.begin(), lines.end());
    EXPECT_EQ(SortedIds(scan), lines);
    // One host entry per bundle: the bundler's listing says how many bundles there are.
    EXPECT_EQ(scan.compressed_bundles, std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("host-", 0) == 0; }));
    EXPECT_EQ(scan.bundles, 0);
    for (const auto& e : scan.entries) EXPECT_TRUE(e.compressed);
    EXPECT_EQ(scan.source, name.ends_with(".hipfb") ? "whole file" : ".hip_fatbin section");
  }
}

TEST(OffloadBundle, RealSectionWithTwoCompressedBundles) {
  // Two translation units linked: two CCOB v2 bundles, the second 4096-aligned. Debian's
  // clang-offload-bundler 18/19/21 cannot list this section as a whole (README.md).
  BundleScan scan = ScanOffloadBundles(Slurp("libk_ccob_two.so"));
  EXPECT_EQ(scan.compressed_bundles, 2);
  EXPECT_EQ(BundleTargetList(scan), (std::vector<std::string>{"gfx906", "gfx90a:sramecc+:xnack+"}));
  EXPECT_EQ(scan.entries.size(), 6u);
}

// EF_AMDGPU_MACH values of e_flags, https://llvm.org/docs/AMDGPUUsage.html#amdgpu-ef-amdgpu-mach-table
uint32_t ExpectedMach(const std::string& gfx) {
  if (gfx == "gfx906") return 0x02f;
  if (gfx == "gfx90a") return 0x03f;
  if (gfx == "gfx1030") return 0x036;
  if (gfx == "gfx1031") return 0x037;
  return 0;
}

uint32_t ElfFlags(const std::string& code) {
  uint32_t flags = 0;
  for (int i = 3; i >= 0 && code.size() >= 52; --i) flags = (flags << 8) | static_cast<uint8_t>(code[48 + i]);
  return flags;
}

TEST(OffloadBundle, RealCompressedCodeObjectsAreAmdgpuElf) {
  for (const auto& name : kRealCompressed) {
    SCOPED_TRACE(name);
    BundleScan scan = ExtractOffloadBundles(Slurp(name));
    EXPECT_TRUE(scan.problems.empty()) << Join(scan.problems, "; ");
    int device = 0;
    for (const auto& e : scan.entries) {
      SCOPED_TRACE(e.id);
      EXPECT_EQ(e.code.size(), e.size);
      if (e.target.empty()) continue;  // the host entry of a HIP bundle is empty
      ++device;
      auto elf = ParseElf(e.code);
      ASSERT_TRUE(elf.ok()) << elf.error().message;
      EXPECT_EQ(elf->elf_class, 64);
      EXPECT_EQ(elf->machine, 224);  // EM_AMDGPU
      EXPECT_EQ(ElfFlags(e.code) & 0xff, ExpectedMach(e.gfx));
    }
    EXPECT_GE(device, 2);
  }
}

TEST(OffloadBundle, DecompressedCodeObjectsEqualTheUncompressedOnes) {
  // k_multi.ccob-v*.hipfb hold the code objects of k_multi.o, bundled again by bundlers 18, 19, 21.
  std::map<std::string, std::string> plain;
  for (const auto& e : ExtractOffloadBundles(Slurp("k_multi.o")).entries) {
    if (!e.target.empty()) plain[e.id] = e.code;
  }
  ASSERT_EQ(plain.size(), 3u);
  for (const std::string name : {"k_multi.ccob-v1.hipfb", "k_multi.ccob-v2.hipfb", "k_multi.ccob-v3.hipfb", "k_multi.ccob-v3.o"}) {
    SCOPED_TRACE(name);
    std::map<std::string, std::string> unpacked;
    for (const auto& e : ExtractOffloadBundles(Slurp(name)).entries) {
      if (!e.target.empty()) unpacked[e.id] = e.code;
    }
    EXPECT_TRUE(unpacked == plain);
  }
}

TEST(OffloadBundle, ZlibCompressedBundlesAllVersions) {
  // Debian's LLVM always picks zstd, so zlib CCOB bundles are built here from the layout.
  std::string plain = Fatbin();
  for (int version : {1, 2, 3}) {
    SCOPED_TRACE("version " + std::to_string(version));
    BundleScan scan = ExtractOffloadBundles(Ccob(plain, version, 0));
    EXPECT_EQ(scan.compressed_bundles, 1);
    EXPECT_TRUE(scan.problems.empty());
    EXPECT_EQ(BundleTargetList(scan), (std::vector<std::string>{"gfx1030", "gfx1031", "gfx90a:xnack-"}));
    for (const auto& e : scan.entries) {
      EXPECT_TRUE(e.compressed);
      EXPECT_EQ(e.code.size(), e.size);
    }
  }
}

TEST(OffloadBundle, TargetIdParsing) {
  EXPECT_EQ(BundleTargetId("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"), "gfx90a:xnack-");
  EXPECT_EQ(BundleTargetId("hip-amdgcn-amd-amdhsa-gfx906"), "gfx906");
  EXPECT_EQ(BundleTargetId("host-x86_64-unknown-linux"), "");
  EXPECT_EQ(GfxOfTargetId("gfx942:sramecc+:xnack-"), "gfx942");
}

TEST(OffloadBundle, HostileInputNeverCrashes) {
  // Truncations of every real file at many points, random bytes, huge counts and sizes.
  for (const char* name : {"k_multi.o", "libk_two.so"}) {
    std::string bytes = Slurp(name);
    for (size_t cut = 0; cut < bytes.size(); cut += 97) (void)ScanOffloadBundles(std::string_view(bytes).substr(0, cut));
  }
  std::string huge = "__CLANG_OFFLOAD_BUNDLE__";
  PutLe(huge, ~0ull, 8);
  EXPECT_FALSE(ScanOffloadBundles(huge).problems.empty());
  std::string bad_entry = "__CLANG_OFFLOAD_BUNDLE__";
  PutLe(bad_entry, 1, 8);
  PutLe(bad_entry, ~0ull - 4, 8);
  PutLe(bad_entry, 16, 8);
  PutLe(bad_entry, ~0ull, 8);
  EXPECT_FALSE(ScanOffloadBundles(bad_entry).problems.empty());
  std::string bomb = "CCOB";
  PutLe(bomb, 3, 2);
  PutLe(bomb, 1, 2);
  PutLe(bomb, 32, 8);
  PutLe(bomb, ~0ull, 8);
  PutLe(bomb, 0, 8);
  EXPECT_FALSE(ScanOffloadBundles(bomb).problems.empty());
  std::string garbage_payload = Ccob(Fatbin(), 2, 1);
  for (size_t i = 30; i < garbage_payload.size(); i += 3) garbage_payload[i] = static_cast<char>(i * 7);
  (void)ScanOffloadBundles(garbage_payload);
  std::mt19937 rng(42);
  std::string elf = Slurp("k_multi.o");
  for (int round = 0; round < 300; ++round) {
    std::string copy = elf;
    for (int flips = 0; flips < 20; ++flips) copy[rng() % copy.size()] = static_cast<char>(rng());
    (void)ScanOffloadBundles(copy);
  }
  BundleLimits tight;
  tight.max_bundles = 2;
  std::string many;
  for (int i = 0; i < 5; ++i) many += Fatbin();
  EXPECT_FALSE(ScanOffloadBundles(many, tight).problems.empty());
}

TEST(OffloadBundle, LargeCompressedBundlesDecompressInChunks) {
  // The reader grows its output from 64 KiB as the stream yields data: 300 KB of padding after the
  // bundle take several steps, and the code objects still come out whole.
  std::string plain = Fatbin() + std::string(300000, 'x');
  std::map<std::string, std::string> expected;
  for (const auto& e : ExtractOffloadBundles(plain).entries) expected[e.id] = e.code;
  for (int method : {0, 1}) {
    SCOPED_TRACE("method " + std::to_string(method));
    BundleScan scan = ExtractOffloadBundles(Ccob(plain, 3, method));
    EXPECT_TRUE(scan.problems.empty()) << Join(scan.problems, "; ");
    std::map<std::string, std::string> got;
    for (const auto& e : scan.entries) got[e.id] = e.code;
    EXPECT_TRUE(got == expected);
  }
}

// Overwrites `width` little-endian bytes at `at`.
std::string Patched(std::string bytes, size_t at, uint64_t value, int width) {
  for (int i = 0; i < width; ++i) bytes[at + i] = static_cast<char>((value >> (8 * i)) & 0xff);
  return bytes;
}

bool HasProblem(const BundleScan& scan, std::string_view words) {
  for (const auto& p : scan.problems) {
    if (p.find(words) != std::string::npos) return true;
  }
  return false;
}

TEST(OffloadBundle, HostileRealCompressedBundles) {
  for (const auto& name : kRealCompressed) {
    SCOPED_TRACE(name);
    std::string bytes = Slurp(name);
    // Truncated anywhere: every cut in the first 64 bytes (the CCOB headers), then strided.
    for (size_t cut = 0; cut < bytes.size(); cut += cut < 64 ? 1 : 53) {
      std::string_view part = std::string_view(bytes).substr(0, cut);
      (void)ScanOffloadBundles(part);
      (void)ExtractOffloadBundles(part);
    }
  }
  const std::string v1 = Slurp("k_multi.ccob-v1.hipfb"), v2 = Slurp("k_multi.ccob-v2.hipfb"), v3 = Slurp("k_multi.ccob-v3.hipfb");
  // Truncated header: the v3 header is 32 bytes.
  BundleScan cut = ScanOffloadBundles(std::string_view(v3).substr(0, 20));
  EXPECT_TRUE(cut.entries.empty());
  EXPECT_TRUE(HasProblem(cut, "truncated or with a bad size"));
  // Lying total sizes: beyond the file, smaller than the header.
  EXPECT_TRUE(HasProblem(ScanOffloadBundles(Patched(v2, 8, v2.size() + 1, 4)), "bad size"));
  EXPECT_TRUE(HasProblem(ScanOffloadBundles(Patched(v3, 8, ~0ull, 8)), "bad size"));
  EXPECT_TRUE(HasProblem(ScanOffloadBundles(Patched(v3, 8, 16, 8)), "bad size"));
  // A total size cutting the payload short: the stream ends early, code objects are not handed out.
  BundleScan short_total = ExtractOffloadBundles(Patched(v2, 8, 200, 4));
  EXPECT_FALSE(short_total.problems.empty());
  for (const auto& e : short_total.entries) EXPECT_TRUE(e.code.empty());
  // Lying uncompressed size, too big: the stream ends first; the entries it holds are still read.
  BundleScan big = ExtractOffloadBundles(Patched(v1, 8, 20000, 4));
  EXPECT_TRUE(HasProblem(big, "ends after 10476 of 20000 bytes"));
  EXPECT_EQ(BundleTargetList(big), (std::vector<std::string>{"gfx1030", "gfx1031", "gfx90a:xnack-"}));
  // Lying uncompressed size, too small: the entry table is cut, entries lie beyond the end.
  BundleScan small = ExtractOffloadBundles(Patched(v1, 8, 100, 4));
  EXPECT_FALSE(small.problems.empty());
  for (const auto& e : small.entries) EXPECT_LE(e.code.size(), 100u);
  // A claimed size far above the data (under the limit): only what the stream holds is allocated.
  EXPECT_TRUE(HasProblem(ExtractOffloadBundles(Patched(v3, 16, 200000000, 8)), "ends after 10476 of 200000000 bytes"));
  // Decompression bomb: a huge claimed size, and a real size above the caller's limit.
  EXPECT_TRUE(HasProblem(ScanOffloadBundles(Patched(v3, 16, 1ull << 40, 8)), "bytes uncompressed (limit"));
  BundleLimits tight;
  tight.max_decompressed = 4096;  // the real bundles decompress to 10476 bytes
  for (const auto* real : {&v1, &v2, &v3}) {
    BundleScan bomb = ExtractOffloadBundles(*real, tight);
    EXPECT_TRUE(bomb.entries.empty());
    EXPECT_TRUE(HasProblem(bomb, "bytes uncompressed (limit 4096)"));
  }
  // Bad magic, unknown version, unknown method: not taken for a compressed bundle at all.
  for (const auto& bad : {Patched(v2, 0, 0x43434f43, 4), Patched(v2, 4, 4, 2), Patched(v2, 4, 0, 2), Patched(v2, 6, 2, 2)}) {
    BundleScan scan = ScanOffloadBundles(bad);
    EXPECT_EQ(scan.compressed_bundles, 0);
    EXPECT_TRUE(scan.entries.empty());
  }
  // zstd data under the zlib method (and the reverse for a zlib bundle built here).
  EXPECT_TRUE(HasProblem(ScanOffloadBundles(Patched(v3, 6, 0, 2)), "does not decompress to a bundle"));
  EXPECT_TRUE(HasProblem(ScanOffloadBundles(Patched(Ccob(Fatbin(), 3, 0), 6, 1, 2)), "does not decompress to a bundle"));
}

TEST(ElfSections, RejectsNonElfAndBadTables) {
  EXPECT_FALSE(ListElfSections("hello").ok());
  std::string elf = Slurp("libk_two.so");
  auto sections = ListElfSections(elf);
  ASSERT_TRUE(sections.ok());
  bool found = false;
  for (const auto& s : *sections) found = found || s.name == ".hip_fatbin";
  EXPECT_TRUE(found);
  std::string broken = elf;
  broken[0x3C] = static_cast<char>(0xff);  // e_shnum: table runs past the end
  broken[0x3D] = static_cast<char>(0x7f);
  EXPECT_FALSE(ListElfSections(broken).ok());
}

}  // namespace
}  // namespace rd
