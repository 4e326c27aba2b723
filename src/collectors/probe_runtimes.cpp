#include "collectors/probe_runtimes.h"

#include <set>

#include "collectors/collect_util.h"
#include "collectors/library_resolver.h"
#include "collectors/python_bundles.h"
#include "collectors/rocm_roots.h"
#include "system/local_files.h"
#include "util/strings.h"

namespace rd {

namespace {

// The unversioned name first: it is what hipcc links a new program against (its target names
// the major such a program needs); then the majors, newest first (ROCm 7 / Core SDK 10: .so.7).
const std::vector<std::string> kHipNames = {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"};

ProbeRuntime SystemRuntime(CollectContext& context) {
  LoaderConfig config = ReadLoaderConfig(context.system);
  ElfInfo program;  // a plain program of our own class and machine, without RPATH/RUNPATH
  program.elf_class = sizeof(void*) == 8 ? 64 : 32;
  program.machine = 62;
  for (const auto& name : kHipNames) {
    Resolution found = FindLibrary(context.system, config, name, program);
    if (!found.path.empty()) return {Canonicalize(context.system, found.path), "loader", ""};
  }
  // Not on the loader path (pitfalls.md #35): hipcc-built programs with a RUNPATH still reach it.
  for (const auto& root : FindRocmRoots(context)) {
    for (const auto& dir : RootLibDirs(context, root)) {
      for (const auto& name : kHipNames) {
        if (PathExists(context, dir + "/" + name).value_or(false)) return {Canonicalize(context.system, dir + "/" + name), "rocm-root", ""};
      }
    }
  }
  return {"", "", ""};
}

bool IsHipRuntimeName(const std::string& path) {
  std::string name = path.substr(path.rfind('/') + 1);
  return StartsWith(name, "libamdhip64");
}

}  // namespace

std::vector<ProbeRuntime> ChooseProbeRuntimes(CollectContext& context) {
  std::vector<ProbeRuntime> runtimes = {SystemRuntime(context)};
  std::set<std::string> seen = {runtimes.front().path};
  auto bundles = FindPythonBundles(context, {"libamdhip64"}, DataStrings(context.data, "rocm_libraries", "python_bundle_dirs"));
  for (const auto& bundle : bundles) {
    if (!IsHipRuntimeName(bundle.path)) continue;
    std::string real = Canonicalize(context.system, bundle.path);
    if (!seen.insert(real).second) continue;
    runtimes.push_back({real, "python", bundle.package});
  }
  return runtimes;
}

ProbeJit FindProbeJit(CollectContext& context) {
  ProbeJit jit;
  if (auto hipcc = context.system.FindProgram("hipcc")) jit.hipcc = *hipcc;
  std::string exe = ExecutablePath();
  std::vector<std::string> sources;
  if (auto slash = exe.rfind('/'); slash != std::string::npos) sources.push_back(exe.substr(0, slash) + "/../share/rocm-doctor/probes/kernels.hip");
  sources.push_back(std::string(ROCM_DOCTOR_SOURCE_DIR) + "/probes/kernels.hip");
  for (const auto& path : sources) {
    // The doctor's own file (not the diagnosed system's): read through local_files.
    if (ReadLocalFile(path, 1 << 20)) {
      jit.kernel_source = path;
      break;
    }
  }
  // $XDG_CACHE_HOME/rocm-doctor, else ~/.cache/rocm-doctor (the XDG base directory default).
  if (auto xdg = context.system.GetEnv("XDG_CACHE_HOME"); xdg && StartsWith(*xdg, "/")) jit.cache_dir = *xdg + "/rocm-doctor";
  else if (auto home = context.system.GetEnv("HOME"); home && StartsWith(*home, "/")) jit.cache_dir = *home + "/.cache/rocm-doctor";
  return jit;
}

}  // namespace rd
