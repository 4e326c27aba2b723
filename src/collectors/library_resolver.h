#pragma once
/// Resolves a library's dependencies the way ld.so does, without loading anything: reads ELF
/// files through System, searches DT_RPATH (only without DT_RUNPATH), LD_LIBRARY_PATH,
/// DT_RUNPATH ($ORIGIN, $LIB, $PLATFORM), /etc/ld.so.cache, then the system directories;
/// skips files of the wrong class or machine like ld.so does; checks symbol versions. The walk
/// covers the whole DT_NEEDED closure like ldd, then what a library loads with dlopen where data
/// names it (libamdhip64 → libamd_comgr, hostile-input report D8).
/// pitfalls.md #35 (loader path), #36 (soname majors).
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "parsers/elf_reader.h"
#include "parsers/ld_so_cache.h"
#include "system/system.h"

namespace rd {

struct ElfFile {
  std::string path;
  Result<ElfInfo> elf = Error{ErrorKind::Invalid, "not read"};
};

/// Parsed ELF files by path, so that a library needed by several others is read once per check.
struct ElfCache {
  std::mutex mutex;
  std::map<std::string, ElfFile> files;
  std::map<std::string, std::vector<std::string>> dlopen_names;  ///< By path, for each DlopenRule
};

/// Libraries an object loads with dlopen instead of DT_NEEDED: the names are in its .rodata, so
/// the major it asks for (libamd_comgr.so.2 or .so.3) is read, not guessed.
struct DlopenRule {
  std::string by;                  ///< Soname stem of the loading object ("libamdhip64").
  std::vector<std::string> loads;  ///< Stems looked for in its .rodata ("libamd_comgr").
};

struct LoaderConfig {
  std::vector<std::string> ld_library_path;
  std::vector<LdCacheEntry> cache;
  std::string cache_error;               ///< Why /etc/ld.so.cache could not be used.
  std::vector<std::string> system_dirs;  ///< ld.so's built-in search path.
  std::vector<std::string> conf_dirs;    ///< Directories listed by /etc/ld.so.conf (+ includes).
  std::string lib_token = "lib";         ///< What $LIB expands to.
  std::string platform = "x86_64";       ///< What $PLATFORM expands to.
  std::vector<DlopenRule> dlopens;        ///< From rules/data/rocm_libraries.toml.
  std::shared_ptr<ElfCache> elf_cache = std::make_shared<ElfCache>();
};

/// Reads LD_LIBRARY_PATH, /etc/ld.so.cache and /etc/ld.so.conf (with includes) through System.
LoaderConfig ReadLoaderConfig(System& system);

/// Reads the loader view of an ELF file by ranges (whole, up to kMaxElfBytes, when its layout is unusual).
inline constexpr size_t kMaxElfBytes = 512u << 20;
ElfFile ReadElfFile(System& system, const std::string& path, ElfCache* cache = nullptr);
ElfFile ReadElfFileUncached(System& system, const std::string& path);

struct Resolution {
  std::string name;       ///< DT_NEEDED entry
  std::string needed_by;  ///< Path of the object that needs it
  std::string path;       ///< Where it resolved; empty when not found
  std::string via;        ///< RPATH, LD_LIBRARY_PATH, RUNPATH, ld.so.cache, system dirs, path
  std::vector<std::string> rejected;  ///< "PATH: wrong ELF class (32-bit)" …
  std::vector<std::string> searched;  ///< Directories searched
  std::vector<std::string> chain;     ///< From the root to needed_by: how the walk got there
  bool dlopen = false;                ///< Reached through a dlopen edge (ldd does not show it)
};

struct VersionProblem {
  std::string needed_by, file, file_path, version;
};

struct DependencyTree {
  std::string root;
  ElfInfo root_elf;
  std::vector<Resolution> resolutions;       ///< Load order (breadth first, like ldd)
  std::vector<VersionProblem> version_problems;
  std::vector<std::string> problems;         ///< Unreadable objects
};

/// `root_path` must be an ELF file; its error is returned otherwise. Every object that needs a
/// missing name gets its own Resolution (ldd prints the name once; the needers are the fix).
Result<DependencyTree> ResolveDependencies(System& system, const LoaderConfig& config, const std::string& root_path);

/// Where the loader finds `name` for a requester of this ELF class and machine with no
/// RPATH/RUNPATH (a plain program): LD_LIBRARY_PATH, ld.so.cache, system dirs.
Resolution FindLibrary(System& system, const LoaderConfig& config, const std::string& name, const ElfInfo& requester);

/// The "STEM.so.N" strings (each stem, exact, NUL-delimited) in the .rodata of an ELF file, read
/// by ranges: what it passes to dlopen.
std::vector<std::string> DlopenNamesIn(System& system, const std::string& path, const std::vector<std::string>& stems);
/// The same over bytes: "libamd_comgr.so.3" (after a NUL or '/', up to a NUL); versioned names
/// win over a bare "libamd_comgr.so", which only the -dev package provides.
std::vector<std::string> SonameStrings(std::string_view bytes, const std::vector<std::string>& stems);

/// Expands $ORIGIN, ${ORIGIN}, $LIB, $PLATFORM in one RUNPATH/RPATH entry.
std::string ExpandDynamicTokens(const std::string& entry, const std::string& origin, const LoaderConfig& config);

}  // namespace rd
