#pragma once
/// /etc/ld.so.cache, the index ldconfig writes and ld.so reads before the default directories.
/// Formats (glibc elf/cache.c): the current "glibc-ld.so.cache1.1" alone (glibc >= 2.32 default),
/// and the older "ld.so-1.7.0" table followed by the new one ("compat" layout). pitfalls.md #35.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace rd {

struct LdCacheEntry {
  std::string name;  ///< soname, "libamdhip64.so.5"
  std::string path;  ///< "/usr/lib/x86_64-linux-gnu/libamdhip64.so.5"
  int32_t flags = 0; ///< FLAG_ELF_LIBC6 | FLAG_X8664_LIB64 …
  uint64_t hwcap = 0;
};

struct LdCache {
  std::string format;  ///< "new", "old", "old+new"
  std::vector<LdCacheEntry> entries;
  std::vector<std::string> problems;  ///< Entries skipped (string offsets outside the file).
};

/// Errors: unknown magic, header or entry table beyond the data.
Result<LdCache> ParseLdSoCache(std::string_view bytes);

/// The cache flags ld.so requires for an ELF of this class and machine (e.g. 0x0303 for
/// x86-64); 0 when unknown (then any libc6 entry is accepted).
int32_t LdCacheRequiredFlags(int elf_class, uint16_t machine);
/// True when `entry` is usable by an object with the given required flags.
bool LdCacheEntryMatches(const LdCacheEntry& entry, int32_t required_flags);

}  // namespace rd
