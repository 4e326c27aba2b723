#pragma once
/// What the dynamic loader reads from an ELF file: class, machine, SONAME, DT_NEEDED,
/// DT_RPATH/DT_RUNPATH and the symbol versions it needs (.gnu.version_r) and defines
/// (.gnu.version_d). Works on bytes (libelf's elf_memory), so it can be fuzzed and replayed.
/// pitfalls.md #35 (loader path), #36 (soname majors).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace rd {

struct ElfVersionNeed {
  std::string file;                   ///< "libstdc++.so.6"
  std::vector<std::string> versions;  ///< "GLIBCXX_3.4.32", "CXXABI_1.3.15"
};

struct ElfInfo {
  int elf_class = 0;         ///< 32 or 64
  bool little_endian = true;
  uint16_t machine = 0;      ///< e_machine (62 = x86-64)
  uint16_t type = 0;         ///< e_type (3 = ET_DYN)
  bool has_dynamic = false;  ///< Has a dynamic section (a shared object or dynamic executable).
  std::string soname;
  std::vector<std::string> needed;
  std::vector<std::string> rpath;    ///< DT_RPATH split at ':' (used only without RUNPATH).
  std::vector<std::string> runpath;  ///< DT_RUNPATH split at ':'.
  bool has_runpath = false;
  std::vector<ElfVersionNeed> version_needs;
  std::vector<std::string> version_defs;  ///< Version names this file defines ("GLIBC_2.34").
  std::vector<std::string> problems;      ///< Sections that could not be read, truncated data.
};

/// "x86-64", "aarch64", "i386" … or "machine 243".
std::string ElfMachineName(uint16_t machine);

/// Parses an ELF image. The buffer may be a prefix of the file followed by the section header
/// table (see ElfPrefixImage); sections beyond the buffer are reported in `problems`.
/// Errors: not ELF, unsupported class, truncated headers. Never crashes on hostile input.
Result<ElfInfo> ParseElf(std::string_view bytes);

/// Where the section header table is (from the ELF header alone), for reading a large file in
/// two ranges: [0, prefix) and [shoff, shoff + shsize). Invalid when the header is unusable.
struct ElfLayout {
  uint64_t shoff = 0;
  uint64_t shsize = 0;  ///< shnum * shentsize
  bool valid = false;
};
ElfLayout ElfHeaderLayout(std::string_view header);

/// Builds a parseable image from a file prefix and the file's section header table: the table
/// is appended and e_shoff patched to point at it.
std::string ElfPrefixImage(std::string_view prefix, std::string_view section_headers);

}  // namespace rd
