// Frameworks section: which gfx targets the math libraries ship kernels for: rocBLAS Tensile
// libraries (pitfalls.md #10; ROCBLAS_TENSILE_LIBPATH honoured, as rocBLAS does), hipBLASLt
// (HIPBLASLT_TENSILE_LIBPATH) and MIOpen's kernel databases.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/kpack_source.h"
#include "parsers/gfx_names.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kRocmLibsFacts = {
    {"frameworks.libraries_scanned", "bool", "The math-library scan ran"},
    {"frameworks.rocblas.dir", "string", "rocBLAS Tensile library directory examined"},
    {"frameworks.rocblas.source", "string", "ROCBLAS_TENSILE_LIBPATH or the install it belongs to"},
    {"frameworks.rocblas.gfx_targets", "array", "gfx targets with TensileLibrary files"},
    {"frameworks.hipblaslt.dir", "string", "hipBLASLt library directory examined"},
    {"frameworks.hipblaslt.source", "string", "HIPBLASLT_TENSILE_LIBPATH or the directory it was found in"},
    {"frameworks.hipblaslt.gfx_targets", "array", "gfx targets with hipBLASLt kernel files"},
    {"frameworks.miopen.dir", "string", "MIOpen kernel database directory examined"},
    {"frameworks.miopen.source", "string", "The kernel database directory it was found in"},
    {"frameworks.miopen.gfx_targets", "array", "gfx targets with MIOpen kernel databases (*.kdb)"},
    // TheRock kpack (issue 15): the host library's device code lives in .kpack archives.
    {"frameworks.rocblas.kpack.host_lib", "string", "Host library whose device code is in kpack archives (HIPK wrappers, .rocm_kpack_ref)"},
    {"frameworks.rocblas.kpack.archives", "array", "kpack archives whose table of contents was read"},
    {"frameworks.rocblas.kpack.gfx_targets", "array", "gfx processors with code objects in those archives"},
    {"frameworks.rocblas.kpack.code_objects", "array", "Full target ids in those archives (gfx942:xnack-, gfx11-generic)"},
    {"frameworks.rocblas.kpack.problems", "array", "Archives or markers that could not be read, and why"},
    {"frameworks.hipblaslt.kpack.host_lib", "string", "Host library whose device code is in kpack archives (HIPK wrappers, .rocm_kpack_ref)"},
    {"frameworks.hipblaslt.kpack.archives", "array", "kpack archives whose table of contents was read"},
    {"frameworks.hipblaslt.kpack.gfx_targets", "array", "gfx processors with code objects in those archives"},
    {"frameworks.hipblaslt.kpack.code_objects", "array", "Full target ids in those archives (gfx942:xnack-, gfx11-generic)"},
    {"frameworks.hipblaslt.kpack.problems", "array", "Archives or markers that could not be read, and why"},
    {"frameworks.miopen.kpack.host_lib", "string", "Host library whose device code is in kpack archives (HIPK wrappers, .rocm_kpack_ref)"},
    {"frameworks.miopen.kpack.archives", "array", "kpack archives whose table of contents was read"},
    {"frameworks.miopen.kpack.gfx_targets", "array", "gfx processors with code objects in those archives"},
    {"frameworks.miopen.kpack.code_objects", "array", "Full target ids in those archives (gfx942:xnack-, gfx11-generic)"},
    {"frameworks.miopen.kpack.problems", "array", "Archives or markers that could not be read, and why"},
};


struct LibSpec {
  const char* root;          ///< "frameworks.rocblas"
  const char* env;           ///< Variable that redirects the search, or nullptr.
  std::vector<std::string> dirs;
  bool (*wanted)(const std::string& name);
};

bool TensileFile(const std::string& name) { return StartsWith(name, "TensileLibrary") || StartsWith(name, "Kernels.so"); }
bool HipblasltFile(const std::string& name) {
  return EndsWith(name, ".co") || EndsWith(name, ".hsaco") || EndsWith(name, ".dat") || EndsWith(name, ".yaml");
}
bool KdbFile(const std::string& name) { return EndsWith(name, ".kdb") || EndsWith(name, ".kdb.bz2"); }

std::vector<std::string> InstallRoots(CollectContext& context) {
  std::vector<std::string> roots;
  if (auto rocm = context.system.GetEnv("ROCM_PATH"); rocm && StartsWith(*rocm, "/")) roots.push_back(*rocm);
  roots.push_back("/opt/rocm");
  return roots;
}

// Debian installs rocBLAS in versioned directories (/usr/lib/x86_64-linux-gnu/rocblas/4.4.1/library)
// but hipBLASLt without the version level (/usr/lib/x86_64-linux-gnu/hipblaslt/library;
// debian-sid-rocm/SUMMARY.md D5: the scan looked in …/hipblaslt/library/library).
void AddDebianDirs(CollectContext& context, const std::string& lib, std::vector<std::string>& dirs) {
  std::string base = "/usr/lib/x86_64-linux-gnu/" + lib;
  dirs.push_back(base + "/library");
  for (const auto& version : context.system.ListDir(base).value_or({})) {
    if (version != "library") dirs.push_back(base + "/" + version + "/library");
  }
}

void ScanLib(CollectContext& context, Facts& facts, const LibSpec& spec) {
  std::string root = spec.root;
  std::vector<std::pair<std::string, std::string>> candidates;
  if (spec.env) {
    if (auto value = context.system.GetEnv(spec.env); value && !value->empty()) {
      // The library searches only there when the variable is set; a stale value is the bug.
      candidates.push_back({*value, spec.env});
    }
  }
  if (candidates.empty()) {
    for (const auto& dir : spec.dirs) candidates.push_back({dir, dir});
  }
  for (const auto& [dir, source] : candidates) {
    auto entries = context.system.ListDir(dir);
    if (!entries) {
      if (spec.env && source == spec.env) {
        facts.Set(root + ".dir", dir, {"env", std::string(spec.env) + "=" + dir});
        facts.Set(root + ".source", source);
        facts.Set(root + ".gfx_targets", nlohmann::json::array(), {"env", entries.error().message});
        return;
      }
      continue;
    }
    std::set<std::string> gfx;
    for (const auto& name : *entries) {
      if (!spec.wanted(name)) continue;
      if (auto g = ExtractGfx(name)) gfx.insert(*g);
    }
    facts.Set(root + ".dir", dir, FileEvidence(dir));
    facts.Set(root + ".source", source);
    facts.Set(root + ".gfx_targets", std::vector<std::string>(gfx.begin(), gfx.end()),
              FileEvidence(dir, fmt::format("{} entries", entries->size())));
    return;
  }
  // Not installed: the subtree stays NotPresent (a definite "no such library"), not unknown.
}

// The first library file named `stem`* in ROOT/lib of each install; facts only when it is kpack-split.
void ScanKpackLib(CollectContext& context, Facts& facts, const std::vector<std::string>& roots, const std::string& stem,
                  const std::string& root) {
  for (const auto& r : roots) {
    auto names = context.system.ListDir(r + "/lib").value_or({});
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
      if (!StartsWith(name, stem)) continue;
      std::string lib = r + "/lib/" + name;
      KpackSource source = ScanKpackSource(context, lib);
      if (source.split) SetKpackFacts(facts, root, lib, source);
      return;
    }
  }
}

void CollectRocmLibs(CollectContext& context, Facts& facts) {
  LibSpec rocblas{"frameworks.rocblas", "ROCBLAS_TENSILE_LIBPATH", {}, TensileFile};
  LibSpec hipblaslt{"frameworks.hipblaslt", "HIPBLASLT_TENSILE_LIBPATH", {}, HipblasltFile};
  LibSpec miopen{"frameworks.miopen", nullptr, {}, KdbFile};
  for (const auto& r : InstallRoots(context)) {
    rocblas.dirs.push_back(r + "/lib/rocblas/library");
    hipblaslt.dirs.push_back(r + "/lib/hipblaslt/library");
    miopen.dirs.push_back(r + "/share/miopen/db");
  }
  AddDebianDirs(context, "rocblas", rocblas.dirs);
  AddDebianDirs(context, "hipblaslt", hipblaslt.dirs);
  facts.Set("frameworks.libraries_scanned", true);
  for (const auto* spec : {&rocblas, &hipblaslt, &miopen}) ScanLib(context, facts, *spec);
  auto roots = InstallRoots(context);
  ScanKpackLib(context, facts, roots, "librocblas.so", "frameworks.rocblas.kpack");
  ScanKpackLib(context, facts, roots, "libhipblaslt.so", "frameworks.hipblaslt.kpack");
  ScanKpackLib(context, facts, roots, "libMIOpen.so", "frameworks.miopen.kpack");
}

}  // namespace

Collector RocmLibsCollector() { return {"rocm_libs", "frameworks", CollectRocmLibs, &kRocmLibsFacts}; }

}  // namespace rd
