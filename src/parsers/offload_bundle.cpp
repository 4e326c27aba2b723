#include "parsers/offload_bundle.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <set>

#include "parsers/elf_sections.h"

namespace rd {

namespace {

constexpr std::string_view kMagic = "__CLANG_OFFLOAD_BUNDLE__";
constexpr std::string_view kCompressedMagic = "CCOB";
// Enough of a decompressed bundle for its entry table when the code objects are not wanted.
constexpr uint64_t kPrefixBytes = 1u << 20;

bool GetLe(std::string_view bytes, uint64_t at, int width, uint64_t& out) {
  if (at > bytes.size() || bytes.size() - at < static_cast<uint64_t>(width)) return false;
  out = 0;
  for (int i = width - 1; i >= 0; --i) out = (out << 8) | static_cast<uint8_t>(bytes[at + i]);
  return true;
}

struct Parsed {
  uint64_t extent = 0;  ///< Bytes of the input this bundle covers (0: not a bundle).
};

struct Ctx {
  const BundleLimits& limits;
  BundleScan& scan;
  bool keep_code = false;  ///< Copy each entry's code object into BundleEntry::code.
};

// Parses an uncompressed bundle at the start of `bytes`; `total` is the bundle's full size when
// `bytes` is only a decompressed prefix (entries may then point beyond the prefix).
Parsed ParsePlain(std::string_view bytes, uint64_t total, bool compressed, Ctx& ctx) {
  BundleScan& scan = ctx.scan;
  uint64_t count = 0;
  if (!GetLe(bytes, kMagic.size(), 8, count)) {
    scan.problems.push_back("bundle header truncated");
    return {kMagic.size()};
  }
  if (count > ctx.limits.max_entries) {
    scan.problems.push_back("bundle claims " + std::to_string(count) + " entries (limit " + std::to_string(ctx.limits.max_entries) + ")");
    return {kMagic.size()};
  }
  uint64_t at = kMagic.size() + 8, extent = at;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t offset = 0, size = 0, id_len = 0;
    if (!GetLe(bytes, at, 8, offset) || !GetLe(bytes, at + 8, 8, size) || !GetLe(bytes, at + 16, 8, id_len) ||
        id_len > bytes.size() - std::min<uint64_t>(bytes.size(), at + 24)) {
      scan.problems.push_back("bundle entry " + std::to_string(i) + " truncated");
      return {std::max(extent, at)};
    }
    BundleEntry entry;
    entry.id = std::string(bytes.substr(at + 24, std::min<uint64_t>(id_len, 512)));
    at += 24 + id_len;
    extent = std::max(extent, at);
    if (offset > total || total - offset < size) {
      scan.problems.push_back("bundle entry " + entry.id + " lies beyond the end of its bundle");
      continue;
    }
    extent = std::max(extent, offset + size);
    entry.size = size;
    entry.compressed = compressed;
    entry.target = BundleTargetId(entry.id);
    entry.gfx = GfxOfTargetId(entry.target);
    // A decompressed prefix (or a stream cut short) may end before the code object.
    if (ctx.keep_code && offset <= bytes.size() && bytes.size() - offset >= size) entry.code = std::string(bytes.substr(offset, size));
    scan.entries.push_back(std::move(entry));
  }
  ++(compressed ? scan.compressed_bundles : scan.bundles);
  return {extent};
}

// The output grows with what the stream really yields (doubling from 64 KiB up to `want`), so a
// header that claims a huge size costs nothing until the data backs it.
constexpr uint64_t kFirstChunk = 64u << 10;

uint64_t Grow(std::string& out, uint64_t want) {
  uint64_t used = out.size();
  out.resize(std::min<uint64_t>(want, std::max<uint64_t>(kFirstChunk, used * 2)));
  return used;
}

std::string ZstdPrefix(std::string_view payload, uint64_t want, std::string& error) {
  std::string out;
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  ZSTD_inBuffer in{payload.data(), payload.size(), 0};
  ZSTD_outBuffer o{out.data(), 0, 0};
  while (true) {
    if (o.pos == o.size) {
      if (o.size >= want) break;
      Grow(out, want);
      o.dst = out.data();
      o.size = out.size();
    }
    size_t rc = ZSTD_decompressStream(ctx, &o, &in);
    if (ZSTD_isError(rc)) {
      error = std::string("zstd: ") + ZSTD_getErrorName(rc);
      break;
    }
    // Frame done, or all input read while output room is left (nothing more can come).
    if (rc == 0 || (in.pos == in.size && o.pos < o.size)) break;
  }
  ZSTD_freeDCtx(ctx);
  out.resize(o.pos);
  return out;
}

std::string ZlibPrefix(std::string_view payload, uint64_t want, std::string& error) {
  std::string out;
  z_stream z{};
  if (inflateInit(&z) != Z_OK) {
    error = "zlib: cannot initialise";
    return {};
  }
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(payload.data()));
  z.avail_in = static_cast<uInt>(std::min<uint64_t>(payload.size(), UINT32_MAX));
  while (z.total_out < want) {
    uint64_t used = Grow(out, want);
    z.next_out = reinterpret_cast<Bytef*>(out.data() + used);
    z.avail_out = static_cast<uInt>(out.size() - used);
    int rc = inflate(&z, Z_SYNC_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) error = std::string("zlib: ") + (z.msg ? z.msg : "corrupt data");
    if (rc != Z_OK || z.avail_out > 0) break;  // end, error, or input used up
  }
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

std::string DecompressPrefix(std::string_view payload, uint16_t method, uint64_t want, std::string& error) {
  return method == 1 ? ZstdPrefix(payload, want, error) : ZlibPrefix(payload, want, error);
}

// A CCOB header at the start of `bytes`; extent 0 when the magic is a coincidence.
// `region_left`: bytes of the region from the bundle on; `bytes` may be only a prefix of them
// (a ranged read), then the payload is decompressed as far as the prefix goes.
Parsed ParseCompressed(std::string_view bytes, uint64_t region_left, Ctx& ctx) {
  const BundleLimits& limits = ctx.limits;
  BundleScan& scan = ctx.scan;
  uint64_t version = 0, method = 0;
  if (!GetLe(bytes, 4, 2, version) || !GetLe(bytes, 6, 2, method) || version < 1 || version > 3 || method > 1) return {};
  uint64_t header = version == 1 ? 20 : version == 2 ? 24 : 32;
  uint64_t total = region_left, uncompressed = 0;
  bool ok = version == 1 ? GetLe(bytes, 8, 4, uncompressed)
          : version == 2 ? GetLe(bytes, 8, 4, total) && GetLe(bytes, 12, 4, uncompressed)
                         : GetLe(bytes, 8, 8, total) && GetLe(bytes, 16, 8, uncompressed);
  if (!ok || total < header || total > region_left || bytes.size() < header) {
    scan.problems.push_back("compressed bundle (CCOB v" + std::to_string(version) + ") truncated or with a bad size");
    return {std::min<uint64_t>(bytes.size(), 4)};
  }
  if (uncompressed > limits.max_decompressed) {
    scan.problems.push_back("compressed bundle claims " + std::to_string(uncompressed) + " bytes uncompressed (limit " +
                            std::to_string(limits.max_decompressed) + ")");
    return {total};
  }
  // v1 stores no total size: its payload runs to the end of the region (LLVM's --list cuts it at
  // the next "CCOB"); the compressed stream ends itself.
  std::string error;
  uint64_t want = ctx.keep_code ? uncompressed : std::min(uncompressed, kPrefixBytes);
  uint64_t have = std::min<uint64_t>(total, bytes.size());
  std::string plain = DecompressPrefix(bytes.substr(header, have - header), static_cast<uint16_t>(method), want, error);
  const char* name = method == 1 ? "zstd" : "zlib";
  if (plain.size() < kMagic.size() || plain.compare(0, kMagic.size(), kMagic) != 0) {
    scan.problems.push_back("compressed bundle (" + std::string(name) + ") does not decompress to a bundle" +
                            (error.empty() ? "" : ": " + error));
    return {version == 1 ? header : total};
  }
  if (plain.size() < want && have == total) {
    // A payload cut short, or a header claiming more than the stream holds (LLVM refuses both).
    scan.problems.push_back("compressed bundle (" + std::string(name) + ") ends after " + std::to_string(plain.size()) + " of " +
                            std::to_string(uncompressed) + " bytes" + (error.empty() ? "" : ": " + error));
  }
  ParsePlain(plain, uncompressed, true, ctx);
  return {version == 1 ? header : total};
}

void ScanRegion(std::string_view bytes, Ctx& ctx) {
  const BundleLimits& limits = ctx.limits;
  size_t at = 0;
  int found = 0;
  while (at < bytes.size() && found < limits.max_bundles) {
    size_t plain = bytes.find(kMagic, at), packed = bytes.find(kCompressedMagic, at);
    size_t next = std::min(plain, packed);
    if (next == std::string_view::npos) break;
    Parsed p = next == plain ? ParsePlain(bytes.substr(next), bytes.size() - next, false, ctx)
                             : ParseCompressed(bytes.substr(next), bytes.size() - next, ctx);
    if (p.extent > 0) ++found;
    at = next + std::max<uint64_t>(p.extent, 1);
  }
  if (found >= limits.max_bundles) ctx.scan.problems.push_back("more than " + std::to_string(limits.max_bundles) + " bundles; stopped");
}

}  // namespace

std::string BundleTargetId(std::string_view id) {
  // <kind>-<triple>-<target id>; the AMDGPU triple is amdgcn-amd-amdhsa with an empty environment
  // field, hence the double dash before the target id.
  size_t triple = id.find("amdgcn-amd-amdhsa-");
  if (triple == std::string_view::npos) return "";
  std::string_view rest = id.substr(triple + 18);
  if (!rest.empty() && rest[0] == '-') rest.remove_prefix(1);
  return std::string(rest);
}

std::string GfxOfTargetId(std::string_view target) { return std::string(target.substr(0, target.find(':'))); }

std::vector<std::string> BundleGfxList(const BundleScan& scan) {
  std::set<std::string> unique;
  for (const auto& e : scan.entries) {
    if (!e.gfx.empty()) unique.insert(e.gfx);
  }
  return {unique.begin(), unique.end()};
}

std::vector<std::string> BundleTargetList(const BundleScan& scan) {
  std::set<std::string> unique;
  for (const auto& e : scan.entries) {
    if (!e.target.empty()) unique.insert(e.target);
  }
  return {unique.begin(), unique.end()};
}

namespace {

BundleScan Scan(std::string_view bytes, const BundleLimits& limits, bool keep_code) {
  BundleScan scan;
  Ctx ctx{limits, scan, keep_code};
  scan.source = "whole file";
  if (IsElf(bytes)) {
    auto section = ElfSectionBytes(bytes, ".hip_fatbin");
    if (section) {
      scan.source = ".hip_fatbin section";
      ScanRegion(*section, ctx);
      return scan;
    }
    if (section.error().kind != ErrorKind::NotFound) scan.problems.push_back(section.error().message);
  }
  ScanRegion(bytes, ctx);
  return scan;
}

}  // namespace

BundleScan ScanOffloadBundles(std::string_view bytes, const BundleLimits& limits) { return Scan(bytes, limits, false); }

uint64_t ScanOffloadBundleAt(std::string_view head, uint64_t region_left, BundleScan& scan, const BundleLimits& limits) {
  Ctx ctx{limits, scan, false};
  region_left = std::max<uint64_t>(region_left, head.size());
  if (head.substr(0, kMagic.size()) == kMagic) return ParsePlain(head, region_left, false, ctx).extent;
  if (head.substr(0, kCompressedMagic.size()) == kCompressedMagic) return ParseCompressed(head, region_left, ctx).extent;
  return 0;
}

size_t FindOffloadBundle(std::string_view bytes) { return std::min(bytes.find(kMagic), bytes.find(kCompressedMagic)); }

BundleScan ExtractOffloadBundles(std::string_view bytes, const BundleLimits& limits) { return Scan(bytes, limits, true); }

}  // namespace rd
