// Loads the probe's kernels for a device: the embedded bundle first (the runtime picks the code
// object for the GPU, generic ISAs included), the user's hipcc for the exact target when the
// runtime finds none there (issue 16). pitfalls.md #13: a binary without the GPU's target fails
// at the first launch with hipErrorNoBinaryForGpu; the probe says which target was missing.
#include "code_objects.h"

#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <map>
#include <sstream>

#include "probes.h"

extern "C" const unsigned char rd_kernels_begin[];
extern "C" const unsigned char rd_kernels_end[];

#ifndef RD_PROBE_TARGETS
#define RD_PROBE_TARGETS "unknown"
#endif

namespace probe {

namespace {

JitOptions g_jit;
std::map<int, DeviceKernels> g_loaded;

bool NoCodeForGpu(hipError_t result) {
  return result == hipErrorNoBinaryForGpu || result == hipErrorInvalidImage || result == hipErrorInvalidKernelFile ||
         result == hipErrorSharedObjectInitFailed || result == hipErrorInvalidDeviceFunction;
}

// One "key value" line of a KFD properties file.
long long Property(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string name;
  long long value = 0;
  while (in >> name >> value) {
    if (name == key) return value;
  }
  return -1;
}

// "0000:03:00.0" -> domain 0, location_id (bus << 8 | device << 3 | function), as KFD writes it.
bool ParseBusId(const std::string& bus_id, long long& domain, long long& location) {
  unsigned d = 0, b = 0, dev = 0, f = 0;
  if (std::sscanf(bus_id.c_str(), "%x:%x:%x.%x", &d, &b, &dev, &f) != 4) return false;
  domain = d;
  location = static_cast<long long>(b << 8 | dev << 3 | f);
  return true;
}

std::string KfdTarget(const std::string& bus_id) {
  long long domain = 0, location = 0;
  if (!ParseBusId(bus_id, domain, location)) return "";
  const std::string root = "/sys/class/kfd/kfd/topology/nodes/";
  DIR* dir = opendir(root.c_str());
  if (!dir) return "";
  std::string found;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    std::string props = Slurp(root + entry->d_name + "/properties");
    long long version = Property(props, "gfx_target_version");
    if (version <= 0 || Property(props, "location_id") != location) continue;
    long long node_domain = Property(props, "domain");
    if (node_domain >= 0 && node_domain != domain) continue;
    found = GfxFromVersion(static_cast<int>(version / 10000), static_cast<int>(version / 100 % 100), static_cast<int>(version % 100));
    break;
  }
  closedir(dir);
  return found;
}

// The three kernels of a loaded module; the first failed lookup's result otherwise.
hipError_t Bind(DeviceKernels& kernels) {
  for (auto [name, slot] : {std::pair{"rd_scale", &kernels.scale}, {"rd_empty", &kernels.empty}, {"rd_spin", &kernels.spin}}) {
    if (hipError_t result = hipModuleGetFunction(slot, kernels.module, name); result != hipSuccess) return result;
  }
  return hipSuccess;
}

Failure NoKernel(hipError_t error, const std::string& target, const std::string& why) {
  std::string gpu = target.empty() ? "this GPU (its target is unknown: no KFD node matched and no HSA_OVERRIDE_GFX_VERSION)" : target;
  Failure failure(DriverErrorName(error), "no kernel for " + gpu + " in this probe (it has code for " + EmbeddedTargets() + ") and " + why);
  failure.target = target;
  return failure;
}

// The embedded bundle did not fit: compile for the runtime's target with the user's hipcc.
void LoadCompiled(int device, DeviceKernels& kernels, hipError_t embedded_error) {
  std::string target = RuntimeTarget(device, BusId(device));
  if (g_jit.hipcc.empty() || g_jit.kernel_source.empty()) throw NoKernel(embedded_error, target, "no hipcc to compile one");
  if (target.empty()) throw NoKernel(embedded_error, target, "nothing to compile for");
  JitResult jit = CompileForTarget(g_jit, target, g_jit.compile_inline);
  if (jit.not_cached) {
    Failure failure = NoKernel(embedded_error, target, "none compiled for it yet: rocm-doctor-probe --compile-kernels=" + target + " with " + g_jit.hipcc);
    failure.jit_needed = true;
    throw failure;
  }
  if (!jit.ok) throw NoKernel(embedded_error, target, "compiling one with " + g_jit.hipcc + " failed: " + jit.error);
  std::string image = Slurp(jit.path);
  hipError_t result = hipModuleLoadData(&kernels.module, image.data());
  if (result == hipSuccess) result = Bind(kernels);
  if (result != hipSuccess) {
    throw NoKernel(result, target, "the code object " + g_jit.hipcc + " built (" + jit.path + ") did not load: " + DriverErrorName(result));
  }
  kernels.source = jit.source;
  kernels.target = target;
}

}  // namespace

void SetJitOptions(const JitOptions& options) { g_jit = options; }

const unsigned char* EmbeddedKernels(size_t& size) {
  size = static_cast<size_t>(rd_kernels_end - rd_kernels_begin);
  return rd_kernels_begin;
}

const char* EmbeddedTargets() { return RD_PROBE_TARGETS; }

std::string GfxFromVersion(int major, int minor, int stepping) {
  if (major <= 0 || minor < 0 || minor > 15 || stepping < 0 || stepping > 15) return "";
  const char* hex = "0123456789abcdef";
  return "gfx" + std::to_string(major) + hex[minor] + hex[stepping];
}

std::string GfxFromOverride(const std::string& value) {
  int major = 0, minor = 0, stepping = 0;
  char tail = 0;
  if (std::sscanf(value.c_str(), "%d.%d.%d%c", &major, &minor, &stepping, &tail) != 3) return "";
  return GfxFromVersion(major, minor, stepping);
}

std::string RuntimeTarget(int device, const std::string& bus_id) {
#ifdef RD_PROBE_CUDA
  (void)bus_id;
  int major = 0, minor = 0;
  (void)hipDeviceGetAttribute(&major, kAttributes.compute_major, device);
  (void)hipDeviceGetAttribute(&minor, kAttributes.compute_minor, device);
  return major > 0 ? "sm_" + std::to_string(major) + std::to_string(minor) : "";
#else
  (void)device;
  if (const char* value = std::getenv("HSA_OVERRIDE_GFX_VERSION"); value && *value) {
    if (std::string gfx = GfxFromOverride(value); !gfx.empty()) return gfx;
  }
  return KfdTarget(bus_id);
#endif
}

const DeviceKernels& KernelsFor(int device) {
  auto found = g_loaded.find(device);
  if (found != g_loaded.end()) return found->second;
  auto start = Clock::now();
  DeviceKernels kernels;
  (void)hipFree(nullptr);  // makes the device's context current before the module API (CUDA)
  hipError_t result = hipModuleLoadData(&kernels.module, rd_kernels_begin);
  if (result == hipSuccess) result = Bind(kernels);
  if (result == hipSuccess) {
    kernels.source = "embedded";
  } else if (NoCodeForGpu(result) || result == hipErrorNotFound) {
    // The runtime found no code object for this GPU in the bundle (or one without our kernels).
    (void)hipGetLastError();
    if (kernels.module) (void)hipModuleUnload(kernels.module);
    kernels = DeviceKernels{};
    LoadCompiled(device, kernels, result);
  } else {
    throw Failure(DriverErrorName(result), "hipModuleLoadData of the embedded kernels: " + DriverErrorName(result));
  }
  kernels.load_ms = MsSince(start);
  return g_loaded.emplace(device, kernels).first->second;
}

}  // namespace probe
