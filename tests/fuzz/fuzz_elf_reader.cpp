// libFuzzer target: the ELF reader on arbitrary bytes (whole, as a prefix image and by ranges) must not crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parsers/elf_ranges.h"
#include "parsers/elf_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto info = rd::ParseElf(bytes);
  if (info) (void)rd::ElfMachineName(info->machine);
  rd::ElfLayout layout = rd::ElfHeaderLayout(bytes);
  if (layout.valid && layout.shoff < size) {
    size_t table = layout.shsize < size - layout.shoff ? layout.shsize : size - layout.shoff;
    (void)rd::ParseElf(rd::ElfPrefixImage(bytes.substr(0, layout.shoff), bytes.substr(layout.shoff, table)));
  }
  rd::ElfRangeReader read = [bytes](uint64_t offset, size_t length) -> rd::Result<std::string> {
    if (offset >= bytes.size()) return std::string();
    return std::string(bytes.substr(offset, length));
  };
  (void)rd::ParseElfByRanges(read, bytes.size());
  return 0;
}
