// The kpack reader (issue 15) on archives, manifests and a split host library written by
// tests/tools/make_kpack.py to the format of ROCm/rocm-kpack (tests/fixtures/kpack/README.md), and
// on hostile archives built here: each must give an Error naming the input and the cause.
#include "parsers/kpack.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "scenario.h"

namespace rd {
namespace {

std::string Slurp(const std::string& name) {
  std::ifstream in(testing::FixturePath("kpack/" + name), std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Le32(uint32_t v) { return std::string(reinterpret_cast<const char*>(&v), 4); }
std::string Le64(uint64_t v) { return std::string(reinterpret_cast<const char*>(&v), 8); }

// A header followed by a TOC of the given msgpack bytes.
std::string WithToc(const std::string& toc, uint32_t version = 1) {
  return "KPAK" + Le32(version) + Le64(16) + toc;
}

std::string FixStr(const std::string& s) { return std::string(1, static_cast<char>(0xa0 | s.size())) + s; }

// {"toc": {"lib/x.so#0": {<target>: {}}}}
std::string TocWithTarget(const std::string& binary, const std::string& target) {
  return "\x81" + FixStr("toc") + "\x81" + FixStr(binary) + "\x81" + FixStr(target) + "\x80";
}

std::string ErrorOf(const std::string& bytes) {
  auto r = ParseKpackArchive(bytes, "/opt/rocm/.kpack/x.kpack");
  return r ? std::string() : r.error().message;
}

TEST(Kpack, GeneratedArchiveListsTargetsAndCodeObjects) {
  auto archive = ParseKpackArchive(Slurp(".kpack/blas_lib_gfx110X.kpack"), "blas_lib_gfx110X.kpack");
  ASSERT_TRUE(archive) << archive.error().message;
  EXPECT_EQ(archive->version, 1u);
  EXPECT_EQ(archive->group_name, "blas");
  EXPECT_EQ(archive->arch_family, "gfx110X");
  EXPECT_EQ(archive->compression, "none");
  EXPECT_EQ(archive->gfx_arches, (std::vector<std::string>{"gfx1100", "gfx1101"}));
  EXPECT_EQ(KpackTargets(*archive), (std::vector<std::string>{"gfx1100", "gfx1101"}));
  ASSERT_EQ(archive->code_objects.size(), 4u);
  EXPECT_EQ(archive->code_objects[0].binary, "rocblas/lib/librocblas.so.5#0");
  EXPECT_EQ(archive->code_objects[0].type, "hsaco");
  EXPECT_GT(archive->code_objects[0].size, 0u);
  EXPECT_TRUE(archive->problems.empty());
}

TEST(Kpack, FeatureFlagsAndGenericTargetsAreKept) {
  auto xnack = ParseKpackArchive(Slurp(".kpack/blas_lib_gfx942.kpack"), "a");
  ASSERT_TRUE(xnack) << xnack.error().message;
  EXPECT_EQ(KpackTargets(*xnack), (std::vector<std::string>{"gfx942:xnack-"}));
  auto generic = ParseKpackArchive(Slurp(".kpack/blas_lib_gfx11-generic.kpack"), "b");
  ASSERT_TRUE(generic) << generic.error().message;
  EXPECT_EQ(KpackTargets(*generic), (std::vector<std::string>{"gfx11-generic"}));
}

TEST(Kpack, HeaderAndTocReadSeparatelyGiveTheSameAnswer) {
  std::string bytes = Slurp(".kpack/blas_lib_gfx110X.kpack");
  auto header = ParseKpackHeader(bytes.substr(0, kKpackHeaderSize), bytes.size(), "x");
  ASSERT_TRUE(header) << header.error().message;
  EXPECT_GE(header->toc_offset, 64u);  // blobs start at the 64-byte boundary
  auto archive = ParseKpackToc(bytes.substr(header->toc_offset), *header, "x");
  ASSERT_TRUE(archive) << archive.error().message;
  EXPECT_EQ(KpackTargets(*archive), (std::vector<std::string>{"gfx1100", "gfx1101"}));
}

TEST(Kpack, ManifestListsArchivesPerTarget) {
  auto manifest = ParseKpackManifest(Slurp(".kpack/blas_lib.kpm"), "blas_lib.kpm");
  ASSERT_TRUE(manifest) << manifest.error().message;
  EXPECT_EQ(manifest->format_version, 1u);
  EXPECT_EQ(manifest->component, "blas_lib");
  EXPECT_EQ(manifest->prefix, "rocblas");
  ASSERT_EQ(manifest->files.size(), 3u);
  std::vector<std::string> targets;
  for (const auto& f : manifest->files) targets.push_back(f.target);
  EXPECT_EQ(targets, (std::vector<std::string>{"gfx11-generic", "gfx110X", "gfx942"}));  // msgpack map: key order
  const KpackManifestFile& rdna3 = manifest->files[1];
  EXPECT_EQ(rdna3.file, "blas_lib_gfx110X.kpack");
  EXPECT_EQ(rdna3.kernel_count, 4u);
  EXPECT_EQ(rdna3.size, Slurp(".kpack/blas_lib_gfx110X.kpack").size());
}

TEST(Kpack, ManifestListFormOfTheBuildDoc) {
  // {"component": "m", "kpack_files": [{"architecture": "gfx1100", "filename": "m_gfx1100.kpack"}]}
  std::string kpm = "\x82" + FixStr("component") + FixStr("m") + FixStr("kpack_files") + "\x91\x82" + FixStr("architecture") +
                    FixStr("gfx1100") + FixStr("filename") + FixStr("m_gfx1100.kpack");
  auto manifest = ParseKpackManifest(kpm, "m.kpm");
  ASSERT_TRUE(manifest) << manifest.error().message;
  EXPECT_EQ(manifest->component, "m");
  ASSERT_EQ(manifest->files.size(), 1u);
  EXPECT_EQ(manifest->files[0].file, "m_gfx1100.kpack");
}

TEST(Kpack, SplitHostLibraryHasHipkWrappersAndAReference) {
  HostKpack host = ScanHostKpack(Slurp("lib/librocblas.so.5"), "librocblas.so.5");
  EXPECT_TRUE(host.problems.empty()) << host.problems.front();
  EXPECT_TRUE(host.split());
  EXPECT_EQ(host.wrappers.hipk, 1);
  EXPECT_EQ(host.wrappers.hipf, 0);
  ASSERT_TRUE(host.ref);
  EXPECT_EQ(host.ref->kernel_name, "rocblas/lib/librocblas.so.5");
  EXPECT_EQ(host.ref->search_paths, (std::vector<std::string>{"../.kpack/blas_lib_@GFXARCH@.kpack"}));
  EXPECT_EQ(ExpandGfxArch(host.ref->search_paths[0], "gfx110X"), "../.kpack/blas_lib_gfx110X.kpack");
}

TEST(Kpack, TinySplitHostSeedIsReadLikeTheRealOne) {
  HostKpack host = ScanHostKpack(Slurp("lib/libtiny_split.so"), "libtiny_split.so");
  EXPECT_TRUE(host.problems.empty()) << host.problems.front();
  EXPECT_EQ(host.wrappers.hipk, 2);
  ASSERT_TRUE(host.ref);
  EXPECT_EQ(host.ref->kernel_name, "rocblas/lib/libtiny_split.so");
}

TEST(Kpack, UnsplitHostLibraryIsNotKpack) {
  std::ifstream in(testing::FixturePath("bundles/libk_two.so"), std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  HostKpack host = ScanHostKpack(s.str(), "libk_two.so");
  EXPECT_FALSE(host.split());
  EXPECT_EQ(host.wrappers.hipf, 1);
}

TEST(Kpack, RangedSectionTableReadMatchesTheWholeFile) {
  std::string elf = Slurp("lib/librocblas.so.5");
  auto where = LocateElfSectionTable(elf.substr(0, 64), elf.size());
  ASSERT_TRUE(where) << where.error().message;
  std::string table = elf.substr(where->shoff, where->shnum * where->shentsize);
  auto names = ElfNameTableSection(table, *where, elf.size());
  ASSERT_TRUE(names) << names.error().message;
  auto ranged = ParseElfSectionTable(table, *where, elf.substr(names->offset, names->size), elf.size());
  ASSERT_TRUE(ranged) << ranged.error().message;
  auto whole = ListElfSections(elf);
  ASSERT_TRUE(whole);
  ASSERT_EQ(ranged->size(), whole->size());
  for (size_t i = 0; i < whole->size(); ++i) {
    EXPECT_EQ((*ranged)[i].name, (*whole)[i].name);
    EXPECT_EQ((*ranged)[i].offset, (*whole)[i].offset);
    EXPECT_EQ((*ranged)[i].size, (*whole)[i].size);
  }
}

TEST(Kpack, PlainTextReferenceOfTheTutorial) {
  auto ref = ParseKpackRef("../../../.kpack:../../.kpack:.kpack\n", "ref");
  ASSERT_TRUE(ref) << ref.error().message;
  EXPECT_EQ(ref->search_paths, (std::vector<std::string>{"../../../.kpack", "../../.kpack", ".kpack"}));
}

// --- hostile archives: an Error that names the file and the cause, never a crash or a hang.

TEST(KpackHostile, WrongMagic) {
  std::string bytes = Slurp(".kpack/blas_lib_gfx110X.kpack");
  bytes[0] = 'X';
  EXPECT_EQ(ErrorOf(bytes), "/opt/rocm/.kpack/x.kpack: no KPAK magic (starts with \"XPAK\")");
}

TEST(KpackHostile, TruncatedHeaderAndTruncatedToc) {
  EXPECT_EQ(ErrorOf("KPAK\x01"), "/opt/rocm/.kpack/x.kpack: 5 bytes, shorter than the 16-byte kpack header");
  std::string bytes = Slurp(".kpack/blas_lib_gfx110X.kpack");
  std::string cut = ErrorOf(bytes.substr(0, bytes.size() - 10));
  EXPECT_NE(cut.find("/opt/rocm/.kpack/x.kpack: msgpack"), std::string::npos) << cut;
  EXPECT_NE(cut.find("(TOC at byte "), std::string::npos) << cut;
}

TEST(KpackHostile, UnsupportedVersion) {
  auto r = ParseKpackArchive(WithToc("\x80", 2), "v2.kpack");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::Unsupported);
  EXPECT_EQ(r.error().message, "v2.kpack: kpack format version 2 (this reader knows 1)");
}

TEST(KpackHostile, TocOffsetPastTheEnd) {
  std::string bytes = "KPAK" + Le32(1) + Le64(~0ull) + "\x80";
  EXPECT_EQ(ErrorOf(bytes), "/opt/rocm/.kpack/x.kpack: TOC offset 18446744073709551615 outside the file (17 bytes)");
  EXPECT_NE(ErrorOf("KPAK" + Le32(1) + Le64(3) + "\x80").find("TOC offset 3 outside"), std::string::npos);
}

TEST(KpackHostile, TocLargerThanTheReadLimit) {
  KpackLimits limits;
  limits.max_toc_bytes = 100;
  auto r = ParseKpackHeader("KPAK" + Le32(1) + Le64(16), 1u << 30, "big.kpack", limits);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::TooLarge);
}

TEST(KpackHostile, HugeCountsAreRefusedBeforeAllocating) {
  // map32 declaring 2^32-1 entries, array32 declaring as many, in a few bytes.
  for (std::string toc : {std::string("\xdf\xff\xff\xff\xff", 5), std::string("\x81\xa3toc\xdd\xff\xff\xff\xff\x00", 10),
                          std::string("\xdb\xff\xff\xff\xf0" "abc", 8)}) {
    std::string e = ErrorOf(WithToc(toc));
    EXPECT_NE(e.find("/opt/rocm/.kpack/x.kpack: msgpack"), std::string::npos) << e;
  }
  EXPECT_NE(ErrorOf(WithToc(std::string("\xdf\xff\xff\xff\xff", 5))).find("declares 8589934590 elements"), std::string::npos);
}

TEST(KpackHostile, DeepNestingIsBoundedAndFast) {
  auto start = std::chrono::steady_clock::now();
  std::string toc(1u << 20, '\x91');  // a million nested one-element arrays
  toc += '\xc0';
  EXPECT_EQ(ErrorOf(WithToc(toc)), "/opt/rocm/.kpack/x.kpack: msgpack nested deeper than 16 levels (TOC at byte 16)");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

TEST(KpackHostile, WrongShapes) {
  EXPECT_EQ(ErrorOf(WithToc("\x93\x01\x02\x03")), "/opt/rocm/.kpack/x.kpack: TOC is a msgpack array, not a map");
  EXPECT_EQ(ErrorOf(WithToc("\x80")), "/opt/rocm/.kpack/x.kpack: TOC has no \"toc\" map of code objects");
  EXPECT_EQ(ErrorOf(WithToc("\x81" + FixStr("toc") + "\x05")), "/opt/rocm/.kpack/x.kpack: TOC \"toc\" is a number, not a map");
  // Integer map keys: not what the writer produces; refused, not guessed.
  EXPECT_NE(ErrorOf(WithToc("\x81\x01\x02")).find("map keys must be strings"), std::string::npos);
  // Trailing bytes after the TOC value.
  EXPECT_NE(ErrorOf(WithToc(TocWithTarget("a#0", "gfx1100") + "zz")).find("2 bytes after the msgpack value"), std::string::npos);
  // A binary entry that is not a map of targets is skipped with a problem.
  auto r = ParseKpackArchive(WithToc("\x81" + FixStr("toc") + "\x81" + FixStr("a#0") + "\x07"), "s");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->code_objects.empty());
  ASSERT_EQ(r->problems.size(), 1u);
  EXPECT_EQ(r->problems[0], "TOC entry a#0 is a number, not a map of targets");
}

TEST(KpackHostile, NonUtf8AndNonTargetNamesAreSkippedWithAProblem) {
  auto r = ParseKpackArchive(WithToc(TocWithTarget("lib\xff\xfe.so#0", "gfx1100")), "u");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_TRUE(r->code_objects.empty());
  ASSERT_EQ(r->problems.size(), 1u);
  EXPECT_NE(r->problems[0].find("is not printable UTF-8"), std::string::npos);
  auto t = ParseKpackArchive(WithToc(TocWithTarget("a#0", "\x1b[31mred")), "t");
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->code_objects.empty());
  ASSERT_EQ(t->problems.size(), 1u);
  EXPECT_EQ(t->problems[0].find('\x1b'), std::string::npos);  // the escape is not passed on
  EXPECT_NE(t->problems[0].find("is not a gfx target"), std::string::npos);
}

TEST(KpackHostile, ManifestAndReferenceErrorsNameTheInput) {
  auto m = ParseKpackManifest("\x80", "/opt/rocm/.kpack/blas.kpm");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().message, "/opt/rocm/.kpack/blas.kpm: manifest has no \"kpack_files\"");
  auto ref = ParseKpackRef("\x81" + FixStr("kernel_name") + "\x01", "librocblas.so.5 .rocm_kpack_ref");
  ASSERT_FALSE(ref);
  EXPECT_EQ(ref.error().message, "librocblas.so.5 .rocm_kpack_ref: .rocm_kpack_ref has no printable \"kernel_name\" string");
  EXPECT_FALSE(ParseKpackRef(std::string(8, '\0'), "r"));
  EXPECT_FALSE(ParseKpackRef("\x01\x02\x03", "r"));
}

TEST(KpackHostile, EveryPrefixOfARealArchiveIsHandled) {
  std::string bytes = Slurp(".kpack/blas_lib_gfx110X.kpack");
  for (size_t n = 0; n < bytes.size(); ++n) {
    auto r = ParseKpackArchive(bytes.substr(0, n), "p");
    EXPECT_FALSE(r) << n;  // the TOC is at the end: every cut breaks it
  }
  std::string elf = Slurp("lib/librocblas.so.5");
  for (size_t n = 0; n < elf.size(); n += 97) (void)ScanHostKpack(elf.substr(0, n), "h");
}

TEST(Kpack, TargetNames) {
  for (const char* ok : {"gfx1100", "gfx942:sramecc+:xnack-", "gfx11-generic", "gfx10-3-generic", "gfx110X"}) EXPECT_TRUE(IsKpackTargetName(ok)) << ok;
  for (const char* bad : {"", "gfx", "sm_90", "gfx1100 ", "gfx1100\n", "GFX1100"}) EXPECT_FALSE(IsKpackTargetName(bad)) << bad;
}

}  // namespace
}  // namespace rd
