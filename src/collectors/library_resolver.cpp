#include "collectors/library_resolver.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <optional>
#include <set>

#include "collectors/rocm_roots.h"
#include "parsers/elf_ranges.h"
#include "parsers/kpack.h"
#include "parsers/ld_so_conf.h"
#include "util/strings.h"

namespace rd {

namespace {

// Dependency graphs of real ROCm libraries have < 100 objects; the cap stops hostile loops.
constexpr size_t kMaxObjects = 400;
constexpr int kMaxIncludeDepth = 8;
// libamdhip64's .rodata is 120 KB; the caps bound what a hostile file makes us read.
constexpr uint64_t kMaxRodata = 16u << 20;
constexpr uint64_t kMaxSectionTable = 1u << 20;
constexpr uint64_t kMaxSectionNames = 1u << 20;

std::string DirName(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

void ReadConfFile(System& system, const std::string& path, int depth, std::set<std::string>& seen,
                  std::vector<std::string>& dirs) {
  if (depth > kMaxIncludeDepth || !seen.insert(path).second) return;  // include loops
  auto text = system.ReadFile(path, 1 << 20);
  if (!text) return;
  LdSoConf conf = ParseLdSoConf(*text, DirName(path));
  dirs.insert(dirs.end(), conf.dirs.begin(), conf.dirs.end());
  for (const auto& pattern : conf.includes) {
    std::string dir = DirName(pattern), glob = pattern.substr(pattern.rfind('/') + 1);
    auto names = system.ListDir(dir);
    if (!names) continue;
    for (const auto& name : *names) {  // sorted, as glob(3) returns them
      if (GlobMatch(glob, name)) ReadConfFile(system, dir + "/" + name, depth + 1, seen, dirs);
    }
  }
}

bool IsDir(System& system, const std::string& path) {
  auto info = system.Stat(path);
  return info && info->type == FileType::Directory;
}

struct Candidate {
  std::string path;
  ElfInfo elf;
};

/// ld.so opens a candidate, and skips it (searching on) when it is not an ELF of the requester's
/// class and machine.
std::optional<Candidate> TryCandidate(System& system, const LoaderConfig& config, const std::string& path, const ElfInfo& requester,
                                      Resolution& resolution) {
  auto info = system.Stat(path);
  if (!info || info->type != FileType::Regular) return std::nullopt;
  ElfFile file = ReadElfFile(system, path, config.elf_cache.get());
  if (!file.elf) {
    resolution.rejected.push_back(path + ": " + file.elf.error().message);
    return std::nullopt;
  }
  if (file.elf->elf_class != requester.elf_class) {
    resolution.rejected.push_back(path + ": wrong ELF class (" + std::to_string(file.elf->elf_class) + "-bit)");
    return std::nullopt;
  }
  if (file.elf->machine != requester.machine) {
    resolution.rejected.push_back(path + ": wrong machine (" + ElfMachineName(file.elf->machine) + ")");
    return std::nullopt;
  }
  return Candidate{path, std::move(*file.elf)};
}

struct Loaded {
  std::string path;
  ElfInfo elf;
  int parent = -1;          // index of the object that loaded it (RPATH inheritance)
  bool via_dlopen = false;  // some edge from the root to it is a dlopen
};

std::vector<std::string> ChainOf(const std::vector<Loaded>& loaded, size_t index) {
  std::vector<std::string> chain;
  std::set<int> seen;
  for (int i = static_cast<int>(index); i >= 0 && seen.insert(i).second; i = loaded[static_cast<size_t>(i)].parent) {
    chain.push_back(loaded[static_cast<size_t>(i)].path);
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

std::string StemOf(const Loaded& object) {
  std::string name = object.elf.soname.empty() ? object.path.substr(object.path.rfind('/') + 1) : object.elf.soname;
  return name.substr(0, name.find(".so"));
}

std::vector<std::string> DlopenNeeds(System& system, const LoaderConfig& config, const Loaded& object) {
  std::string stem = StemOf(object);
  for (const auto& rule : config.dlopens) {
    if (rule.by != stem) continue;
    ElfCache& cache = *config.elf_cache;
    std::string key = Canonicalize(system, object.path);
    {
      std::lock_guard<std::mutex> lock(cache.mutex);
      if (auto it = cache.dlopen_names.find(key); it != cache.dlopen_names.end()) return it->second;
    }
    auto names = DlopenNamesIn(system, object.path, rule.loads);
    std::lock_guard<std::mutex> lock(cache.mutex);
    cache.dlopen_names.emplace(key, names);
    return names;
  }
  return {};
}

std::optional<Candidate> SearchDirs(System& system, const LoaderConfig& config, const std::vector<std::string>& dirs, const std::string& name,
                                    const ElfInfo& requester, Resolution& resolution, const char* via) {
  for (const auto& dir : dirs) {
    // An empty entry means the current directory, which we never have: skip it.
    if (dir.empty()) continue;
    resolution.searched.push_back(dir);
    if (auto found = TryCandidate(system, config, dir + "/" + name, requester, resolution)) {
      resolution.via = via;
      return found;
    }
  }
  return std::nullopt;
}

std::optional<Candidate> Search(System& system, const LoaderConfig& config, const std::vector<Loaded>& loaded,
                                int requester_index, const std::string& name, Resolution& resolution) {
  const Loaded& requester = loaded[static_cast<size_t>(requester_index)];
  if (name.find('/') != std::string::npos) {
    resolution.via = "path";
    return TryCandidate(system, config, name, requester.elf, resolution);
  }
  auto expand = [&](const Loaded& object, const std::vector<std::string>& entries) {
    std::vector<std::string> dirs;
    for (const auto& entry : entries) dirs.push_back(ExpandDynamicTokens(entry, DirName(object.path), config));
    return dirs;
  };
  // DT_RPATH of the requester and of each object that loaded it, only without DT_RUNPATH.
  if (!requester.elf.has_runpath) {
    std::set<int> chain;
    for (int i = requester_index; i >= 0 && chain.insert(i).second; i = loaded[static_cast<size_t>(i)].parent) {
      const Loaded& object = loaded[static_cast<size_t>(i)];
      if (object.elf.has_runpath) continue;
      if (auto found = SearchDirs(system, config, expand(object, object.elf.rpath), name, requester.elf, resolution, "RPATH")) {
        return found;
      }
    }
  }
  if (auto found = SearchDirs(system, config, config.ld_library_path, name, requester.elf, resolution, "LD_LIBRARY_PATH")) return found;
  if (auto found = SearchDirs(system, config, expand(requester, requester.elf.runpath), name, requester.elf, resolution, "RUNPATH")) {
    return found;
  }
  int32_t flags = LdCacheRequiredFlags(requester.elf.elf_class, requester.elf.machine);
  for (const auto& entry : config.cache) {
    if (entry.name != name || entry.hwcap != 0 || !LdCacheEntryMatches(entry, flags)) continue;
    if (auto found = TryCandidate(system, config, entry.path, requester.elf, resolution)) {
      resolution.via = "ld.so.cache";
      return found;
    }
  }
  return SearchDirs(system, config, config.system_dirs, name, requester.elf, resolution, "system dirs");
}

void CheckVersions(const std::vector<Loaded>& loaded, const std::map<std::string, size_t>& by_name, DependencyTree& tree) {
  for (const auto& object : loaded) {
    for (const auto& need : object.elf.version_needs) {
      auto it = by_name.find(need.file);
      if (it == by_name.end()) continue;  // not found at all: reported as missing
      const Loaded& provider = loaded[it->second];
      for (const auto& version : need.versions) {
        if (std::find(provider.elf.version_defs.begin(), provider.elf.version_defs.end(), version) ==
            provider.elf.version_defs.end()) {
          tree.version_problems.push_back({object.path, need.file, provider.path, version});
        }
      }
    }
  }
}

}  // namespace

std::string ExpandDynamicTokens(const std::string& entry, const std::string& origin, const LoaderConfig& config) {
  std::string out;
  for (size_t i = 0; i < entry.size();) {
    auto token = [&](const char* name, const std::string& value) {
      std::string plain = std::string("$") + name, braced = std::string("${") + name + "}";
      for (const auto& form : {braced, plain}) {
        if (entry.compare(i, form.size(), form) == 0) {
          out += value;
          i += form.size();
          return true;
        }
      }
      return false;
    };
    if (entry[i] == '$' && (token("ORIGIN", origin) || token("LIB", config.lib_token) || token("PLATFORM", config.platform))) {
      continue;
    }
    out += entry[i++];
  }
  return out;
}

Resolution FindLibrary(System& system, const LoaderConfig& config, const std::string& name, const ElfInfo& requester) {
  ElfInfo plain = requester;
  plain.rpath.clear();
  plain.runpath.clear();
  plain.has_runpath = true;  // no RPATH either
  std::vector<Loaded> loaded = {{"/", plain, -1, false}};
  Resolution resolution{name, "", "", "", {}, {}, {}, false};
  if (auto found = Search(system, config, loaded, 0, name, resolution)) resolution.path = found->path;
  return resolution;
}

ElfFile ReadElfFile(System& system, const std::string& path, ElfCache* cache) {
  if (!cache) return ReadElfFileUncached(system, path);
  // Keyed by the resolved path: on merged-/usr systems /lib/x/libfoo.so and /usr/lib/x/libfoo.so
  // (and every versioned symlink) are one file, read and parsed once instead of once per name.
  std::string key = Canonicalize(system, path);
  ElfFile file{path, Error{ErrorKind::Invalid, "not read"}};
  {
    std::lock_guard<std::mutex> lock(cache->mutex);
    if (auto it = cache->files.find(key); it != cache->files.end()) file.elf = it->second.elf;
  }
  if (file.elf) return file;
  file = ReadElfFileUncached(system, path);
  std::lock_guard<std::mutex> lock(cache->mutex);
  cache->files.emplace(key, file);
  return file;
}

ElfFile ReadElfFileUncached(System& system, const std::string& path) {
  // Ranged reads: the headers and the loader's sections, not the whole 14 MB of libamdhip64.
  std::optional<Error> read_error;
  auto read = [&](uint64_t offset, size_t length) {
    auto bytes = system.ReadFileRange(path, offset, length);
    if (!bytes) read_error = bytes.error();
    return bytes;
  };
  ElfFile file{path, ParseElfByRanges(read, kMaxElfBytes)};
  if (!file.elf && read_error) file.elf = *read_error;  // the System's message names the path
  else if (!file.elf) file.elf = Error{file.elf.error().kind, path + ": " + file.elf.error().message};
  return file;
}

LoaderConfig ReadLoaderConfig(System& system) {
  LoaderConfig config;
  if (auto value = system.GetEnv("LD_LIBRARY_PATH")) {
    // ld.so splits LD_LIBRARY_PATH at ':' and ';'.
    std::string text = *value;
    std::replace(text.begin(), text.end(), ';', ':');
    config.ld_library_path = Split(text, ':');
  }
  auto bytes = system.ReadFile("/etc/ld.so.cache", 64u << 20);
  if (!bytes) {
    config.cache_error = bytes.error().message;
  } else if (auto cache = ParseLdSoCache(*bytes)) {
    config.cache = std::move(cache->entries);
  } else {
    config.cache_error = "/etc/ld.so.cache: " + cache.error().message;
  }
  std::set<std::string> seen;
  ReadConfFile(system, "/etc/ld.so.conf", 0, seen, config.conf_dirs);
  config.platform = system.GetUname().machine.empty() ? "x86_64" : system.GetUname().machine;
  // Debian/Ubuntu multiarch ld.so searches the triplet dirs, then /lib and /usr/lib; RHEL,
  // SUSE and Arch use lib64 (the "System search path" of `ld.so --help`).
  std::string triplet = config.platform + "-linux-gnu";
  if (IsDir(system, "/usr/lib/" + triplet)) {
    config.system_dirs = {"/lib/" + triplet, "/usr/lib/" + triplet, "/lib", "/usr/lib"};
    config.lib_token = "lib/" + triplet;
  } else {
    config.system_dirs = {"/lib64", "/usr/lib64"};
    config.lib_token = "lib64";
  }
  return config;
}

Result<DependencyTree> ResolveDependencies(System& system, const LoaderConfig& config, const std::string& root_path) {
  ElfFile root = ReadElfFile(system, root_path, config.elf_cache.get());
  if (!root.elf) return root.elf.error();
  DependencyTree tree;
  tree.root = root_path;
  tree.root_elf = *root.elf;
  std::vector<Loaded> loaded = {{root_path, *root.elf, -1, false}};
  std::map<std::string, size_t> by_name;  // sonames and needed names already satisfied
  std::set<std::string> by_path = {root_path};
  std::set<std::string> missing;  // searched once, like ldd; each further needer is recorded
  if (!root.elf->soname.empty()) by_name[root.elf->soname] = 0;
  auto need = [&](size_t index, const std::string& name, bool dlopen) {
    if (by_name.count(name)) return;
    Resolution resolution{name, loaded[index].path, "", "", {}, {}, ChainOf(loaded, index), dlopen || loaded[index].via_dlopen};
    if (missing.count(name)) {
      tree.resolutions.push_back(std::move(resolution));
      return;
    }
    auto found = Search(system, config, loaded, static_cast<int>(index), name, resolution);
    if (!found) {
      missing.insert(name);
    } else {
      resolution.path = found->path;
      if (by_path.insert(found->path).second) {
        std::string soname = found->elf.soname;
        loaded.push_back({found->path, std::move(found->elf), static_cast<int>(index), resolution.dlopen});
        by_name[name] = loaded.size() - 1;
        if (!soname.empty()) by_name.emplace(soname, loaded.size() - 1);
      } else {
        auto same = std::find_if(loaded.begin(), loaded.end(), [&](const Loaded& l) { return l.path == found->path; });
        by_name[name] = static_cast<size_t>(same - loaded.begin());
      }
    }
    tree.resolutions.push_back(std::move(resolution));
  };
  auto walk = [&](size_t from) {
    for (size_t index = from; index < loaded.size() && loaded.size() < kMaxObjects; ++index) {
      std::vector<std::string> needed = loaded[index].elf.needed;  // copy: `loaded` grows in need()
      for (const auto& name : needed) need(index, name, false);
    }
  };
  walk(0);  // the DT_NEEDED closure, breadth first: exactly what ldd lists
  // Then what those objects dlopen (at run time, after the closure is loaded), and its closure.
  for (size_t scanned = 0; scanned < loaded.size() && loaded.size() < kMaxObjects && !config.dlopens.empty();) {
    size_t end = loaded.size();
    for (; scanned < end; ++scanned) {
      for (const auto& name : DlopenNeeds(system, config, loaded[scanned])) need(scanned, name, true);
    }
    walk(end);
  }
  if (loaded.size() >= kMaxObjects) tree.problems.push_back("stopped after " + std::to_string(kMaxObjects) + " objects");
  CheckVersions(loaded, by_name, tree);
  return tree;
}

std::vector<std::string> SonameStrings(std::string_view bytes, const std::vector<std::string>& stems) {
  std::vector<std::string> versioned, bare;
  auto add = [](std::vector<std::string>& list, std::string name) {
    if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(std::move(name));
  };
  for (const auto& stem : stems) {
    std::string head = stem + ".so";
    for (size_t at = bytes.find(head); at != std::string_view::npos; at = bytes.find(head, at + 1)) {
      if (at > 0 && bytes[at - 1] != '\0' && bytes[at - 1] != '/') continue;
      size_t end = at + head.size();
      if (end < bytes.size() && bytes[end] == '\0') {
        add(bare, head);
        continue;
      }
      if (end + 1 >= bytes.size() || bytes[end] != '.' || !std::isdigit(static_cast<unsigned char>(bytes[end + 1]))) continue;
      size_t stop = bytes.find_first_not_of("0123456789.", end + 1);
      if (stop == std::string_view::npos || bytes[stop] != '\0' || bytes[stop - 1] == '.') continue;
      add(versioned, std::string(bytes.substr(at, stop - at)));
    }
  }
  return versioned.empty() ? bare : versioned;
}

std::vector<std::string> DlopenNamesIn(System& system, const std::string& path, const std::vector<std::string>& stems) {
  auto info = system.Stat(path);
  if (!info) return {};
  auto header = system.ReadFileRange(path, 0, 64);
  if (!header) return {};
  auto where = LocateElfSectionTable(*header, info->size);
  if (!where || where->shnum * where->shentsize > kMaxSectionTable) return {};
  auto table = system.ReadFileRange(path, where->shoff, where->shnum * where->shentsize);
  if (!table) return {};
  auto names_at = ElfNameTableSection(*table, *where, info->size);
  if (!names_at) return {};
  auto names = system.ReadFileRange(path, names_at->offset, std::min<uint64_t>(names_at->size, kMaxSectionNames));
  if (!names) return {};
  auto sections = ParseElfSectionTable(*table, *where, *names, info->size);
  if (!sections) return {};
  for (const auto& s : *sections) {
    if (s.name != ".rodata") continue;
    auto bytes = system.ReadFileRange(path, s.offset, std::min<uint64_t>(s.size, kMaxRodata));
    if (bytes) return SonameStrings(*bytes, stems);
  }
  return {};
}

}  // namespace rd
