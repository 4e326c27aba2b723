#pragma once
// Where the probe's kernels come from (issue 16): the bundle embedded at build time (one code
// object per target the build compiler accepted, or an NVIDIA fatbin), loaded per device with
// the module API; when the runtime finds nothing in it for the GPU, the same kernels.hip compiled
// with the user's own hipcc for the exact target, cached by compiler version and target.
#include <string>
#include <vector>

#include "runtime_api.h"

namespace probe {

/// How to compile kernels.hip when no embedded code object fits (all empty: no JIT).
struct JitOptions {
  std::string hipcc;          ///< --hipcc=PATH
  std::string kernel_source;  ///< --kernel-source=PATH (share/rocm-doctor/probes/kernels.hip)
  std::string cache_dir;      ///< --cache-dir=DIR ($XDG_CACHE_HOME/rocm-doctor)
  /// --jit=cache (what the doctor passes): use a cached code object but do not compile; the
  /// failure then says "jit":"needed" and the doctor compiles in a child of its own, with its
  /// own time limit (--compile-kernels=TARGET), and runs the probes again.
  bool compile_inline = true;
  double timeout_ms = 60000;
};

/// The kernels of one device, loaded once.
struct DeviceKernels {
  hipModule_t module = nullptr;
  hipFunction_t scale = nullptr, empty = nullptr, spin = nullptr;
  std::string source;  ///< "embedded", "jit-cache" or "jit-compiled"
  std::string target;  ///< the target compiled for ("gfx1201"); "" for the embedded bundle
  double load_ms = 0;
};

/// The loaded kernels of `device` (the current device); throws probe::Failure naming the GPU's
/// target, the embedded targets and why no JIT was possible when neither source works.
const DeviceKernels& KernelsFor(int device);
void SetJitOptions(const JitOptions& options);

/// The embedded bundle and the targets it was built for ("gfx906,gfx90a,…" or "sm_80,sm_90,compute_90").
const unsigned char* EmbeddedKernels(size_t& size);
const char* EmbeddedTargets();

/// The GPU target the runtime wants code for, for the JIT: HSA_OVERRIDE_GFX_VERSION when set
/// (the runtime then asks for that target), else KFD's gfx_target_version of the node whose PCI
/// location matches `bus_id`; "" when neither is known. CUDA: "sm_XY".
std::string RuntimeTarget(int device, const std::string& bus_id);
/// "11.0.0" / 110000 -> "gfx1100"; 90010 -> "gfx90a" (minor and stepping are hex digits).
std::string GfxFromVersion(int major, int minor, int stepping);
std::string GfxFromOverride(const std::string& value);

/// Compiles kernels.hip for `target` into the cache (or finds it there). Fills `source`
/// ("jit-cache" / "jit-compiled") and the code object's path, or returns the reason it could not.
struct JitResult {
  bool ok = false;
  bool not_cached = false;  ///< compile=false and nothing in the cache yet
  std::string path, source, error;
  double ms = 0;
};
JitResult CompileForTarget(const JitOptions& options, const std::string& target, bool compile = true);

}  // namespace probe
