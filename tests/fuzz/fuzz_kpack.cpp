// libFuzzer target: the kpack reader (issue 15) on arbitrary bytes: archive header + msgpack TOC,
// the same bytes as a .kpm manifest and as a .rocm_kpack_ref marker, and as a host ELF (the
// HIPK wrappers, the marker section, and the ranged section-table walk the collector uses).
// Hostile input must never crash, hang or allocate without bound. Seeds: tests/fixtures/kpack
// (written by tests/tools/make_kpack.py to the published rocm-kpack format).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parsers/kpack.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  rd::KpackLimits limits;
  if (auto archive = rd::ParseKpackArchive(bytes, "fuzz.kpack", limits)) (void)rd::KpackTargets(*archive);
  (void)rd::ParseKpackManifest(bytes, "fuzz.kpm", limits);
  (void)rd::ParseKpackRef(bytes, "fuzz ref", limits);
  (void)rd::ScanHostKpack(bytes, "fuzz.so", limits);
  if (auto where = rd::LocateElfSectionTable(bytes.substr(0, 64), size)) {
    std::string_view table = bytes.substr(std::min<uint64_t>(where->shoff, size));
    if (auto names = rd::ElfNameTableSection(table, *where, size)) {
      (void)rd::ParseElfSectionTable(table, *where, bytes.substr(names->offset, names->size), size);
    }
  }
  return 0;
}
