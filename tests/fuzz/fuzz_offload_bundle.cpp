// libFuzzer target: the offload-bundle reader (ELF section walk, plain bundles, CCOB zstd/zlib)
// on arbitrary bytes. Hostile bundles must never crash, hang or allocate without bound.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parsers/offload_bundle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rd::BundleLimits limits;
  limits.max_decompressed = 64u << 20;
  auto scan = rd::ScanOffloadBundles(std::string_view(reinterpret_cast<const char*>(data), size), limits);
  (void)rd::BundleTargetList(scan);
  return 0;
}
