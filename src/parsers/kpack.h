#pragma once
/// kpack: TheRock strips the device code of HIP host binaries into `.kpack` archives (issue 15,
/// field-2026.md §4.2). Read from ROCm/rocm-kpack at e3483286e751060b3a70b792792cc122632c66e8:
/// runtime/src/archive.cpp (header), runtime/src/toc_parser.cpp (TOC), runtime/src/loader.cpp
/// (HIPK metadata, @GFXARCH@), python/rocm_kpack/kpack.py (writer), python/rocm_kpack/elf/
/// kpack_transform.py (HIPF → HIPK wrappers, .rocm_kpack_ref), runtime/tests/generate_test_data.py
/// and docs/tutorial_split_artifacts.md (.kpm manifest).
///
/// Archive: 16-byte header "KPAK", u32 LE version (1), u64 LE TOC offset; blobs (64-aligned);
/// the TOC is one msgpack map from the TOC offset to the end of the file:
///   {format_version, group_name, gfx_arch_family, gfx_arches: [..], compression_scheme:
///    "none" (blobs: [{offset,size}]) | "zstd-per-kernel" (zstd_offset, zstd_size),
///    toc: {"lib/librocblas.so.5#0": {"gfx1100": {type: "hsaco", ordinal, original_size}}}}
/// Manifest (.kpm, msgpack): {format_version, component_name, prefix,
///   kpack_files: {"gfx1100": {file, size, kernel_count}}}.
/// Host binary: the __CudaFatBinaryWrapper entries of .hipFatBinSegment (24 bytes: u32 magic,
/// u32 version, u64 pointer, u64 reserved = code object index) carry "HIPK" (0x4B504948) instead
/// of "HIPF" (0x48495046); .rocm_kpack_ref holds msgpack {kernel_name, kpack_search_paths}, the
/// paths relative to the binary with @GFXARCH@ standing for the target.
///
/// Everything here works on bytes the caller read (the header, the TOC range, a section), never
/// whole archives. Hostile input gives an Error naming the input and the cause.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parsers/elf_sections.h"
#include "util/result.h"

namespace rd {

inline constexpr size_t kKpackHeaderSize = 16;
inline constexpr uint32_t kHipfMagic = 0x48495046;  ///< "FPIH" in memory: a fat binary wrapper.
inline constexpr uint32_t kHipkMagic = 0x4B504948;  ///< "HIPK": device code in a kpack archive.

/// Bounds that keep a hostile TOC cheap: msgpack nesting and the TOC size read.
struct KpackLimits {
  size_t max_toc_bytes = 16u << 20;
  int max_depth = 16;
  size_t max_code_objects = 1u << 20;
};

struct KpackHeader {
  uint32_t version = 0;
  uint64_t toc_offset = 0;
};

struct KpackCodeObject {
  std::string binary;  ///< TOC key: "lib/librocblas.so.5#0" (binary path, # code object index).
  std::string target;  ///< "gfx1100", "gfx942:xnack-", "gfx11-generic".
  std::string type;    ///< "hsaco"
  uint64_t size = 0;   ///< original_size (uncompressed), 0 when not given.
};

struct KpackArchive {
  uint32_t version = 0;
  std::string group_name;       ///< "blas"
  std::string arch_family;      ///< "gfx110X"
  std::vector<std::string> gfx_arches;  ///< As declared by the TOC.
  std::string compression;      ///< "none", "zstd-per-kernel", or what the file says.
  std::vector<KpackCodeObject> code_objects;
  std::vector<std::string> problems;  ///< Entries skipped (bad names, wrong shapes), with why.
};

/// Header of `name` from its first 16 bytes (or more). Checks magic and version; the TOC offset
/// must lie after the header and before `file_size`.
Result<KpackHeader> ParseKpackHeader(std::string_view bytes, uint64_t file_size, std::string_view name,
                                     const KpackLimits& limits = {});
/// The TOC bytes (from the header's TOC offset to the end of the file).
Result<KpackArchive> ParseKpackToc(std::string_view toc, const KpackHeader& header, std::string_view name,
                                   const KpackLimits& limits = {});
/// Both, over a buffer that holds a whole archive (tests, the fuzzer).
Result<KpackArchive> ParseKpackArchive(std::string_view bytes, std::string_view name, const KpackLimits& limits = {});
/// Target ids with code in the archive (TOC entries, else gfx_arches), unique and sorted.
std::vector<std::string> KpackTargets(const KpackArchive& archive);

struct KpackManifestFile {
  std::string target;  ///< "gfx1100"
  std::string file;    ///< "blas_lib_gfx1100.kpack", relative to the manifest's directory.
  uint64_t size = 0;
  uint64_t kernel_count = 0;
};

struct KpackManifest {
  uint64_t format_version = 0;
  std::string component;  ///< component_name
  std::string prefix;
  std::vector<KpackManifestFile> files;
  std::vector<std::string> problems;
};

/// A `.kpm` manifest (the whole file; they are small). Also takes the list form of
/// docs/kpack-build-integration.md ({component, kpack_files: [{architecture, filename}]}).
Result<KpackManifest> ParseKpackManifest(std::string_view bytes, std::string_view name, const KpackLimits& limits = {});

struct KpackRef {
  std::string kernel_name;                ///< TOC key prefix: "rocblas/lib/librocblas.so.5"
  std::vector<std::string> search_paths;  ///< "../.kpack/blas_lib_@GFXARCH@.kpack"
};

/// The contents of a `.rocm_kpack_ref` section: one msgpack map (trailing padding ignored), or
/// the early plain-text form "../.kpack:.kpack" (docs/tutorial_split_artifacts.md).
Result<KpackRef> ParseKpackRef(std::string_view bytes, std::string_view name, const KpackLimits& limits = {});

struct FatBinWrappers {
  int hipf = 0;   ///< Wrappers still pointing at embedded fat binaries.
  int hipk = 0;   ///< Wrappers whose device code is in kpack archives.
  int other = 0;  ///< Neither magic.
};
/// Counts the 24-byte wrappers of a `.hipFatBinSegment` section (little-endian).
FatBinWrappers CountFatBinWrappers(std::string_view segment);

/// What a host binary says about kpack, from its sections.
struct HostKpack {
  FatBinWrappers wrappers;
  bool has_ref_section = false;
  std::optional<KpackRef> ref;
  std::vector<std::string> problems;
  bool split() const { return wrappers.hipk > 0 || has_ref_section; }
};
/// Over a whole ELF image (tests, the fuzzer); the collector reads the two sections by ranges.
HostKpack ScanHostKpack(std::string_view elf, std::string_view name, const KpackLimits& limits = {});

/// Where the section header table and its name table are, for reading an ELF file by ranges:
/// header (64 bytes) → table → names. 64-bit little-endian only (every HIP host target).
struct ElfTableLocation {
  uint64_t shoff = 0;
  uint64_t shnum = 0;
  uint64_t shentsize = 0;
  uint64_t shstrndx = 0;
};
Result<ElfTableLocation> LocateElfSectionTable(std::string_view header, uint64_t file_size);
/// The section name table's (offset, size) from the table bytes.
Result<ElfSection> ElfNameTableSection(std::string_view table, const ElfTableLocation& where, uint64_t file_size);
/// Every section, named from `names` (the name table's bytes, possibly cut).
Result<std::vector<ElfSection>> ParseElfSectionTable(std::string_view table, const ElfTableLocation& where,
                                                     std::string_view names, uint64_t file_size);

/// Expands @GFXARCH@ in a search path; "" when the path has none.
std::string ExpandGfxArch(std::string_view path, std::string_view target);
/// Is this a target id a kpack TOC may name ("gfx1100", "gfx942:sramecc+:xnack-", "gfx11-generic")?
bool IsKpackTargetName(std::string_view name);

}  // namespace rd
