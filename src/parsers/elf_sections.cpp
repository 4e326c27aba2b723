#include "parsers/elf_sections.h"

#include <cstring>

namespace rd {

namespace {

constexpr uint32_t kShtNobits = 8;
constexpr uint32_t kMaxSections = 1u << 16;

struct Reader {
  std::string_view bytes;
  bool big_endian = false;

  // Reads an unsigned little/big-endian integer of `width` bytes at `at`; false when out of range.
  bool Get(uint64_t at, int width, uint64_t& out) const {
    if (at > bytes.size() || bytes.size() - at < static_cast<uint64_t>(width)) return false;
    out = 0;
    for (int i = 0; i < width; ++i) {
      auto byte = static_cast<uint8_t>(bytes[at + (big_endian ? i : width - 1 - i)]);
      out = (out << 8) | byte;
    }
    return true;
  }
};

struct Layout {
  bool is64 = true;
  uint64_t shoff = 0, shentsize = 0, shnum = 0, shstrndx = 0;
};

Error Bad(const std::string& why) { return Error{ErrorKind::Invalid, "not a readable ELF file: " + why}; }

Result<Layout> ReadHeader(const Reader& r) {
  Layout l;
  l.is64 = r.bytes[4] == 2;
  uint64_t shoff = 0, entsize = 0, num = 0, strndx = 0;
  bool ok = l.is64 ? r.Get(0x28, 8, shoff) && r.Get(0x3A, 2, entsize) && r.Get(0x3C, 2, num) && r.Get(0x3E, 2, strndx)
                   : r.Get(0x20, 4, shoff) && r.Get(0x2E, 2, entsize) && r.Get(0x30, 2, num) && r.Get(0x32, 2, strndx);
  if (!ok) return Bad("header truncated");
  if (entsize < (l.is64 ? 64u : 40u)) return Bad("section header entry size " + std::to_string(entsize));
  if (num == 0 || num > kMaxSections) return Bad("section count " + std::to_string(num));
  if (shoff > r.bytes.size() || (r.bytes.size() - shoff) / entsize < num) return Bad("section table beyond the end of the file");
  l.shoff = shoff;
  l.shentsize = entsize;
  l.shnum = num;
  l.shstrndx = strndx;
  return l;
}

bool ReadSection(const Reader& r, const Layout& l, uint64_t index, uint64_t& name, ElfSection& s) {
  uint64_t base = l.shoff + index * l.shentsize;
  uint64_t type = 0;
  bool ok = r.Get(base, 4, name) && r.Get(base + 4, 4, type);
  ok = ok && (l.is64 ? r.Get(base + 0x18, 8, s.offset) && r.Get(base + 0x20, 8, s.size)
                     : r.Get(base + 0x10, 4, s.offset) && r.Get(base + 0x14, 4, s.size));
  s.type = static_cast<uint32_t>(type);
  if (s.type == kShtNobits) s.size = 0;
  return ok;
}

}  // namespace

bool IsElf(std::string_view bytes) { return bytes.size() >= 16 && std::memcmp(bytes.data(), "\x7f" "ELF", 4) == 0; }

Result<std::vector<ElfSection>> ListElfSections(std::string_view bytes) {
  if (!IsElf(bytes)) return Bad("no ELF magic");
  if (bytes[4] != 1 && bytes[4] != 2) return Bad("unknown ELF class");
  if (bytes[5] != 1 && bytes[5] != 2) return Bad("unknown byte order");
  Reader r{bytes, bytes[5] == 2};
  auto layout = ReadHeader(r);
  if (!layout) return layout.error();
  std::vector<uint64_t> names(layout->shnum);
  std::vector<ElfSection> sections(layout->shnum);
  for (uint64_t i = 0; i < layout->shnum; ++i) {
    if (!ReadSection(r, *layout, i, names[i], sections[i])) return Bad("section " + std::to_string(i) + " truncated");
    if (sections[i].offset > bytes.size() || bytes.size() - sections[i].offset < sections[i].size) {
      sections[i].offset = 0;  // contents beyond the file: keep the name, read nothing
      sections[i].size = 0;
    }
  }
  if (layout->shstrndx >= layout->shnum) return Bad("section name table index out of range");
  const ElfSection& strtab = sections[layout->shstrndx];
  std::string_view names_blob = bytes.substr(strtab.offset, strtab.size);
  for (uint64_t i = 0; i < layout->shnum; ++i) {
    if (names[i] >= names_blob.size()) continue;
    std::string_view rest = names_blob.substr(names[i]);
    sections[i].name = std::string(rest.substr(0, std::min(rest.find('\0'), static_cast<size_t>(256))));
  }
  return sections;
}

Result<std::string_view> ElfSectionBytes(std::string_view bytes, std::string_view name) {
  auto sections = ListElfSections(bytes);
  if (!sections) return sections.error();
  for (const auto& s : *sections) {
    if (s.name == name) return bytes.substr(s.offset, s.size);
  }
  return Error{ErrorKind::NotFound, "no " + std::string(name) + " section"};
}

}  // namespace rd
