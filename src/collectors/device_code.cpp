#include "collectors/device_code.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "collectors/kpack_source.h"
#include "parsers/kpack.h"
#include "parsers/offload_bundle.h"

namespace rd {

namespace {

constexpr size_t kMaxSectionTable = 1u << 20;
constexpr size_t kMaxNames = 1u << 20;
constexpr size_t kProbe = 4096;             // a bundle header, or the padding before the next one
constexpr size_t kSearch = 64u << 10;       // padding between bundles is below the 4 KiB alignment
constexpr size_t kMaxEntryTable = 1u << 20;
constexpr size_t kCompressedHead = 256u << 10;  // enough zstd/zlib input for a decompressed entry table
constexpr int kMaxBundles = 4096;

uint64_t Le64(const std::string& bytes, size_t at) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(bytes[at + i]);
  return v;
}

struct Walk {
  System& system;
  const std::string& path;
  const ElfSection& section;
  DeviceCode& out;
  BundleScan scan;
};

Result<std::string> ReadAt(Walk& w, uint64_t pos, size_t length) {
  auto bytes = w.system.ReadFileRange(w.path, w.section.offset + pos, std::min<uint64_t>(length, w.section.size - pos));
  if (bytes) w.out.bytes_read += bytes->size();
  return bytes;
}

// The bytes one bundle's header and entry table need: a plain bundle's table has `count`
// entries of 24 bytes plus an id; a compressed one, enough input to decompress its table.
size_t HeadLength(const std::string& probe) {
  if (probe.compare(0, 4, "CCOB") == 0) return kCompressedHead;
  if (probe.size() < 32) return probe.size();
  uint64_t count = Le64(probe, 24);
  return static_cast<size_t>(std::min<uint64_t>(32 + std::min<uint64_t>(count, 4096) * (24 + 160), kMaxEntryTable));
}

// From `pos` on: the offset of the next bundle magic, or nullopt (end of the section, or only
// zeros/other bytes for kSearch bytes).
std::optional<uint64_t> NextBundle(Walk& w, uint64_t pos) {
  for (size_t length : {kProbe, kSearch}) {
    if (pos >= w.section.size) return std::nullopt;
    auto bytes = ReadAt(w, pos, length);
    if (!bytes) {
      w.out.problems.push_back(bytes.error().message);
      return std::nullopt;
    }
    size_t at = FindOffloadBundle(*bytes);
    if (at != std::string::npos) return pos + at;
    if (bytes->size() < length) return std::nullopt;
  }
  return std::nullopt;
}

void WalkFatbin(Walk& w) {
  uint64_t pos = 0;
  int found = 0;
  while (found < kMaxBundles) {
    auto start = NextBundle(w, pos);
    if (!start) break;
    pos = *start;
    auto probe = ReadAt(w, pos, kProbe);
    if (!probe) return w.out.problems.push_back(probe.error().message);
    size_t want = HeadLength(*probe);
    auto head = want <= probe->size() ? probe : ReadAt(w, pos, want);
    if (!head) return w.out.problems.push_back(head.error().message);
    uint64_t extent = ScanOffloadBundleAt(*head, w.section.size - pos, w.scan);
    ++found;
    pos += std::max<uint64_t>(extent, 1);
  }
  if (found >= kMaxBundles) w.out.problems.push_back(fmt::format("more than {} bundles; the rest not read", kMaxBundles));
  w.out.bundles = w.scan.bundles + w.scan.compressed_bundles;
}

void FromKpack(const KpackSource& kpack, DeviceCode& out) {
  out.source = "kpack";
  out.gfx = kpack.gfx;
  out.targets = kpack.targets;
  out.problems = kpack.problems;
  // Split, but no archive could be read: the device code exists somewhere, unread.
  out.readable = !kpack.archives.empty();
}

}  // namespace

Result<std::vector<ElfSection>> ReadElfSectionsByRange(System& system, const std::string& path, uint64_t* file_size) {
  auto info = system.Stat(path);
  if (!info) return info.error();
  if (info->type != FileType::Regular) return Error{ErrorKind::Invalid, path + ": not a regular file"};
  if (file_size) *file_size = info->size;
  auto header = system.ReadFileRange(path, 0, 64);
  if (!header) return header.error();
  if (!IsElf(*header)) return Error{ErrorKind::Invalid, path + ": not an ELF file"};
  auto where = LocateElfSectionTable(*header, info->size);
  if (!where) return Error{where.error().kind, path + ": " + where.error().message};
  if (where->shnum * where->shentsize > kMaxSectionTable) return Error{ErrorKind::TooLarge, path + ": section table too large"};
  auto table = system.ReadFileRange(path, where->shoff, where->shnum * where->shentsize);
  if (!table) return table.error();
  auto names_at = ElfNameTableSection(*table, *where, info->size);
  if (!names_at) return Error{names_at.error().kind, path + ": " + names_at.error().message};
  auto names = system.ReadFileRange(path, names_at->offset, std::min<uint64_t>(names_at->size, kMaxNames));
  if (!names) return names.error();
  auto sections = ParseElfSectionTable(*table, *where, *names, info->size);
  if (!sections) return Error{sections.error().kind, path + ": " + sections.error().message};
  return sections;
}

DeviceCode ScanDeviceCode(CollectContext& context, const std::string& path) {
  DeviceCode out;
  auto sections = ReadElfSectionsByRange(context.system, path);
  if (!sections) {
    out.problems.push_back(sections.error().message);
    return out;
  }
  KpackSource kpack = ScanKpackSource(context, path, *sections);
  if (kpack.split) {
    FromKpack(kpack, out);
    return out;
  }
  out.readable = true;
  auto fatbin = std::find_if(sections->begin(), sections->end(), [](const ElfSection& s) { return s.name == ".hip_fatbin"; });
  if (fatbin == sections->end() || fatbin->size == 0) {
    out.source = "none";
    return out;
  }
  Walk walk{context.system, path, *fatbin, out, {}};
  WalkFatbin(walk);
  out.source = walk.scan.compressed_bundles > 0 ? "CCOB bundles" : "offload bundles";
  out.gfx = BundleGfxList(walk.scan);
  out.targets = BundleTargetList(walk.scan);
  for (const auto& p : walk.scan.problems) out.problems.push_back(path + ": " + p);
  if (out.gfx.empty() && !out.problems.empty()) out.readable = false;
  return out;
}

}  // namespace rd
