#include "parsers/elf_reader.h"

#include <gelf.h>
#include <libelf.h>

#include <cstring>
#include <memory>

#include "util/strings.h"

namespace rd {

namespace {

// Hostile files can chain version records into loops; real libraries have a few dozen.
constexpr int kMaxVersionRecords = 4096;

struct ElfCloser {
  void operator()(Elf* elf) const { elf_end(elf); }
};

bool LibelfReady() {
  static const bool ready = elf_version(EV_CURRENT) != EV_NONE;
  return ready;
}

std::string StringAt(Elf* elf, size_t strtab, size_t offset) {
  const char* text = elf_strptr(elf, strtab, offset);
  return text ? std::string(text) : std::string();
}

std::vector<std::string> SplitPath(const std::string& value) {
  std::vector<std::string> out;
  for (auto& part : Split(value, ':')) out.push_back(part);
  return out;
}

void ReadDynamic(Elf* elf, Elf_Scn* scn, const GElf_Shdr& shdr, ElfInfo& info) {
  info.has_dynamic = true;
  Elf_Data* data = elf_getdata(scn, nullptr);
  if (!data || shdr.sh_entsize == 0) {
    info.problems.push_back("dynamic section unreadable");
    return;
  }
  size_t count = data->d_size / shdr.sh_entsize;
  for (size_t i = 0; i < count; ++i) {
    GElf_Dyn dyn;
    if (!gelf_getdyn(data, static_cast<int>(i), &dyn) || dyn.d_tag == DT_NULL) break;
    switch (dyn.d_tag) {
      case DT_NEEDED: info.needed.push_back(StringAt(elf, shdr.sh_link, dyn.d_un.d_val)); break;
      case DT_SONAME: info.soname = StringAt(elf, shdr.sh_link, dyn.d_un.d_val); break;
      case DT_RPATH: info.rpath = SplitPath(StringAt(elf, shdr.sh_link, dyn.d_un.d_val)); break;
      case DT_RUNPATH:
        info.has_runpath = true;
        info.runpath = SplitPath(StringAt(elf, shdr.sh_link, dyn.d_un.d_val));
        break;
      default: break;
    }
  }
}

void ReadVersionNeeds(Elf* elf, Elf_Scn* scn, const GElf_Shdr& shdr, ElfInfo& info) {
  Elf_Data* data = elf_getdata(scn, nullptr);
  if (!data) {
    info.problems.push_back("version needs (.gnu.version_r) unreadable");
    return;
  }
  size_t offset = 0;
  for (int records = 0; records < kMaxVersionRecords; ++records) {
    GElf_Verneed need;
    if (offset >= data->d_size || !gelf_getverneed(data, static_cast<int>(offset), &need)) break;
    ElfVersionNeed entry{StringAt(elf, shdr.sh_link, need.vn_file), {}};
    size_t aux_offset = offset + need.vn_aux;
    for (int i = 0; i < need.vn_cnt && records < kMaxVersionRecords; ++i, ++records) {
      GElf_Vernaux aux;
      if (aux_offset >= data->d_size || !gelf_getvernaux(data, static_cast<int>(aux_offset), &aux)) break;
      entry.versions.push_back(StringAt(elf, shdr.sh_link, aux.vna_name));
      if (aux.vna_next == 0) break;
      aux_offset += aux.vna_next;
    }
    info.version_needs.push_back(std::move(entry));
    if (need.vn_next == 0) break;
    offset += need.vn_next;
  }
}

void ReadVersionDefs(Elf* elf, Elf_Scn* scn, const GElf_Shdr& shdr, ElfInfo& info) {
  Elf_Data* data = elf_getdata(scn, nullptr);
  if (!data) {
    info.problems.push_back("version definitions (.gnu.version_d) unreadable");
    return;
  }
  size_t offset = 0;
  for (int records = 0; records < kMaxVersionRecords; ++records) {
    GElf_Verdef def;
    if (offset >= data->d_size || !gelf_getverdef(data, static_cast<int>(offset), &def)) break;
    GElf_Verdaux aux;
    size_t aux_offset = offset + def.vd_aux;
    // VER_FLG_BASE names the file itself, not a version.
    if (!(def.vd_flags & VER_FLG_BASE) && aux_offset < data->d_size &&
        gelf_getverdaux(data, static_cast<int>(aux_offset), &aux)) {
      info.version_defs.push_back(StringAt(elf, shdr.sh_link, aux.vda_name));
    }
    if (def.vd_next == 0) break;
    offset += def.vd_next;
  }
}

}  // namespace

std::string ElfMachineName(uint16_t machine) {
  switch (machine) {
    case EM_X86_64: return "x86-64";
    case EM_386: return "i386";
    case EM_AARCH64: return "aarch64";
    case EM_ARM: return "arm";
    case EM_PPC64: return "ppc64";
    case EM_RISCV: return "riscv";
    case EM_S390: return "s390";
    case EM_AMDGPU: return "amdgpu";
    default: return "machine " + std::to_string(machine);
  }
}

Result<ElfInfo> ParseElf(std::string_view bytes) {
  if (bytes.size() < EI_NIDENT || std::memcmp(bytes.data(), ELFMAG, SELFMAG) != 0) {
    return Error{ErrorKind::Invalid, "not an ELF file (no \\177ELF magic)"};
  }
  if (!LibelfReady()) return Error{ErrorKind::Unsupported, "libelf version mismatch"};
  // elf_memory wants a mutable buffer; it only reads with ELF_C_READ_MMAP semantics, but copy
  // so that a const view is never written through.
  std::string copy(bytes);
  std::unique_ptr<Elf, ElfCloser> elf(elf_memory(copy.data(), copy.size()));
  if (!elf || elf_kind(elf.get()) != ELF_K_ELF) {
    return Error{ErrorKind::Invalid, std::string("not a readable ELF file: ") + elf_errmsg(-1)};
  }
  ElfInfo info;
  int cls = gelf_getclass(elf.get());
  if (cls != ELFCLASS32 && cls != ELFCLASS64) return Error{ErrorKind::Invalid, "ELF class is neither 32 nor 64 bit"};
  info.elf_class = cls == ELFCLASS64 ? 64 : 32;
  GElf_Ehdr ehdr;
  if (!gelf_getehdr(elf.get(), &ehdr)) {
    return Error{ErrorKind::Invalid, std::string("truncated ELF header: ") + elf_errmsg(-1)};
  }
  info.little_endian = ehdr.e_ident[EI_DATA] == ELFDATA2LSB;
  info.machine = ehdr.e_machine;
  info.type = ehdr.e_type;
  size_t sections = 0;
  if (elf_getshdrnum(elf.get(), &sections) != 0) {
    info.problems.push_back(std::string("section headers unreadable: ") + elf_errmsg(-1));
    return info;
  }
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr shdr;
    if (!gelf_getshdr(scn, &shdr)) continue;
    if (shdr.sh_type == SHT_DYNAMIC) ReadDynamic(elf.get(), scn, shdr, info);
    else if (shdr.sh_type == SHT_GNU_verneed) ReadVersionNeeds(elf.get(), scn, shdr, info);
    else if (shdr.sh_type == SHT_GNU_verdef) ReadVersionDefs(elf.get(), scn, shdr, info);
  }
  return info;
}

ElfLayout ElfHeaderLayout(std::string_view header) {
  ElfLayout layout;
  if (header.size() < sizeof(Elf64_Ehdr) || std::memcmp(header.data(), ELFMAG, SELFMAG) != 0) return layout;
  if (header[EI_DATA] != ELFDATA2LSB) return layout;  // the hosts we diagnose are little-endian
  if (header[EI_CLASS] == ELFCLASS64) {
    Elf64_Ehdr ehdr;
    std::memcpy(&ehdr, header.data(), sizeof ehdr);
    layout.shoff = ehdr.e_shoff;
    layout.shsize = static_cast<uint64_t>(ehdr.e_shnum) * ehdr.e_shentsize;
  } else if (header[EI_CLASS] == ELFCLASS32) {
    Elf32_Ehdr ehdr;
    std::memcpy(&ehdr, header.data(), sizeof ehdr);
    layout.shoff = ehdr.e_shoff;
    layout.shsize = static_cast<uint64_t>(ehdr.e_shnum) * ehdr.e_shentsize;
  } else {
    return layout;
  }
  layout.valid = layout.shoff != 0 && layout.shsize != 0;
  return layout;
}

std::string ElfPrefixImage(std::string_view prefix, std::string_view section_headers) {
  std::string image(prefix);
  if (image.size() < sizeof(Elf64_Ehdr)) return image;
  // Section headers must be aligned to 8 for libelf's direct access.
  image.resize((image.size() + 7) & ~size_t{7}, '\0');
  uint64_t shoff = image.size();
  image.append(section_headers);
  if (image[EI_CLASS] == ELFCLASS64) {
    std::memcpy(image.data() + offsetof(Elf64_Ehdr, e_shoff), &shoff, sizeof shoff);
  } else {
    auto shoff32 = static_cast<uint32_t>(shoff);
    std::memcpy(image.data() + offsetof(Elf32_Ehdr, e_shoff), &shoff32, sizeof shoff32);
  }
  return image;
}

}  // namespace rd
