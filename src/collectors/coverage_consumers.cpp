#include "collectors/coverage_consumers.h"

#include <algorithm>
#include <set>

#include "collectors/device_code.h"
#include "collectors/kpack_source.h"
#include "collectors/python_bundles.h"
#include "parsers/gfx_names.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxPythonLibs = 128;

bool TensileName(const std::string& name) { return StartsWith(name, "TensileLibrary") || StartsWith(name, "Kernels.so"); }
bool HipblasltName(const std::string& name) {
  return EndsWith(name, ".co") || EndsWith(name, ".hsaco") || EndsWith(name, ".dat") || EndsWith(name, ".yaml");
}
bool KdbName(const std::string& name) { return EndsWith(name, ".kdb") || EndsWith(name, ".kdb.bz2"); }
bool SharedLibrary(const std::string& name) { return EndsWith(name, ".so") || name.find(".so.") != std::string::npos; }

struct SetSpec {
  const char* name;
  const char* env;  ///< The variable the library reads its directory from, or nullptr
  std::vector<std::string> dirs;
  bool (*wanted)(const std::string&);
  const char* source;
  const char* host_stem;  ///< Host library whose kpack archives hold the device code
  bool required;
};

std::vector<std::string> InstallRoots(System& system) {
  std::vector<std::string> roots;
  if (auto rocm = system.GetEnv("ROCM_PATH"); rocm && StartsWith(*rocm, "/")) roots.push_back(*rocm);
  for (const char* r : {"/opt/rocm", "/opt/rocm/core"}) {
    if (std::find(roots.begin(), roots.end(), r) == roots.end()) roots.push_back(r);
  }
  return roots;
}

// Debian: /usr/lib/x86_64-linux-gnu/rocblas/4.4.1/library, but hipBLASLt has no version level
// (/usr/lib/x86_64-linux-gnu/hipblaslt/library; debian-sid-rocm/SUMMARY.md D5). Fedora: /usr/lib64.
void AddDistroDirs(System& system, const std::string& lib, std::vector<std::string>& dirs) {
  std::string base = "/usr/lib/x86_64-linux-gnu/" + lib;
  dirs.push_back(base + "/library");
  auto versions = system.ListDir(base).value_or({});
  std::sort(versions.begin(), versions.end());
  for (const auto& v : versions) {
    if (v != "library") dirs.push_back(base + "/" + v + "/library");
  }
  dirs.push_back("/usr/lib64/" + lib + "/library");
}

std::vector<std::string> GfxOfNames(const std::vector<std::string>& names, bool (*wanted)(const std::string&)) {
  std::set<std::string> gfx;
  for (const auto& name : names) {
    if (!wanted(name)) continue;
    if (auto g = ExtractGfx(name)) gfx.insert(*g);
  }
  return {gfx.begin(), gfx.end()};
}

// The first directory that exists: the one the library loads from.
void ScanSet(CollectContext& context, const SetSpec& spec, const std::vector<std::string>& roots, std::vector<Consumer>& out) {
  System& system = context.system;
  std::vector<std::string> dirs = spec.dirs;
  bool from_env = false;
  if (spec.env) {
    if (auto value = system.GetEnv(spec.env); value && !value->empty()) {
      dirs = {*value};
      from_env = true;
    }
  }
  Consumer c{spec.name, "", "math-lib", spec.source};
  c.required = spec.required;
  for (const auto& dir : dirs) {
    auto names = system.ListDir(dir);
    if (!names) {
      // A variable the library obeys, pointing nowhere: nothing loads (a finding, not silence).
      if (from_env) c = Consumer{spec.name, dir, "math-lib", spec.source, {}, {}, {std::string(spec.env) + "=" + dir + ": " + names.error().message}, false, spec.required};
      else continue;
      out.push_back(std::move(c));
      return;
    }
    c.path = dir;
    c.targets = GfxOfNames(*names, spec.wanted);
    break;
  }
  // TheRock: the device code of the host library in kpack archives (and Tensile .co there too).
  for (const auto& r : roots) {
    if (!spec.host_stem) break;
    auto names = system.ListDir(r + "/lib").value_or({});
    std::sort(names.begin(), names.end());
    auto it = std::find_if(names.begin(), names.end(), [&](const std::string& n) { return StartsWith(n, spec.host_stem); });
    if (it == names.end()) continue;
    KpackSource kpack = ScanKpackSource(context, r + "/lib/" + *it);
    if (!kpack.split) break;
    std::set<std::string> all(c.targets.begin(), c.targets.end());
    all.insert(kpack.gfx.begin(), kpack.gfx.end());
    c.targets.assign(all.begin(), all.end());
    c.code_objects = kpack.targets;
    c.problems = kpack.problems;
    c.source = c.path.empty() ? "kpack" : c.source + " + kpack";
    if (c.path.empty()) c.path = r + "/lib/" + *it;
    c.readable = !kpack.archives.empty() || !c.targets.empty();
    break;
  }
  if (!c.path.empty() && (!c.targets.empty() || !c.readable)) out.push_back(std::move(c));
}

Consumer FromFile(CollectContext& context, const std::string& name, const std::string& path, const char* kind) {
  DeviceCode code = ScanDeviceCode(context, path);
  Consumer c{name, path, kind, code.source.empty() ? "none" : code.source, code.gfx, code.targets, code.problems, code.readable};
  return c;
}

void ScanMathLibs(CollectContext& context, std::vector<Consumer>& out) {
  auto roots = InstallRoots(context.system);
  SetSpec rocblas{"rocBLAS", "ROCBLAS_TENSILE_LIBPATH", {}, TensileName, "Tensile set", "librocblas.so", true};
  SetSpec hipblaslt{"hipBLASLt", "HIPBLASLT_TENSILE_LIBPATH", {}, HipblasltName, "Tensile set", "libhipblaslt.so", false};
  SetSpec miopen{"MIOpen", nullptr, {}, KdbName, "MIOpen kdb", "libMIOpen.so", false};
  for (const auto& r : roots) {
    rocblas.dirs.push_back(r + "/lib/rocblas/library");
    hipblaslt.dirs.push_back(r + "/lib/hipblaslt/library");
    miopen.dirs.push_back(r + "/share/miopen/db");
  }
  AddDistroDirs(context.system, "rocblas", rocblas.dirs);
  AddDistroDirs(context.system, "hipblaslt", hipblaslt.dirs);
  miopen.dirs.push_back("/usr/share/miopen/db");
  for (const auto* spec : {&rocblas, &hipblaslt, &miopen}) ScanSet(context, *spec, roots, out);
}

// torch/lib/libtorch_hip.so and the math libraries a ROCm wheel bundles next to it.
void ScanTorch(CollectContext& context, const std::string& site, std::vector<Consumer>& out) {
  std::string lib = site + "/torch/lib";
  auto names = context.system.ListDir(lib);
  if (!names || std::find(names->begin(), names->end(), "libtorch_hip.so") == names->end()) return;
  out.push_back(FromFile(context, "torch", lib + "/libtorch_hip.so", "torch"));
  SetSpec rocblas{"torch's rocBLAS", nullptr, {lib + "/rocblas/library"}, TensileName, "Tensile set", nullptr, true};
  SetSpec hipblaslt{"torch's hipBLASLt", nullptr, {lib + "/hipblaslt/library"}, HipblasltName, "Tensile set", nullptr, false};
  ScanSet(context, rocblas, {}, out);
  ScanSet(context, hipblaslt, {}, out);
}

// Other packages' shared libraries with HIP code (cupy, triton's, a vendored llama-cpp-python …):
// files in the package folder, its lib/ and the auditwheel <pkg>.libs folder; at most kMaxPythonLibs.
void ScanPythonLibs(CollectContext& context, const std::string& site, size_t& budget, std::vector<Consumer>& out) {
  auto packages = context.system.ListDir(site).value_or({});
  std::sort(packages.begin(), packages.end());
  for (const auto& pkg : packages) {
    if (pkg == "torch" || StartsWith(pkg, "torch-") || EndsWith(pkg, "-info") || StartsWith(pkg, "_")) continue;
    for (const std::string& dir : {site + "/" + pkg, site + "/" + pkg + "/lib"}) {
      for (const auto& name : context.system.ListDir(dir).value_or({})) {
        if (!SharedLibrary(name) || budget == 0) continue;
        --budget;
        Consumer c = FromFile(context, name, dir + "/" + name, "python-lib");
        if (c.readable && c.source != "none") out.push_back(std::move(c));
      }
    }
  }
}

void ScanGgml(CollectContext& context, std::vector<Consumer>& out) {
  // Debian's libggml0-backend-hip: /usr/lib/x86_64-linux-gnu/ggml/backends0/libggml-hip.so.
  for (const char* dir : {"/usr/lib/x86_64-linux-gnu/ggml/backends0", "/usr/lib/x86_64-linux-gnu/ggml", "/usr/lib/x86_64-linux-gnu",
                          "/usr/lib64/ggml", "/usr/lib/ggml", "/usr/local/lib/ggml", "/usr/local/lib", "/usr/lib64"}) {
    for (const auto& name : context.system.ListDir(dir).value_or({})) {
      if (StartsWith(name, "libggml-hip.so")) out.push_back(FromFile(context, "ggml-hip", std::string(dir) + "/" + name, "ggml"));
    }
  }
}

// ollama's tarball: lib/ollama/libggml-hip.so (0.6+) or lib/ollama/rocm/… with its own rocBLAS.
void ScanOllama(CollectContext& context, std::vector<Consumer>& out) {
  for (const char* base : {"/usr/lib/ollama", "/usr/local/lib/ollama", "/opt/ollama/lib/ollama"}) {
    auto entries = context.system.ListDir(base);
    if (!entries) continue;
    std::vector<std::string> dirs = {base};
    for (const auto& e : *entries) {
      if (e.find('.') == std::string::npos) dirs.push_back(std::string(base) + "/" + e);
    }
    for (const auto& dir : dirs) {
      for (const auto& name : context.system.ListDir(dir).value_or({})) {
        if (StartsWith(name, "libggml-hip")) out.push_back(FromFile(context, "ollama's ggml-hip", dir + "/" + name, "ollama"));
      }
      SetSpec rocblas{"ollama's rocBLAS", nullptr, {dir + "/rocblas/library"}, TensileName, "Tensile set", nullptr, true};
      ScanSet(context, rocblas, {}, out);
    }
  }
}

void ScanRequested(CollectContext& context, std::vector<Consumer>& out) {
  for (const auto& path : context.extra_libs) {
    auto known = std::find_if(out.begin(), out.end(), [&](const Consumer& c) { return c.path == path; });
    if (known != out.end()) {
      known->requested = true;
      continue;
    }
    std::string name = path.substr(path.rfind('/') + 1);
    Consumer c = FromFile(context, name.empty() ? path : name, path, "user-lib");
    c.requested = true;
    out.push_back(std::move(c));
  }
}

}  // namespace

std::vector<Consumer> FindConsumers(CollectContext& context) {
  std::vector<Consumer> out;
  ScanMathLibs(context, out);
  size_t budget = kMaxPythonLibs;
  std::set<std::string> seen;
  for (const auto& site : PythonSiteDirs(context)) {
    if (!seen.insert(site).second) continue;
    ScanTorch(context, site, out);
    ScanPythonLibs(context, site, budget, out);
  }
  ScanGgml(context, out);
  ScanOllama(context, out);
  ScanRequested(context, out);
  return out;
}

}  // namespace rd
