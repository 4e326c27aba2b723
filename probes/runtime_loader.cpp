// Loads the GPU runtime with dlopen (issue 16): the file the doctor names with --runtime=PATH
// (the libamdhip64 the user's programs load, or the copy bundled with torch), else the usual
// sonames, newest first. A runtime that cannot be loaded is a clean "no-runtime" line naming
// every attempt, never a loader error before main (the .deb's probe linked to
// libamdhip64.so.5 died that way on every ROCm 6+: debian-sid-rocm/rd-probe.txt).
#include <dlfcn.h>
#include <link.h>

#include <climits>
#include <cstdlib>
#include <string>
#include <vector>

#include "runtime_api.h"

namespace probe {

namespace {

RuntimeTable g_table;
void* g_driver = nullptr;  // CUDA: libcuda.so.1 (module API, names, memory)

#ifdef RD_PROBE_CUDA
const std::vector<std::string> kDefaultNames = {"libcudart.so", "libcudart.so.13", "libcudart.so.12",
                                                "/usr/local/cuda/lib64/libcudart.so"};
#else
// Newest major first: a program built today links the newest; ROCm 7 and Core SDK 10.x ship .so.7.
const std::vector<std::string> kDefaultNames = {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6",
                                                "libamdhip64.so.5"};
const std::vector<std::string> kRootLibDirs = {"/opt/rocm/lib", "/opt/rocm/core/lib"};
#endif

std::string RealPathOf(void* handle) {
  link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name) return "";
  char resolved[PATH_MAX];
  return realpath(map->l_name, resolved) ? std::string(resolved) : std::string(map->l_name);
}

template <typename F>
bool Resolve(void* lib, const char* name, F& slot, std::vector<std::string>& missing) {
  slot = reinterpret_cast<F>(dlsym(lib, name));
  if (!slot) missing.push_back(name);
  return slot != nullptr;
}

// Every symbol the probes use must be there: a half-loaded table would crash later.
std::vector<std::string> ResolveTable(void* runtime, void* modules) {
  std::vector<std::string> missing;
#define RD_RESOLVE_RT(hip, cuda, ret, params, args) Resolve(runtime, PLATFORM_NAME(hip, cuda), g_table.hip, missing);
#define RD_RESOLVE_MOD(hip, cuda, ret, params, args) Resolve(modules, PLATFORM_NAME(hip, cuda), g_table.hip, missing);
#ifdef RD_PROBE_CUDA
#define PLATFORM_NAME(hip, cuda) #cuda
#else
#define PLATFORM_NAME(hip, cuda) #hip
#endif
  RD_RUNTIME_FUNCTIONS(RD_RESOLVE_RT)
  RD_MODULE_FUNCTIONS(RD_RESOLVE_MOD)
#undef PLATFORM_NAME
#undef RD_RESOLVE_RT
#undef RD_RESOLVE_MOD
  return missing;
}

std::vector<std::string> Candidates(const std::string& requested) {
  if (!requested.empty()) return {requested};
  std::vector<std::string> names = kDefaultNames;
#ifndef RD_PROBE_CUDA
  if (const char* root = std::getenv("ROCM_PATH"); root && *root) names.push_back(std::string(root) + "/lib/libamdhip64.so");
  for (const auto& dir : kRootLibDirs) names.push_back(dir + "/libamdhip64.so");
#endif
  return names;
}

}  // namespace

const RuntimeTable& Rt() { return g_table; }

const char* PlatformName() {
#ifdef RD_PROBE_CUDA
  return "cuda";
#else
  return "hip";
#endif
}

LoadedRuntime LoadRuntime(const std::string& requested) {
  LoadedRuntime loaded;
  loaded.requested = requested;
  std::string tried;
  for (const auto& name : Candidates(requested)) {
    // RTLD_LOCAL: the runtime's symbols do not leak into later loads (a second runtime's probe
    // runs in its own process anyway).
    void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char* why = dlerror();
      tried += (tried.empty() ? "" : "; ") + std::string(why ? why : name + ": not loadable");
      continue;
    }
    void* modules = lib;
#ifdef RD_PROBE_CUDA
    g_driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!g_driver) {
      const char* why = dlerror();
      loaded.error = std::string("the NVIDIA driver library did not load: ") + (why ? why : "libcuda.so.1");
      return loaded;
    }
    modules = g_driver;
    loaded.module_library = RealPathOf(g_driver);
#endif
    std::vector<std::string> missing = ResolveTable(lib, modules);
    loaded.path = RealPathOf(lib);
    if (!missing.empty()) {
      loaded.error = loaded.path + " lacks " + std::to_string(missing.size()) + " of the runtime's entry points, e.g. " + missing.front();
      return loaded;
    }
    loaded.ok = true;
    return loaded;
  }
  loaded.error = "no GPU runtime could be loaded: " + tried;
  return loaded;
}

std::string RuntimeVersionText(int version) {
  if (version <= 0) return "";
#ifdef RD_PROBE_CUDA
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
#else
  // HIP_VERSION = major * 10,000,000 + minor * 100,000 + patch (hip_version.h).
  return std::to_string(version / 10000000) + "." + std::to_string(version / 100000 % 100) + "." +
         std::to_string(version % 100000);
#endif
}

// ---- the few calls whose shape differs between the platforms ----

#ifdef RD_PROBE_CUDA
namespace {
template <typename F>
F Driver(const char* name) {
  return g_driver ? reinterpret_cast<F>(dlsym(g_driver, name)) : nullptr;
}
int CuDevice(int ordinal) {
  static auto get = Driver<int (*)(int*, int)>("cuDeviceGet");
  int device = -1;
  if (!get || get(&device, ordinal) != 0) return -1;
  return device;
}
}  // namespace

std::string DriverErrorName(hipError_t result) {
  static auto name_of = Driver<int (*)(int, const char**)>("cuGetErrorName");
  const char* name = nullptr;
  if (name_of && name_of(result, &name) == 0 && name) return name;
  return "CUresult " + std::to_string(result);
}

std::string DeviceName(int device) {
  static auto get_name = Driver<int (*)(char*, int, int)>("cuDeviceGetName");
  char name[256] = {0};
  int cu = CuDevice(device);
  if (!get_name || cu < 0 || get_name(name, sizeof name - 1, cu) != 0) return "";
  return name;
}

size_t DeviceTotalMem(int device) {
  static auto total = Driver<int (*)(size_t*, int)>("cuDeviceTotalMem_v2");
  size_t bytes = 0;
  int cu = CuDevice(device);
  if (!total || cu < 0 || total(&bytes, cu) != 0) return 0;
  return bytes;
}

#else
namespace {
void* g_hip_for_extras = nullptr;
template <typename F>
F Hip(const char* name) {
  // Same library as the table: find it through one of its resolved symbols.
  Dl_info info{};
  if (!g_hip_for_extras && g_table.hipGetDeviceCount && dladdr(reinterpret_cast<void*>(g_table.hipGetDeviceCount), &info)) {
    g_hip_for_extras = dlopen(info.dli_fname, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  }
  return g_hip_for_extras ? reinterpret_cast<F>(dlsym(g_hip_for_extras, name)) : nullptr;
}
}  // namespace

std::string DriverErrorName(hipError_t result) {
  const char* name = g_table.hipGetErrorName ? g_table.hipGetErrorName(result) : nullptr;
  return name ? name : "hipError " + std::to_string(result);
}

std::string DeviceName(int device) {
  static auto get_name = Hip<int (*)(char*, int, int)>("hipDeviceGetName");
  char name[256] = {0};
  if (!get_name || get_name(name, sizeof name - 1, device) != 0) return "";
  return name;
}

size_t DeviceTotalMem(int device) {
  static auto total = Hip<int (*)(size_t*, int)>("hipDeviceTotalMem");
  size_t bytes = 0;
  if (!total || total(&bytes, device) != 0) return 0;
  return bytes;
}

#endif

}  // namespace probe
