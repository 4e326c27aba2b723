#pragma once
/// A minimal, bounds-checked walk of an ELF section header table over a byte buffer: just
/// enough to find `.hip_fatbin` (where clang puts the offload bundles of a HIP binary). Every
/// offset and size is checked against the buffer, so a truncated or hostile file yields an
/// error, never a read past the end.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace rd {

struct ElfSection {
  std::string name;
  uint32_t type = 0;
  uint64_t offset = 0;  ///< File offset of the contents.
  uint64_t size = 0;    ///< 0 for SHT_NOBITS (no bytes in the file).
};

/// True when the buffer starts with the ELF magic.
bool IsElf(std::string_view bytes);
/// Every section of a 32- or 64-bit, little- or big-endian ELF file.
Result<std::vector<ElfSection>> ListElfSections(std::string_view bytes);
/// The contents of the named section, or NotFound.
Result<std::string_view> ElfSectionBytes(std::string_view bytes, std::string_view name);

}  // namespace rd
