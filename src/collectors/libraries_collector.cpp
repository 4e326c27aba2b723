// Libraries section: resolve the key ROCm libraries' dependencies the way ld.so does (no code
// executed), report missing files, wrong-architecture files, soname majors and symbol-version
// needs, then ask the loader itself in a child process, and find bundled HIP runtimes.
// pitfalls.md #21, #27, #35, #36, #47.
#include <algorithm>
#include <map>
#include <set>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/dlopen_child.h"
#include "collectors/library_resolver.h"
#include "collectors/python_bundles.h"
#include "collectors/rocm_roots.h"
#include "parsers/os_release.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kLibraryFacts = {
    {"libs.loader.ld_library_path", "array", "LD_LIBRARY_PATH entries"},
    {"libs.loader.cache_entries", "int", "Entries in /etc/ld.so.cache"},
    {"libs.loader.conf_dirs", "array", "Directories listed by /etc/ld.so.conf and its includes"},
    {"libs.loader.conf_missing_dirs", "array", "ld.so.conf directories that do not exist"},
    {"libs.checked", "array", "Each key ROCm library file found, resolved like ld.so"},
    {"libs.checked_count", "int", "Number of entries in libs.checked"},
    {"libs.closure_objects", "int", "Distinct files in the dependency closures of every checked library"},
    {"libs.checked.name", "string", "File name (soname form, libamdhip64.so.5)"},
    {"libs.checked.path", "string", "Where it is"},
    {"libs.checked.requested", "bool", "Named with check --lib"},
    {"libs.checked.error", "string", "Why the file could not be examined (open, ELF read)"},
    {"libs.checked.loader_visible", "bool", "A plain program asking for this name gets this file"},
    {"libs.checked.loader_path", "string", "What the loader finds for this name ('' when nothing)"},
    {"libs.checked.soname", "string", "DT_SONAME"},
    {"libs.checked.machine", "string", "ELF machine (x86-64 …) and class"},
    {"libs.checked.needed", "array", "DT_NEEDED entries"},
    {"libs.checked.resolved", "array", "Each DT_NEEDED entry of the file"},
    {"libs.checked.resolved.name", "string", "The needed name"},
    {"libs.checked.resolved.path", "string", "Where it resolves ('' when not found)"},
    {"libs.checked.resolved.via", "string", "RPATH, LD_LIBRARY_PATH, RUNPATH, ld.so.cache or system dirs"},
    {"libs.checked.missing", "array", "Needed libraries (whole DT_NEEDED closure, as ldd) that resolve nowhere"},
    {"libs.checked.dlopen_missing", "array", "Libraries it (or its closure) loads with dlopen that resolve nowhere"},
    {"libs.checked.closure_size", "int", "Files in its dependency closure (itself excluded)"},
    {"libs.checked.version_missing", "array", "'file version' symbol versions not provided"},
    {"libs.checked.rejected", "array", "Candidate files the loader would skip (wrong class/machine, not ELF)"},
    {"libs.checked.dlopen_ok", "bool", "dlopen of the name succeeded in a child process"},
    {"libs.checked.dlopen_error", "string", "dlerror() text of that dlopen"},
    {"libs.missing", "array", "Every needed library that resolves nowhere, one entry per name"},
    {"libs.missing.name", "string", "The DT_NEEDED (or dlopen) name"},
    {"libs.missing.needed_by", "string", "Which files need it (comma-separated)"},
    {"libs.missing.needers", "array", "Each file that needs it"},
    {"libs.missing.checked_by", "array", "Checked libraries whose closure it breaks"},
    {"libs.missing.chain", "string", "How the walk got there: checked lib → … → needer → name"},
    {"libs.missing.chains", "array", "One such chain per needer"},
    {"libs.missing.dlopen", "bool", "Only reached through a dlopen (ldd does not list it)"},
    {"libs.missing.requested_only", "bool", "Only libraries named with --lib need it"},
    {"libs.missing.package", "string", "Package that ships it on this distribution (dpkg database or rules data)"},
    {"libs.missing.fix_command", "string", "The command that installs it here ('' when not known)"},
    {"libs.missing.root", "string", "ROCm install that holds a file of that name"},
    {"libs.missing.elsewhere", "string", "A file of that name outside the loader's search path, if any"},
    {"libs.missing.elsewhere_dir", "string", "The directory of that file ('' when none): what to put on the loader path"},
    {"libs.missing.other_majors", "string", "Same library with another soname major that exists"},
    {"libs.missing_count", "int", "Number of entries in libs.missing"},
    {"libs.unreachable", "array", "Key library names present in a ROCm install that the loader does not find"},
    {"libs.unreachable.name", "string", "Soname"},
    {"libs.unreachable.path", "string", "Where the file is"},
    {"libs.soname_mismatch", "array", "Needed sonames absent while another major is installed"},
    {"libs.soname_mismatch.name", "string", "Needed soname (libamdhip64.so.5)"},
    {"libs.soname_mismatch.needed_by", "string", "Which file needs it"},
    {"libs.soname_mismatch.available", "string", "What is installed instead (libamdhip64.so.6 in /opt/rocm/lib)"},
    {"libs.version_missing", "array", "Symbol versions needed but not provided by the resolved file"},
    {"libs.version_missing.needed_by", "string", "File needing the version"},
    {"libs.version_missing.file", "string", "Needed soname (libstdc++.so.6)"},
    {"libs.version_missing.file_path", "string", "The file it resolved to"},
    {"libs.version_missing.version", "string", "GLIBCXX_3.4.32 …"},
    {"libs.hip_runtimes", "array", "Copies of libamdhip64/libhsa-runtime64 on the machine"},
    {"libs.hip_runtimes.path", "string", "File"},
    {"libs.hip_runtimes.origin", "string", "system or python"},
    {"libs.hip_runtimes.package", "string", "Python package bundling it"},
    {"libs.bundled_hip_runtime_count", "int", "HIP runtime copies inside Python packages"},
    {"libs.bundled_packages", "string", "Python packages bundling a HIP runtime"},
    {"libs.system_hip_runtime", "string", "libamdhip64 the loader finds"},
    {"libs.dlopen_error", "string", "Why the dlopen child gave no verdict"},
};

std::vector<std::string> DataList(CollectContext& context, const char* key) { return DataStrings(context.data, "rocm_libraries", key); }

/// "libamdhip64.so.5" and only that form (a soname: stem, ".so.", digits and dots).
bool IsSonameOf(const std::string& name, const std::string& stem) {
  if (!StartsWith(name, stem + ".so.")) return false;
  std::string rest = name.substr(stem.size() + 4);
  return !rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0])) && rest.find_first_not_of("0123456789") == std::string::npos;
}

std::string Stem(const std::string& soname) { return soname.substr(0, soname.find(".so")); }

std::string BaseName(const std::string& path) { return path.substr(path.rfind('/') + 1); }

std::vector<DlopenRule> DlopenRules(CollectContext& context) {
  std::vector<DlopenRule> rules;
  const nlohmann::json& data = context.data;
  if (!data.contains("rocm_libraries") || !data["rocm_libraries"].contains("dlopen")) return rules;
  for (const auto& row : data["rocm_libraries"]["dlopen"]) {
    if (!row.is_object() || !row.contains("by") || !row["by"].is_string()) continue;
    DlopenRule rule{row["by"].get<std::string>(), {}};
    for (const auto& stem : row.value("loads", nlohmann::json::array())) if (stem.is_string()) rule.loads.push_back(stem.get<std::string>());
    rules.push_back(std::move(rule));
  }
  return rules;
}

struct Scan {
  LoaderConfig config;
  ElfInfo self;  // the requester a plain program would be: our own class and machine
  std::vector<RocmRoot> roots;
  std::vector<std::string> install_dirs;
  std::vector<std::pair<std::string, std::string>> files;  // (name, path) of key libraries
};

// One entry per file: /lib/x86_64-linux-gnu/x and /usr/lib/x86_64-linux-gnu/x are the same
// file on merged-/usr systems (the cache names one, the install scan the other).
void AddFile(CollectContext& context, Scan& scan, std::set<std::string>& seen, const std::string& name, const std::string& path) {
  if (!seen.insert(Canonicalize(context.system, path)).second) return;
  scan.files.emplace_back(name, path);
}

Scan FindKeyFiles(CollectContext& context, const std::vector<std::string>& stems) {
  Scan scan;
  std::set<std::string> seen;
  scan.config = ReadLoaderConfig(context.system);
  scan.config.dlopens = DlopenRules(context);
  scan.self.elf_class = sizeof(void*) == 8 ? 64 : 32;
  scan.self.machine = 62;  // x86-64: the only architecture ROCm ships for
  scan.roots = FindRocmRoots(context);
  for (const auto& root : scan.roots) {
    for (const auto& dir : RootLibDirs(context, root)) scan.install_dirs.push_back(dir);
  }
  std::vector<std::string> dirs = scan.install_dirs;
  for (const auto& dir : scan.config.ld_library_path) if (!dir.empty()) dirs.push_back(dir);
  for (const auto& dir : dirs) {
    auto names = context.system.ListDir(dir);
    if (!names) continue;
    for (const auto& name : *names) {
      for (const auto& stem : stems) if (IsSonameOf(name, stem)) AddFile(context, scan, seen, name, dir + "/" + name);
    }
  }
  for (const auto& entry : scan.config.cache) {
    for (const auto& stem : stems) {
      // A stale cache entry (the file is gone) is no library to check: its needers report it.
      if (IsSonameOf(entry.name, stem) && LdCacheEntryMatches(entry, LdCacheRequiredFlags(64, 62)) && context.system.Stat(entry.path)) {
        AddFile(context, scan, seen, entry.name, entry.path);
      }
    }
  }
  for (const auto& path : context.extra_libs) AddFile(context, scan, seen, path.substr(path.rfind('/') + 1), path);
  return scan;
}

/// Another soname major of the same library in the install dirs or the cache.
std::string OtherMajors(const Scan& scan, CollectContext& context, const std::string& name) {
  std::string stem = Stem(name);
  std::set<std::string> found;
  for (const auto& entry : scan.config.cache) {
    if (IsSonameOf(entry.name, stem) && entry.name != name) found.insert(entry.path);
  }
  for (const auto& dir : scan.install_dirs) {
    if (auto names = context.system.ListDir(dir)) {
      for (const auto& n : *names) if (IsSonameOf(n, stem) && n != name) found.insert(dir + "/" + n);
    }
  }
  return Join(std::vector<std::string>(found.begin(), found.end()), ", ");
}

std::string Elsewhere(const Scan& scan, CollectContext& context, const std::string& name) {
  for (const auto& dir : scan.install_dirs) {
    if (PathExists(context, dir + "/" + name).value_or(false)) return dir + "/" + name;
  }
  return "";
}

struct Totals {
  nlohmann::json missing = nlohmann::json::array(), mismatch = nlohmann::json::array();
  nlohmann::json versions = nlohmann::json::array();
  std::map<std::string, size_t> missing_at;  // name -> index in `missing`: one entry per soname
  std::map<std::string, size_t> chain_length;  // name -> links in its shortest chain
  std::set<std::string> seen_mismatch, seen_versions, closure;
};

void AddUnique(nlohmann::json& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

std::string ChainText(const std::vector<std::string>& chain, const std::string& name) {
  std::vector<std::string> names;
  for (const auto& path : chain) names.push_back(BaseName(path));
  names.push_back(name);
  return Join(names, " → ");
}

/// One entry per missing name; each further needer and chain is added to it (issue 15 item 4).
nlohmann::json& MissingEntry(CollectContext& context, const Scan& scan, Totals& totals, const std::string& name) {
  if (auto it = totals.missing_at.find(name); it != totals.missing_at.end()) return totals.missing[it->second];
  std::string elsewhere = Elsewhere(scan, context, name);
  std::string root = elsewhere.empty() ? "" : OwningRoot(scan.roots, Canonicalize(context.system, elsewhere));
  totals.missing_at[name] = totals.missing.size();
  totals.missing.push_back({{"name", name}, {"needed_by", ""}, {"needers", nlohmann::json::array()},
                            {"checked_by", nlohmann::json::array()}, {"chain", ""}, {"chains", nlohmann::json::array()},
                            {"dlopen", true}, {"requested_only", true}, {"elsewhere", elsewhere},
                            {"elsewhere_dir", elsewhere.substr(0, elsewhere.empty() ? 0 : elsewhere.rfind('/'))},
                            {"other_majors", OtherMajors(scan, context, name)}, {"root", root}});
  return totals.missing.back();
}

void AddNeeder(nlohmann::json& entry, const std::string& needer, const std::string& checked, bool requested) {
  AddUnique(entry["needers"], needer);
  std::vector<std::string> needers;
  for (const auto& n : entry["needers"]) needers.push_back(n.get<std::string>());
  entry["needed_by"] = Join(needers, ", ");
  if (!checked.empty()) AddUnique(entry["checked_by"], checked);
  if (!requested) entry["requested_only"] = false;
}

// Which package manager this machine has, from /etc/os-release's ID and ID_LIKE.
std::string PackageManager(CollectContext& context) {
  auto text = context.system.ReadFile("/etc/os-release", 64 << 10);
  if (!text) text = context.system.ReadFile("/usr/lib/os-release", 64 << 10);
  if (!text) return "";
  OsRelease os = ParseOsRelease(*text);
  std::string ids = " " + os.fields["ID"] + " " + os.fields["ID_LIKE"] + " ";
  auto has = [&](std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return ids.find(std::string(" ") + n + " ") != std::string::npos; });
  };
  if (has({"debian", "ubuntu"})) return "apt";
  if (has({"fedora", "rhel", "centos", "rocky", "almalinux", "ol", "amzn"})) return "dnf";
  if (has({"suse", "opensuse", "sles", "opensuse-leap", "opensuse-tumbleweed"})) return "zypper";
  if (has({"arch", "manjaro", "cachyos", "endeavouros"})) return "pacman";
  return "";
}

// The installed package whose file list names each soname: a file deleted under dpkg's feet
// comes back with --reinstall (the libelf → libz case of issue 15). Read only when something is
// missing; bounded for a hostile database.
std::map<std::string, std::string> DpkgOwners(CollectContext& context, const std::set<std::string>& names) {
  constexpr size_t kMaxLists = 20000;
  std::map<std::string, std::string> owners;
  const std::string dir = "/var/lib/dpkg/info";
  auto entries = context.system.ListDir(dir);
  if (!entries) return owners;
  size_t read = 0;
  for (const auto& file : *entries) {
    if (!EndsWith(file, ".list") || ++read > kMaxLists || owners.size() == names.size()) continue;
    auto text = context.system.ReadFile(dir + "/" + file, 16u << 20);
    if (!text) continue;
    std::string package = file.substr(0, file.size() - 5);
    package = package.substr(0, package.find(':'));  // zlib1g:amd64 -> zlib1g
    for (const auto& line : Split(*text, '\n')) {
      std::string base = BaseName(line);
      if (names.count(base) && line.find('/') != std::string::npos) owners.emplace(base, package);
    }
  }
  return owners;
}

std::string InstallCommand(const std::string& manager, const std::string& package, bool reinstall) {
  if (manager == "apt") return std::string("sudo apt install ") + (reinstall ? "--reinstall " : "") + package;
  if (manager == "dnf") return std::string("sudo dnf ") + (reinstall ? "reinstall " : "install ") + package;
  if (manager == "zypper") return std::string("sudo zypper install ") + (reinstall ? "--force " : "") + package;
  if (manager == "pacman") return "sudo pacman -S " + package;
  return "";
}

/// The exact fix for a missing name on this machine: the package that ships it (issue 15 item 4).
/// A name installed elsewhere (a ROCm root off the loader path) needs a path fix, not a package.
void FillPackages(CollectContext& context, Totals& totals) {
  std::set<std::string> wanted;
  for (const auto& entry : totals.missing) {
    if (entry["elsewhere"].get<std::string>().empty()) wanted.insert(entry["name"].get<std::string>());
  }
  if (wanted.empty()) return;
  std::string manager = PackageManager(context);
  std::map<std::string, std::string> owners = manager == "apt" ? DpkgOwners(context, wanted) : std::map<std::string, std::string>{};
  const nlohmann::json& data = context.data;
  const nlohmann::json provides = data.contains("rocm_libraries") ? data["rocm_libraries"].value("provides", nlohmann::json::array())
                                                                   : nlohmann::json::array();
  for (auto& entry : totals.missing) {
    std::string name = entry["name"].get<std::string>();
    if (!wanted.count(name)) continue;
    std::string package;
    bool reinstall = false;
    if (auto it = owners.find(name); it != owners.end()) {
      package = it->second;
      reinstall = true;
    }
    for (const auto& row : provides) {
      if (!package.empty() || manager.empty()) break;
      if (row.is_object() && row.value("soname", "") == name && row.contains(manager) && row[manager].is_string()) {
        package = row[manager].get<std::string>();
      }
    }
    if (package.empty()) continue;
    entry["package"] = package;
    entry["fix_command"] = InstallCommand(manager, package, reinstall);
  }
}

nlohmann::json CheckFile(CollectContext& context, const Scan& scan, const std::string& name, const std::string& path,
                         bool requested, Totals& totals) {
  Resolution loader = FindLibrary(context.system, scan.config, name, scan.self);
  nlohmann::json entry = {{"name", name}, {"path", path}, {"loader_path", loader.path},
                          {"loader_visible", !loader.path.empty() &&
                                                 Canonicalize(context.system, loader.path) == Canonicalize(context.system, path)}};
  auto tree = ResolveDependencies(context.system, scan.config, path);
  if (!tree) {
    entry["error"] = tree.error().message;
    return entry;
  }
  entry["soname"] = tree->root_elf.soname;
  entry["machine"] = ElfMachineName(tree->root_elf.machine) + " " + std::to_string(tree->root_elf.elf_class) + "-bit";
  entry["needed"] = tree->root_elf.needed;
  nlohmann::json resolved = nlohmann::json::array(), missing = nlohmann::json::array(), rejected = nlohmann::json::array();
  nlohmann::json dlopen_missing = nlohmann::json::array();
  std::set<std::string> closure;
  for (const auto& r : tree->resolutions) {
    if (r.needed_by == path && !r.dlopen) resolved.push_back({{"name", r.name}, {"path", r.path}, {"via", r.via}});
    for (const auto& why : r.rejected) rejected.push_back(why);
    if (!r.path.empty()) {
      closure.insert(Canonicalize(context.system, r.path));
      continue;
    }
    AddUnique(r.dlopen ? dlopen_missing : missing, r.name);
    nlohmann::json& total = MissingEntry(context, scan, totals, r.name);
    AddNeeder(total, r.needed_by, path, requested);
    std::string chain = ChainText(r.chain, r.name);
    AddUnique(total["chains"], chain);
    // The shortest chain reads best ("libelf.so.1 → libz.so.1" before a five-link one).
    auto shortest = totals.chain_length.find(r.name);
    if (shortest == totals.chain_length.end() || r.chain.size() < shortest->second) {
      totals.chain_length[r.name] = r.chain.size();
      total["chain"] = chain;
    }
    if (!r.dlopen) total["dlopen"] = false;
    std::string others = total["other_majors"].get<std::string>();
    if (!others.empty() && totals.seen_mismatch.insert(r.name + "|" + r.needed_by).second) {
      totals.mismatch.push_back({{"name", r.name}, {"needed_by", r.needed_by}, {"available", others}});
    }
  }
  for (const auto& object : closure) totals.closure.insert(object);
  for (const auto& gone : missing) {
    auto it = std::find(dlopen_missing.begin(), dlopen_missing.end(), gone);
    if (it != dlopen_missing.end()) dlopen_missing.erase(it);
  }
  nlohmann::json versions = nlohmann::json::array();
  for (const auto& v : tree->version_problems) {
    versions.push_back(v.file + " " + v.version);
    if (totals.seen_versions.insert(v.needed_by + v.file + v.version).second) {
      totals.versions.push_back({{"needed_by", v.needed_by}, {"file", v.file}, {"file_path", v.file_path}, {"version", v.version}});
    }
  }
  entry["resolved"] = resolved;
  entry["missing"] = missing;
  entry["dlopen_missing"] = dlopen_missing;
  entry["closure_size"] = static_cast<int>(closure.size());
  entry["rejected"] = rejected;
  entry["version_missing"] = versions;
  return entry;
}

void CollectLoaderConfig(CollectContext& context, Facts& facts, const LoaderConfig& config) {
  facts.Set("libs.loader.ld_library_path", config.ld_library_path, {"env", "LD_LIBRARY_PATH"});
  if (config.cache_error.empty()) facts.Set("libs.loader.cache_entries", static_cast<int>(config.cache.size()), FileEvidence("/etc/ld.so.cache"));
  else facts.MarkAbsent("libs.loader.cache_entries", config.cache_error);
  facts.Set("libs.loader.conf_dirs", config.conf_dirs, FileEvidence("/etc/ld.so.conf"));
  nlohmann::json absent = nlohmann::json::array();
  for (const auto& dir : config.conf_dirs) if (!PathExists(context, dir).value_or(true)) absent.push_back(dir);
  facts.Set("libs.loader.conf_missing_dirs", absent, FileEvidence("/etc/ld.so.conf"));
}

void CollectBundles(CollectContext& context, Facts& facts, const Scan& scan, const std::string& system_hip) {
  std::vector<std::string> stems = DataList(context, "hip_runtimes");
  nlohmann::json runtimes = nlohmann::json::array();
  for (const auto& [name, path] : scan.files) {
    for (const auto& stem : stems) if (IsSonameOf(name, stem)) runtimes.push_back({{"path", path}, {"origin", "system"}, {"package", ""}});
  }
  auto bundles = FindPythonBundles(context, stems, DataList(context, "python_bundle_dirs"));
  std::set<std::string> packages;
  for (const auto& b : bundles) {
    runtimes.push_back({{"path", b.path}, {"origin", "python"}, {"package", b.package}});
    packages.insert(b.package);
  }
  facts.Set("libs.hip_runtimes", runtimes, {"site-packages scan", ""});
  facts.Set("libs.bundled_hip_runtime_count", static_cast<int>(bundles.size()));
  facts.Set("libs.bundled_packages", Join(std::vector<std::string>(packages.begin(), packages.end()), ", "));
  if (!system_hip.empty()) facts.Set("libs.system_hip_runtime", system_hip);
}

void CollectLibraries(CollectContext& context, Facts& facts) {
  std::vector<std::string> stems = DataList(context, "key");
  for (const auto& stem : DataList(context, "closure")) stems.push_back(stem);
  if (stems.empty()) {
    facts.MarkAbsent("libs", "rules/data/rocm_libraries.toml has no 'key' list");
    return;
  }
  Scan scan = FindKeyFiles(context, stems);
  CollectLoaderConfig(context, facts, scan.config);
  Totals totals;
  nlohmann::json checked = nlohmann::json::array(), unreachable = nlohmann::json::array();
  std::vector<std::string> dlopen_names;
  std::string system_hip;
  std::vector<std::string> key_stems = DataList(context, "key");
  for (const auto& [name, path] : scan.files) {
    // ux-review U6: a library named with --lib is the user's question: what is wrong with it is
    // a finding (lib.requested-*), not a fact only the JSON shows.
    bool requested = std::find(context.extra_libs.begin(), context.extra_libs.end(), path) != context.extra_libs.end();
    nlohmann::json entry = CheckFile(context, scan, name, path, requested, totals);
    std::string loader_path = entry.value("loader_path", "");
    if (loader_path.empty() && name.find('/') == std::string::npos && !entry.contains("error")) {
      unreachable.push_back({{"name", name}, {"path", path}});
      // Installed but invisible to the loader: what rocminfo hits (pitfalls.md #35).
      nlohmann::json& total = MissingEntry(context, scan, totals, name);
      if (total["elsewhere"].get<std::string>().empty()) {
        total["elsewhere"] = path;
        total["elsewhere_dir"] = path.substr(0, path.rfind('/'));
      }
      AddNeeder(total, "programs linked against it", "", false);
      total["dlopen"] = false;
    }
    if (system_hip.empty() && IsSonameOf(name, "libamdhip64") && !loader_path.empty()) system_hip = loader_path;
    std::string ask = requested ? path : name;
    // The closure-only libraries (comgr, the math libraries) are resolved, not loaded: dlopen of
    // libamd_comgr alone maps libLLVM (issue 15 item 4).
    // a named copy: clang before 16 cannot capture a structured binding in a lambda (the fuzz build)
    const std::string& soname = name;
    bool key = requested || std::any_of(key_stems.begin(), key_stems.end(), [&](const std::string& stem) { return IsSonameOf(soname, stem); });
    if (key && std::find(dlopen_names.begin(), dlopen_names.end(), ask) == dlopen_names.end()) dlopen_names.push_back(ask);
    if (key) entry["dlopen_name"] = ask;
    entry["requested"] = requested;
    checked.push_back(std::move(entry));
  }
  FillPackages(context, totals);
  if (!context.quick && !dlopen_names.empty()) {
    DlopenVerdicts verdicts = RunDlopenChild(context.system, dlopen_names);
    if (!verdicts.error.empty()) facts.Set("libs.dlopen_error", verdicts.error);
    for (auto& entry : checked) {
      if (!entry.contains("dlopen_name")) continue;
      auto it = verdicts.by_name.find(entry["dlopen_name"].get<std::string>());
      if (it == verdicts.by_name.end()) continue;
      entry["dlopen_ok"] = it->second.loaded;
      entry["dlopen_error"] = it->second.error;
    }
  }
  for (auto& entry : checked) entry.erase("dlopen_name");
  facts.Set("libs.checked", checked, {"ELF read (libelf) + ld.so search order", ""});
  facts.Set("libs.checked_count", static_cast<int>(checked.size()));
  facts.Set("libs.closure_objects", static_cast<int>(totals.closure.size()));
  facts.Set("libs.missing", totals.missing);
  facts.Set("libs.missing_count", static_cast<int>(totals.missing.size()));
  facts.Set("libs.unreachable", unreachable);
  facts.Set("libs.soname_mismatch", totals.mismatch);
  facts.Set("libs.version_missing", totals.versions);
  CollectBundles(context, facts, scan, system_hip);
}

}  // namespace

Collector LibrariesCollector() { return {"libraries", "libraries", CollectLibraries, &kLibraryFacts}; }

}  // namespace rd
