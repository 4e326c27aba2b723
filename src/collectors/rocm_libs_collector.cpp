// Frameworks section: which gfx targets the math libraries ship kernels for: rocBLAS Tensile
// libraries (pitfalls.md #10; ROCBLAS_TENSILE_LIBPATH honoured, as rocBLAS does), hipBLASLt
// (HIPBLASLT_TENSILE_LIBPATH) and MIOpen's kernel databases.
#include <fmt/format.h>

#include <set>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
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
    {"frameworks.hipblaslt.gfx_targets", "array", "gfx targets with hipBLASLt kernel files"},
    {"frameworks.miopen.dir", "string", "MIOpen kernel database directory examined"},
    {"frameworks.miopen.gfx_targets", "array", "gfx targets with MIOpen kernel databases (*.kdb)"},
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

// Debian installs versioned directories: /usr/lib/x86_64-linux-gnu/rocblas/5.3.0/library.
void AddDebianDirs(CollectContext& context, const std::string& lib, std::vector<std::string>& dirs) {
  std::string base = "/usr/lib/x86_64-linux-gnu/" + lib;
  for (const auto& version : context.system.ListDir(base).value_or({})) dirs.push_back(base + "/" + version + "/library");
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
}

}  // namespace

Collector RocmLibsCollector() { return {"rocm_libs", "frameworks", CollectRocmLibs, &kRocmLibsFacts}; }

}  // namespace rd
