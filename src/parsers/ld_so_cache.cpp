#include "parsers/ld_so_cache.h"

#include <cstring>

namespace rd {

namespace {

constexpr std::string_view kMagicOld = "ld.so-1.7.0";
constexpr std::string_view kMagicNew = "glibc-ld.so.cache";
constexpr std::string_view kVersionNew = "1.1";
constexpr size_t kOldHeader = 16;     // magic[11] + pad, uint32 nlibs
constexpr size_t kOldEntry = 12;      // int32 flags, uint32 key, uint32 value
constexpr size_t kNewHeader = 48;     // magic[17] version[3] nlibs len_strings flags pad[3] ext unused[3]
constexpr size_t kNewEntry = 24;      // int32 flags, uint32 key, uint32 value, uint32 osversion, uint64 hwcap
constexpr int32_t kFlagElfLibc6 = 0x0003;
constexpr int32_t kFlagTypeMask = 0x00ff;
constexpr int32_t kFlagRequiredMask = 0xff00;

template <typename T>
T Load(std::string_view bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof value);
  return value;
}

/// A NUL-terminated string at `offset` of `base`, or nullopt when it runs off the end.
bool StringAt(std::string_view base, uint64_t offset, std::string& out) {
  if (offset >= base.size()) return false;
  size_t end = base.find('\0', offset);
  if (end == std::string_view::npos) return false;
  out.assign(base.substr(offset, end - offset));
  return true;
}

Result<LdCache> ParseNew(std::string_view bytes, size_t start, LdCache cache) {
  std::string_view table = bytes.substr(start);
  if (table.size() < kNewHeader || table.substr(0, kMagicNew.size()) != kMagicNew) {
    return Error{ErrorKind::Invalid, "ld.so.cache: no glibc-ld.so.cache header"};
  }
  if (table.substr(kMagicNew.size(), kVersionNew.size()) != kVersionNew) {
    return Error{ErrorKind::Unsupported, "ld.so.cache: unknown new-format version '" +
                                             std::string(table.substr(kMagicNew.size(), 3)) + "'"};
  }
  auto nlibs = Load<uint32_t>(table, 20);
  if (static_cast<uint64_t>(nlibs) * kNewEntry > table.size() - kNewHeader) {
    return Error{ErrorKind::Invalid, "ld.so.cache: " + std::to_string(nlibs) + " entries do not fit in " +
                                         std::to_string(bytes.size()) + " bytes (truncated?)"};
  }
  for (uint32_t i = 0; i < nlibs; ++i) {
    size_t at = kNewHeader + static_cast<size_t>(i) * kNewEntry;
    LdCacheEntry entry;
    entry.flags = Load<int32_t>(table, at);
    entry.hwcap = Load<uint64_t>(table, at + 16);
    // String offsets of the new format count from the start of its header.
    if (!StringAt(table, Load<uint32_t>(table, at + 4), entry.name) ||
        !StringAt(table, Load<uint32_t>(table, at + 8), entry.path)) {
      cache.problems.push_back("entry " + std::to_string(i) + ": string offset outside the file");
      continue;
    }
    cache.entries.push_back(std::move(entry));
  }
  return cache;
}

}  // namespace

Result<LdCache> ParseLdSoCache(std::string_view bytes) {
  LdCache cache;
  if (bytes.substr(0, kMagicNew.size()) == kMagicNew) {
    cache.format = "new";
    return ParseNew(bytes, 0, std::move(cache));
  }
  if (bytes.size() < kOldHeader || bytes.substr(0, kMagicOld.size()) != kMagicOld) {
    return Error{ErrorKind::Invalid, "ld.so.cache: unknown format (neither glibc-ld.so.cache1.1 nor ld.so-1.7.0)"};
  }
  auto nlibs = Load<uint32_t>(bytes, 12);
  if (static_cast<uint64_t>(nlibs) * kOldEntry > bytes.size() - kOldHeader) {
    return Error{ErrorKind::Invalid, "ld.so.cache: old table of " + std::to_string(nlibs) + " entries is truncated"};
  }
  size_t old_end = kOldHeader + static_cast<size_t>(nlibs) * kOldEntry;
  size_t new_start = (old_end + 7) & ~size_t{7};  // glibc aligns the new table (ALIGN_CACHE)
  for (size_t candidate : {new_start, (old_end + 3) & ~size_t{3}}) {
    if (candidate < bytes.size() && bytes.substr(candidate, kMagicNew.size()) == kMagicNew) {
      cache.format = "old+new";
      return ParseNew(bytes, candidate, std::move(cache));
    }
  }
  // Old format alone: string offsets count from the end of the entry table.
  cache.format = "old";
  std::string_view strings = bytes.substr(old_end);
  for (uint32_t i = 0; i < nlibs; ++i) {
    size_t at = kOldHeader + static_cast<size_t>(i) * kOldEntry;
    LdCacheEntry entry;
    entry.flags = Load<int32_t>(bytes, at);
    if (!StringAt(strings, Load<uint32_t>(bytes, at + 4), entry.name) ||
        !StringAt(strings, Load<uint32_t>(bytes, at + 8), entry.path)) {
      cache.problems.push_back("entry " + std::to_string(i) + ": string offset outside the file");
      continue;
    }
    cache.entries.push_back(std::move(entry));
  }
  return cache;
}

int32_t LdCacheRequiredFlags(int elf_class, uint16_t machine) {
  // glibc sysdeps/*/dl-cache.h _DL_CACHE_DEFAULT_ID
  if (machine == 62 && elf_class == 64) return kFlagElfLibc6 | 0x0300;   // FLAG_X8664_LIB64
  if (machine == 183 && elf_class == 64) return kFlagElfLibc6 | 0x0a00;  // FLAG_AARCH64_LIB64
  if (machine == 21 && elf_class == 64) return kFlagElfLibc6 | 0x0500;   // FLAG_POWERPC_LIB64
  if (machine == 3 && elf_class == 32) return kFlagElfLibc6;             // i386
  return 0;
}

bool LdCacheEntryMatches(const LdCacheEntry& entry, int32_t required_flags) {
  if ((entry.flags & kFlagTypeMask) != kFlagElfLibc6) return false;
  if (required_flags == 0) return true;
  return (entry.flags & kFlagRequiredMask) == (required_flags & kFlagRequiredMask);
}

}  // namespace rd
