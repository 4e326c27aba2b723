#pragma once
/// The loader's view of an ELF file (what ParseElf returns) from a few small reads instead of
/// the whole file: the ELF header, the section header table, the dynamic and symbol-version
/// sections and the string tables they link to. libamdhip64.so is 14 MB and a ROCm
/// libtorch_hip.so over 1 GB; what ld.so needs of them is a few hundred KB at most.
#include <cstdint>
#include <functional>
#include <string>

#include "parsers/elf_reader.h"
#include "util/result.h"

namespace rd {

/// Bytes [offset, offset + length) of the file, fewer at its end, or an Error.
using ElfRangeReader = std::function<Result<std::string>(uint64_t offset, size_t length)>;

struct ElfRangeStats {
  int reads = 0;
  uint64_t bytes_read = 0;
  bool whole_file = false;  ///< The layout was unusual and the file was read whole.
};

/// Same answer as ParseElf over the whole file. Reads the whole file (at most max_whole bytes,
/// TooLarge beyond) when the layout is unusual: big-endian, extended section numbering, odd
/// section header sizes, a table past the end of the file.
Result<ElfInfo> ParseElfByRanges(const ElfRangeReader& read, size_t max_whole, ElfRangeStats* stats = nullptr);

}  // namespace rd
