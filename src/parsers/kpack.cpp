#include "parsers/kpack.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>

#include "util/strings.h"

namespace rd {

namespace {

using nlohmann::json;

Error Bad(std::string_view name, const std::string& why, ErrorKind kind = ErrorKind::Invalid) {
  return Error{kind, fmt::format("{}: {}", Printable(name, 300), why)};
}

uint64_t Le(std::string_view bytes, size_t at, int width) {
  uint64_t v = 0;
  for (int i = width - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

uint64_t Be(std::string_view bytes, size_t at, int width) {
  uint64_t v = 0;
  for (int i = 0; i < width; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

// One msgpack value's head: how many bytes it occupies before its children, the payload bytes
// that follow the head (str/bin/ext), and how many child values it has (array n, map 2n).
struct MsgpackHead {
  size_t head = 1;
  uint64_t payload = 0;
  uint64_t children = 0;
};

bool ReadHead(std::string_view b, size_t at, MsgpackHead& h) {
  auto need = [&](size_t n) { return b.size() - at >= n; };
  unsigned char c = static_cast<unsigned char>(b[at]);
  h = {};
  if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3) return true;
  if (c >= 0x80 && c <= 0x8f) return h.children = 2u * (c & 0x0f), true;
  if (c >= 0x90 && c <= 0x9f) return h.children = c & 0x0f, true;
  if (c >= 0xa0 && c <= 0xbf) return h.payload = c & 0x1f, true;
  auto sized = [&](int width, uint64_t extra, bool children, uint64_t mult) {
    if (!need(1 + width)) return false;
    uint64_t n = Be(b, at + 1, width);
    h.head = 1 + width;
    if (children) h.children = n * mult;
    else h.payload = n + extra;
    return true;
  };
  switch (c) {
    case 0xc4: case 0xd9: return sized(1, 0, false, 0);
    case 0xc5: case 0xda: return sized(2, 0, false, 0);
    case 0xc6: case 0xdb: return sized(4, 0, false, 0);
    case 0xc7: return sized(1, 1, false, 0);  // ext: length, then a type byte
    case 0xc8: return sized(2, 1, false, 0);
    case 0xc9: return sized(4, 1, false, 0);
    case 0xcc: case 0xd0: return h.payload = 1, true;
    case 0xcd: case 0xd1: return h.payload = 2, true;
    case 0xca: case 0xce: case 0xd2: return h.payload = 4, true;
    case 0xcb: case 0xcf: case 0xd3: return h.payload = 8, true;
    case 0xd4: return h.payload = 2, true;
    case 0xd5: return h.payload = 3, true;
    case 0xd6: return h.payload = 5, true;
    case 0xd7: return h.payload = 9, true;
    case 0xd8: return h.payload = 17, true;
    case 0xdc: return sized(2, 0, true, 1);
    case 0xdd: return sized(4, 0, true, 1);
    case 0xde: return sized(2, 0, true, 2);
    case 0xdf: return sized(4, 0, true, 2);
    default: return false;  // 0xc1 is never used
  }
}

// Walks the first msgpack value of `b` without recursion and returns its length. nlohmann's
// reader recurses per nesting level and believes declared counts, so a hostile TOC (a million
// nested arrays, a map that declares 2^32 entries in 5 bytes) is refused here first.
Result<size_t> MsgpackExtent(std::string_view b, std::string_view name, int max_depth) {
  std::vector<uint64_t> pending;  // children still to read, per open container
  uint64_t pending_total = 0;
  size_t at = 0;
  do {
    if (at >= b.size()) return Bad(name, fmt::format("msgpack truncated at byte {}", at));
    MsgpackHead h;
    if (!ReadHead(b, at, h)) {
      return Bad(name, fmt::format("bad msgpack at byte {} (type byte 0x{:02x})", at, static_cast<unsigned char>(b[at])));
    }
    if (h.payload > b.size() - at - h.head) {  // ReadHead checked that the head itself fits
      return Bad(name, fmt::format("msgpack value at byte {} runs past the end ({} bytes declared, {} left)", at,
                                   h.payload, b.size() - at));
    }
    at += h.head + h.payload;
    if (!pending.empty()) --pending.back(), --pending_total;
    if (h.children > 0) {
      // Every child takes at least one byte: a count beyond what is left is a lie.
      if (h.children > b.size() - at || pending_total + h.children > b.size() - at) {
        return Bad(name, fmt::format("msgpack container at byte {} declares {} elements, only {} bytes left", at,
                                     h.children, b.size() - at));
      }
      if (static_cast<int>(pending.size()) >= max_depth) {
        return Bad(name, fmt::format("msgpack nested deeper than {} levels", max_depth));
      }
      pending.push_back(h.children);
      pending_total += h.children;
    }
    while (!pending.empty() && pending.back() == 0) pending.pop_back();
  } while (!pending.empty());
  return at;
}

Result<json> DecodeMsgpack(std::string_view b, std::string_view name, const KpackLimits& limits, bool whole) {
  auto extent = MsgpackExtent(b, name, limits.max_depth);
  if (!extent) return extent.error();
  if (whole && *extent != b.size()) {
    return Bad(name, fmt::format("{} bytes after the msgpack value", b.size() - *extent));
  }
  // Validated above, so nlohmann sees a well-formed value of bounded depth.
  json value = json::from_msgpack(b.substr(0, *extent), true, false);
  if (value.is_discarded()) return Bad(name, "msgpack not understood (map keys must be strings)");
  return value;
}

std::string Str(const json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

uint64_t Num(const json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end() || !it->is_number_unsigned()) return 0;
  return it->get<uint64_t>();
}

bool IsTargetChar(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == ':' || c == '+' || c == 'X'; }

// A name from the file, safe to keep: valid, printable UTF-8 of bounded length.
bool CleanName(const std::string& s) { return !s.empty() && s.size() <= 4096 && Printable(s, 4096) == s; }

void ReadTocEntries(const json& toc, std::string_view name, const KpackLimits& limits, KpackArchive& out) {
  for (const auto& [binary, arches] : toc.items()) {
    if (!CleanName(binary)) {
      out.problems.push_back(fmt::format("TOC key \"{}\" is not printable UTF-8; skipped", Printable(binary, 80)));
      continue;
    }
    if (!arches.is_object()) {
      out.problems.push_back(fmt::format("TOC entry {} is a {}, not a map of targets", Printable(binary, 200), arches.type_name()));
      continue;
    }
    for (const auto& [target, meta] : arches.items()) {
      if (!IsKpackTargetName(target)) {
        out.problems.push_back(fmt::format("TOC entry {}: \"{}\" is not a gfx target; skipped", Printable(binary, 200), Printable(target, 80)));
        continue;
      }
      if (out.code_objects.size() >= limits.max_code_objects) {
        out.problems.push_back(fmt::format("more than {} code objects; the rest not listed", limits.max_code_objects));
        return;
      }
      KpackCodeObject co{binary, target, "", 0};
      if (meta.is_object()) {
        co.type = Printable(Str(meta, "type"), 64);
        co.size = Num(meta, "original_size");
      }
      out.code_objects.push_back(std::move(co));
    }
  }
  (void)name;
}

}  // namespace

bool IsKpackTargetName(std::string_view name) {
  if (name.size() < 4 || name.size() > 64 || name.substr(0, 3) != "gfx") return false;
  return std::all_of(name.begin(), name.end(), IsTargetChar);
}

Result<KpackHeader> ParseKpackHeader(std::string_view bytes, uint64_t file_size, std::string_view name,
                                     const KpackLimits& limits) {
  if (bytes.size() < kKpackHeaderSize || file_size < kKpackHeaderSize) {
    return Bad(name, fmt::format("{} bytes, shorter than the 16-byte kpack header", std::min<uint64_t>(bytes.size(), file_size)));
  }
  if (bytes.substr(0, 4) != "KPAK") return Bad(name, fmt::format("no KPAK magic (starts with \"{}\")", Printable(bytes.substr(0, 4), 8)));
  KpackHeader h{static_cast<uint32_t>(Le(bytes, 4, 4)), Le(bytes, 8, 8)};
  if (h.version != 1) return Bad(name, fmt::format("kpack format version {} (this reader knows 1)", h.version), ErrorKind::Unsupported);
  if (h.toc_offset < kKpackHeaderSize || h.toc_offset >= file_size) {
    return Bad(name, fmt::format("TOC offset {} outside the file ({} bytes)", h.toc_offset, file_size));
  }
  if (file_size - h.toc_offset > limits.max_toc_bytes) {
    return Bad(name, fmt::format("TOC of {} bytes, more than the {} read", file_size - h.toc_offset, limits.max_toc_bytes),
               ErrorKind::TooLarge);
  }
  return h;
}

Result<KpackArchive> ParseKpackToc(std::string_view toc, const KpackHeader& header, std::string_view name,
                                   const KpackLimits& limits) {
  auto value = DecodeMsgpack(toc, name, limits, true);
  if (!value) return Error{value.error().kind, value.error().message + " (TOC at byte " + std::to_string(header.toc_offset) + ")"};
  if (!value->is_object()) return Bad(name, fmt::format("TOC is a msgpack {}, not a map", value->type_name()));
  KpackArchive out;
  out.version = header.version;
  out.group_name = Printable(Str(*value, "group_name"), 200);
  out.arch_family = Printable(Str(*value, "gfx_arch_family"), 64);
  out.compression = Printable(Str(*value, "compression_scheme"), 64);
  if (auto it = value->find("gfx_arches"); it != value->end() && it->is_array()) {
    for (const auto& a : *it) {
      if (a.is_string() && IsKpackTargetName(a.get<std::string>())) out.gfx_arches.push_back(a.get<std::string>());
      else out.problems.push_back(fmt::format("gfx_arches holds \"{}\", not a gfx target", Printable(a.dump(-1, ' ', true, json::error_handler_t::replace), 80)));
    }
  }
  auto toc_map = value->find("toc");
  if (toc_map == value->end()) return Bad(name, "TOC has no \"toc\" map of code objects");
  if (!toc_map->is_object()) return Bad(name, fmt::format("TOC \"toc\" is a {}, not a map", toc_map->type_name()));
  ReadTocEntries(*toc_map, name, limits, out);
  return out;
}

Result<KpackArchive> ParseKpackArchive(std::string_view bytes, std::string_view name, const KpackLimits& limits) {
  auto header = ParseKpackHeader(bytes, bytes.size(), name, limits);
  if (!header) return header.error();
  return ParseKpackToc(bytes.substr(header->toc_offset), *header, name, limits);
}

std::vector<std::string> KpackTargets(const KpackArchive& archive) {
  std::set<std::string> out;
  for (const auto& co : archive.code_objects) out.insert(co.target);
  if (out.empty()) out.insert(archive.gfx_arches.begin(), archive.gfx_arches.end());
  return {out.begin(), out.end()};
}

Result<KpackManifest> ParseKpackManifest(std::string_view bytes, std::string_view name, const KpackLimits& limits) {
  auto value = DecodeMsgpack(bytes, name, limits, true);
  if (!value) return value.error();
  if (!value->is_object()) return Bad(name, fmt::format("manifest is a msgpack {}, not a map", value->type_name()));
  KpackManifest out;
  out.format_version = std::max(Num(*value, "format_version"), Num(*value, "version"));
  out.component = Printable(Str(*value, "component_name").empty() ? Str(*value, "component") : Str(*value, "component_name"), 200);
  out.prefix = Printable(Str(*value, "prefix"), 500);
  auto files = value->find("kpack_files");
  if (files == value->end()) return Bad(name, "manifest has no \"kpack_files\"");
  auto add = [&](const std::string& target, const std::string& file, uint64_t size, uint64_t count) {
    if (!IsKpackTargetName(target)) {
      out.problems.push_back(fmt::format("\"{}\" is not a gfx target; skipped", Printable(target, 80)));
    } else if (!CleanName(file) || file.find('\0') != std::string::npos) {
      out.problems.push_back(fmt::format("{}: file name \"{}\" is not printable; skipped", target, Printable(file, 80)));
    } else {
      out.files.push_back({target, file, size, count});
    }
  };
  if (files->is_object()) {  // the form the tools write (runtime/tests/generate_test_data.py)
    for (const auto& [target, info] : files->items()) {
      if (!info.is_object()) {
        out.problems.push_back(fmt::format("{}: entry is a {}, not a map", Printable(target, 80), info.type_name()));
        continue;
      }
      add(target, Str(info, "file"), Num(info, "size"), Num(info, "kernel_count"));
    }
  } else if (files->is_array()) {  // the list form of docs/kpack-build-integration.md
    for (const auto& info : *files) {
      if (!info.is_object()) {
        out.problems.push_back(fmt::format("kpack_files entry is a {}, not a map", info.type_name()));
        continue;
      }
      add(Str(info, "architecture"), Str(info, "filename"), Num(info, "size"), Num(info, "kernel_count"));
    }
  } else {
    return Bad(name, fmt::format("manifest \"kpack_files\" is a {}, not a map or list", files->type_name()));
  }
  return out;
}

Result<KpackRef> ParseKpackRef(std::string_view bytes, std::string_view name, const KpackLimits& limits) {
  size_t end = bytes.find_last_not_of('\0');
  if (end == std::string_view::npos) return Bad(name, ".rocm_kpack_ref is empty");
  unsigned char first = static_cast<unsigned char>(bytes[0]);
  bool is_map = (first >= 0x80 && first <= 0x8f) || first == 0xde || first == 0xdf;
  KpackRef ref;
  if (!is_map) {
    // Early marker form: a ':'-separated list of kpack directories in plain text.
    std::string_view text = bytes.substr(0, end + 1);
    if (!LooksLikeText(text)) return Bad(name, ".rocm_kpack_ref is neither a msgpack map nor text");
    for (const auto& part : Split(Trim(text), ':')) {
      if (!part.empty()) ref.search_paths.push_back(Printable(part, 1000));
    }
    if (ref.search_paths.empty()) return Bad(name, ".rocm_kpack_ref lists no search path");
    return ref;
  }
  auto value = DecodeMsgpack(bytes, name, limits, false);  // the section may be padded
  if (!value) return value.error();
  ref.kernel_name = Str(*value, "kernel_name");
  if (!CleanName(ref.kernel_name)) return Bad(name, ".rocm_kpack_ref has no printable \"kernel_name\" string");
  auto paths = value->find("kpack_search_paths");
  if (paths == value->end() || !paths->is_array()) return Bad(name, ".rocm_kpack_ref has no \"kpack_search_paths\" list");
  for (const auto& p : *paths) {
    if (p.is_string() && CleanName(p.get<std::string>())) ref.search_paths.push_back(p.get<std::string>());
  }
  if (ref.search_paths.empty()) return Bad(name, ".rocm_kpack_ref lists no usable search path");
  return ref;
}

FatBinWrappers CountFatBinWrappers(std::string_view segment) {
  FatBinWrappers w;
  for (size_t at = 0; segment.size() - at >= 24; at += 24) {
    auto magic = static_cast<uint32_t>(Le(segment, at, 4));
    ++(magic == kHipkMagic ? w.hipk : magic == kHipfMagic ? w.hipf : w.other);
  }
  return w;
}

HostKpack ScanHostKpack(std::string_view elf, std::string_view name, const KpackLimits& limits) {
  HostKpack out;
  auto sections = ListElfSections(elf);
  if (!sections) {
    out.problems.push_back(sections.error().message);
    return out;
  }
  for (const auto& s : *sections) {
    std::string_view data = elf.substr(s.offset, s.size);
    if (s.name == ".hipFatBinSegment") {
      out.wrappers = CountFatBinWrappers(data);
    } else if (s.name == ".rocm_kpack_ref") {
      out.has_ref_section = true;
      auto ref = ParseKpackRef(data, name, limits);
      if (ref) out.ref = std::move(ref).value();
      else out.problems.push_back(ref.error().message);
    }
  }
  return out;
}

Result<ElfTableLocation> LocateElfSectionTable(std::string_view header, uint64_t file_size) {
  if (header.size() < 64 || !IsElf(header)) return Error{ErrorKind::Invalid, "not an ELF file"};
  if (header[4] != 2 || header[5] != 1) return Error{ErrorKind::Unsupported, "not a 64-bit little-endian ELF file"};
  ElfTableLocation at{Le(header, 40, 8), Le(header, 60, 2), Le(header, 58, 2), Le(header, 62, 2)};
  if (at.shnum == 0 || at.shentsize < 64 || at.shstrndx >= at.shnum) {
    return Error{ErrorKind::Invalid, fmt::format("section table unusable ({} entries of {} bytes)", at.shnum, at.shentsize)};
  }
  if (at.shoff > file_size || (file_size - at.shoff) / at.shentsize < at.shnum) {
    return Error{ErrorKind::Invalid, "section table beyond the end of the file"};
  }
  return at;
}

namespace {
ElfSection SectionAt(std::string_view table, const ElfTableLocation& where, uint64_t i, uint64_t& name_off) {
  size_t at = i * where.shentsize;
  ElfSection s;
  name_off = Le(table, at, 4);
  s.type = static_cast<uint32_t>(Le(table, at + 4, 4));
  s.offset = Le(table, at + 24, 8);
  s.size = s.type == 8 ? 0 : Le(table, at + 32, 8);  // SHT_NOBITS has no bytes in the file
  return s;
}
}  // namespace

Result<ElfSection> ElfNameTableSection(std::string_view table, const ElfTableLocation& where, uint64_t file_size) {
  if (table.size() / where.shentsize < where.shnum) return Error{ErrorKind::Invalid, "section table truncated"};
  uint64_t ignored = 0;
  ElfSection s = SectionAt(table, where, where.shstrndx, ignored);
  if (s.offset > file_size || file_size - s.offset < s.size) return Error{ErrorKind::Invalid, "section name table beyond the end of the file"};
  return s;
}

Result<std::vector<ElfSection>> ParseElfSectionTable(std::string_view table, const ElfTableLocation& where,
                                                     std::string_view names, uint64_t file_size) {
  if (table.size() / where.shentsize < where.shnum) return Error{ErrorKind::Invalid, "section table truncated"};
  std::vector<ElfSection> out;
  for (uint64_t i = 0; i < where.shnum; ++i) {
    uint64_t name_off = 0;
    ElfSection s = SectionAt(table, where, i, name_off);
    if (s.offset > file_size || file_size - s.offset < s.size) s.offset = s.size = 0;
    if (name_off < names.size()) {
      std::string_view rest = names.substr(name_off);
      s.name = std::string(rest.substr(0, std::min<size_t>(rest.find('\0'), 256)));
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::string ExpandGfxArch(std::string_view path, std::string_view target) {
  constexpr std::string_view kToken = "@GFXARCH@";
  size_t at = path.find(kToken);
  if (at == std::string_view::npos) return {};
  std::string out(path);
  for (size_t pos = at; pos != std::string::npos; pos = out.find(kToken, pos + target.size())) out.replace(pos, kToken.size(), target);
  return out;
}

}  // namespace rd
