// libFuzzer target: the offload-bundle reader (ELF section walk, plain bundles, CCOB v1/v2/v3 with
// zstd/zlib) on arbitrary bytes, in both modes: listing (decompresses a prefix) and extracting the
// code objects (decompresses in full). Hostile bundles must never crash, hang or allocate without
// bound. Seeds: tests/fixtures/bundles (real bundles written by hipcc and clang-offload-bundler).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parsers/offload_bundle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  rd::BundleLimits limits;
  limits.max_decompressed = 64u << 20;
  auto scan = rd::ScanOffloadBundles(bytes, limits);
  (void)rd::BundleTargetList(scan);
  limits.max_decompressed = 4u << 20;  // every decompressed byte is kept: stay small per input
  auto full = rd::ExtractOffloadBundles(bytes, limits);
  (void)rd::BundleGfxList(full);
  // The ranged walk (collectors/device_code): one bundle from a prefix of a larger region, as a
  // 4 KiB read of a 1 GB .hip_fatbin gives it (issue 15).
  rd::BundleScan ranged;
  size_t at = rd::FindOffloadBundle(bytes);
  if (at != std::string_view::npos) (void)rd::ScanOffloadBundleAt(bytes.substr(at, 4096), (size - at) * 2, ranged, limits);
  return 0;
}
