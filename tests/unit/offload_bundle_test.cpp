// The offload-bundle reader on real HIP binaries built with hipcc (tests/fixtures/bundles), on
// compressed bundles built here with the CCOB layouts (v1/v2/v3, zstd and zlib), and on hostile input.
#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <fstream>
#include <random>
#include <set>
#include <sstream>

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

TEST(OffloadBundle, CompressedBundlesAllVersionsAndMethods) {
  std::string plain = Fatbin();
  for (int version : {1, 2, 3}) {
    for (int method : {0, 1}) {
      SCOPED_TRACE("version " + std::to_string(version) + " method " + std::to_string(method));
      BundleScan scan = ScanOffloadBundles(Ccob(plain, version, method));
      EXPECT_EQ(scan.compressed_bundles, 1);
      EXPECT_EQ(BundleTargetList(scan), (std::vector<std::string>{"gfx1030", "gfx1031", "gfx90a:xnack-"}));
      for (const auto& e : scan.entries) EXPECT_TRUE(e.compressed);
    }
  }
}

TEST(OffloadBundle, TwoCompressedBundlesBackToBackArePadded) {
  // The linker concatenates one bundle per translation unit in .hip_fatbin, aligned to 4096.
  std::string one = Ccob(Fatbin(), 3, 1);
  one.resize(4096, '\0');
  BundleScan scan = ScanOffloadBundles(one + Ccob(Fatbin(), 2, 0));
  EXPECT_EQ(scan.compressed_bundles, 2);
  EXPECT_EQ(scan.entries.size(), 8u);
}

TEST(OffloadBundle, TargetIdParsing) {
  EXPECT_EQ(BundleTargetId("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"), "gfx90a:xnack-");
  EXPECT_EQ(BundleTargetId("hip-amdgcn-amd-amdhsa-gfx906"), "gfx906");
  EXPECT_EQ(BundleTargetId("host-x86_64-unknown-linux"), "");
  EXPECT_EQ(GfxOfTargetId("gfx942:sramecc+:xnack-"), "gfx942");
}

TEST(OffloadBundle, HostileInputNeverCrashes) {
  // Truncations of every real file at many points, random bytes, huge counts and sizes.
  for (const std::string& name : {"k_multi.o", "libk_two.so"}) {
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
