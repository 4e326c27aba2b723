#include "parsers/elf_ranges.h"

#include <elf.h>

#include <cstring>
#include <limits>
#include <vector>

namespace rd {

namespace {

constexpr size_t kMaxTableBytes = 16u << 20;    // 250,000 sections: far beyond any real library
constexpr size_t kMaxSectionBytes = 64u << 20;  // one .dynstr or .gnu.version_r

struct CountingReader {
  const ElfRangeReader& read;
  ElfRangeStats& stats;
  Result<std::string> operator()(uint64_t offset, size_t length) const {
    auto bytes = read(offset, length);
    ++stats.reads;
    if (bytes) stats.bytes_read += bytes->size();
    return bytes;
  }
};

bool IsLoaderSection(uint32_t type) { return type == SHT_DYNAMIC || type == SHT_GNU_verneed || type == SHT_GNU_verdef; }

void AlignImage(std::string& image) { image.resize((image.size() + 7) & ~size_t{7}, '\0'); }

/// A small image ParseElf reads exactly like the file: the header, the sections the loader
/// view needs (moved to follow the header), and the section header table, in which every other
/// section becomes SHT_NULL so that nothing reads the bytes it no longer has. The image stays
/// within max_whole bytes however many sections a hostile table names.
template <typename Ehdr, typename Shdr>
Result<ElfInfo> ParseSkeleton(std::string_view header, std::string table, const CountingReader& read, size_t max_whole) {
  // Where a section that could not be read whole is moved: past the end of the image, so libelf
  // reports it unreadable, as it does for a truncated file read whole.
  using Offset = decltype(Shdr::sh_offset);
  constexpr Offset kBeyondImage = std::numeric_limits<Offset>::max() / 2;
  Ehdr ehdr;
  std::memcpy(&ehdr, header.data(), sizeof ehdr);
  size_t count = table.size() / sizeof(Shdr);
  auto at = [&](size_t i) {
    Shdr s;
    std::memcpy(&s, table.data() + i * sizeof(Shdr), sizeof s);
    return s;
  };
  std::vector<bool> keep(count, false);
  for (size_t i = 1; i < count; ++i) {
    Shdr s = at(i);
    if (!IsLoaderSection(s.sh_type)) continue;
    keep[i] = true;
    if (s.sh_link < count) keep[s.sh_link] = true;
  }
  std::string image(header.substr(0, sizeof(Ehdr)));
  for (size_t i = 1; i < count; ++i) {
    Shdr s = keep[i] ? at(i) : Shdr{};
    if (keep[i] && s.sh_type != SHT_NOBITS) {
      Result<std::string> bytes = std::string();
      if (s.sh_size <= kMaxSectionBytes && image.size() + s.sh_size <= max_whole) bytes = read(s.sh_offset, static_cast<size_t>(s.sh_size));
      if (!bytes) return bytes.error();
      AlignImage(image);
      s.sh_offset = bytes->size() == s.sh_size ? image.size() : kBeyondImage;
      image += *bytes;
    }
    std::memcpy(table.data() + i * sizeof(Shdr), &s, sizeof s);
  }
  AlignImage(image);
  ehdr.e_shoff = image.size();
  ehdr.e_phoff = 0;
  ehdr.e_phnum = 0;
  ehdr.e_shstrndx = SHN_UNDEF;
  std::memcpy(image.data(), &ehdr, sizeof ehdr);
  image += table;
  return ParseElf(image);
}

Result<ElfInfo> ParseWhole(const CountingReader& read, size_t max_whole) {
  read.stats.whole_file = true;
  auto bytes = read(0, max_whole + 1);
  if (!bytes) return bytes.error();
  if (bytes->size() > max_whole) {
    return Error{ErrorKind::TooLarge, "larger than " + std::to_string(max_whole) + " bytes, not read"};
  }
  return ParseElf(*bytes);
}

template <typename Ehdr>
uint16_t SectionEntrySize(std::string_view header) {
  Ehdr ehdr;
  std::memcpy(&ehdr, header.data(), sizeof ehdr);
  return ehdr.e_shentsize;
}

}  // namespace

Result<ElfInfo> ParseElfByRanges(const ElfRangeReader& reader, size_t max_whole, ElfRangeStats* stats) {
  ElfRangeStats local;
  CountingReader read{reader, stats ? *stats : local};
  auto header = read(0, sizeof(Elf64_Ehdr));
  if (!header) return header.error();
  if (header->size() < SELFMAG || std::memcmp(header->data(), ELFMAG, SELFMAG) != 0) return ParseElf(*header);
  ElfLayout layout = ElfHeaderLayout(*header);  // valid only for a whole little-endian header
  if (!layout.valid || layout.shsize > kMaxTableBytes) return ParseWhole(read, max_whole);
  bool is64 = (*header)[EI_CLASS] == ELFCLASS64;
  uint16_t entry = is64 ? SectionEntrySize<Elf64_Ehdr>(*header) : SectionEntrySize<Elf32_Ehdr>(*header);
  if (entry != (is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr))) return ParseWhole(read, max_whole);
  auto table = read(layout.shoff, static_cast<size_t>(layout.shsize));
  if (!table) return table.error();
  if (table->size() != layout.shsize) return ParseWhole(read, max_whole);
  if (is64) return ParseSkeleton<Elf64_Ehdr, Elf64_Shdr>(*header, std::move(*table), read, max_whole);
  return ParseSkeleton<Elf32_Ehdr, Elf32_Shdr>(*header, std::move(*table), read, max_whole);
}

}  // namespace rd
