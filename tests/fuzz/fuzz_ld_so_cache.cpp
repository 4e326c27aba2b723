// libFuzzer target: the ld.so.cache and ld.so.conf parsers on arbitrary bytes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parsers/ld_so_cache.h"
#include "parsers/ld_so_conf.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (auto cache = rd::ParseLdSoCache(bytes)) {
    for (const auto& entry : cache->entries) (void)rd::LdCacheEntryMatches(entry, rd::LdCacheRequiredFlags(64, 62));
  }
  (void)rd::ParseLdSoConf(bytes, "/etc");
  return 0;
}
