#pragma once
/// Clang offload bundles: how HIP binaries carry one code object per GPU target.
/// Uncompressed: "__CLANG_OFFLOAD_BUNDLE__", a little-endian u64 entry count, then per entry
/// u64 offset, u64 size, u64 id length and the id ("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-").
/// Compressed ("CCOB", ROCm 6.2+): u32 magic, u16 version, u16 method (0 zlib, 1 zstd), then
/// v1: u32 uncompressed size, u64 hash; v2: u32 total size, u32 uncompressed size, u64 hash;
/// v3: u64 total size, u64 uncompressed size, u64 hash; the compressed payload follows and
/// decompresses to an uncompressed bundle. Layouts as in LLVM clang/lib/Driver/OffloadBundler.cpp.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct BundleEntry {
  std::string id;        ///< "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", "host-x86_64-unknown-linux-gnu-"
  std::string target;    ///< Target id after the triple: "gfx90a:xnack-" (empty for host entries).
  std::string gfx;       ///< Processor only: "gfx90a".
  uint64_t size = 0;     ///< Code object size in bytes.
  bool compressed = false;
  std::string code;      ///< The code object; filled only by ExtractOffloadBundles, empty when its data is cut.
};

struct BundleScan {
  std::vector<BundleEntry> entries;   ///< In file order, every bundle found.
  int bundles = 0;                    ///< Uncompressed bundles parsed.
  int compressed_bundles = 0;         ///< CCOB bundles parsed (decompressed headers).
  std::vector<std::string> problems;  ///< Truncated/hostile bundles, unknown methods, …
  std::string source;                 ///< ".hip_fatbin section" or "whole file".
};

/// Limits that keep hostile input cheap: at most this many entries per bundle, and at most
/// `max_decompressed` bytes produced per compressed bundle.
struct BundleLimits {
  uint64_t max_entries = 4096;
  uint64_t max_decompressed = 256ull << 20;
  int max_bundles = 4096;
};

/// Scans a buffer (an ELF file, a .hip_fatbin section, a .hipfb or .co file) for bundles.
/// In an ELF file only `.hip_fatbin` is scanned when present. Never fails: problems are listed.
BundleScan ScanOffloadBundles(std::string_view bytes, const BundleLimits& limits = {});
/// As ScanOffloadBundles, and copies every entry's code object into BundleEntry::code: compressed
/// bundles are decompressed in full (still at most `max_decompressed` bytes each).
BundleScan ExtractOffloadBundles(std::string_view bytes, const BundleLimits& limits = {});

/// One bundle (plain or CCOB) at the start of `head`, which may be only a prefix of the
/// `region_left` bytes from there to the end of the region (a ranged read of .hip_fatbin, issue
/// 15): its entries are added to `scan`; returns the bytes of the region it covers (0: no bundle
/// starts there). An entry table longer than `head` is reported truncated.
uint64_t ScanOffloadBundleAt(std::string_view head, uint64_t region_left, BundleScan& scan, const BundleLimits& limits = {});
/// Offset of the first bundle magic (plain or CCOB) in `bytes`, npos when none.
size_t FindOffloadBundle(std::string_view bytes);

/// "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-" -> "gfx90a:xnack-"; "" for non-AMDGPU ids.
std::string BundleTargetId(std::string_view id);
/// "gfx90a:sramecc+:xnack-" -> "gfx90a".
std::string GfxOfTargetId(std::string_view target);
/// Unique processors (sorted) of the device entries.
std::vector<std::string> BundleGfxList(const BundleScan& scan);
/// Unique target ids (sorted) of the device entries.
std::vector<std::string> BundleTargetList(const BundleScan& scan);

}  // namespace rd
