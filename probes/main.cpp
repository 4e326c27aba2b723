// rocm-doctor-probe: runs the runtime probes and prints one JSON object per line on stdout.
//   rocm-doctor-probe [--probes=default|full] [--runtime=PATH] [--hipcc=PATH --kernel-source=PATH
//                     --cache-dir=DIR --jit=inline|cache] [--compile-kernels=TARGET] [--list]
//                     [--list-targets] [--dump-kernels=FILE] [NAME...]
// Kernels: the embedded bundle, else (GPU without code there) kernels.hip compiled with --hipcc
// for the runtime's target into the cache; --jit=cache only uses the cache and reports
// "jit":"needed", and --compile-kernels=TARGET only compiles (the doctor's two steps).
// --runtime names the GPU runtime to dlopen (the doctor passes the one the user's programs load,
// and runs the probe again with torch's bundled copy when that differs); without it the usual
// sonames are tried, newest first. The runtime line says which file answered, and its version.
// Before each probe it prints {"probe":NAME,"phase":"start"} so that whoever runs it knows which
// probe was running when it hung or crashed. Exit 0 also when a probe fails (its line says so)
// and when there is no device (runtime line with status "no-device"); 2 on bad arguments.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "code_objects.h"
#include "probes.h"

namespace probe {

const std::vector<ProbeDef>& AllProbes() {
  static const std::vector<ProbeDef> probes = {
      {"runtime", true, true, RuntimeProbe}, {"kernel", true, true, KernelProbe},
      {"memcpy", true, true, MemcpyProbe},   {"async", true, true, AsyncProbe},
      {"streams", true, true, StreamsProbe}, {"p2p", true, false, P2pProbe},
  };
  return probes;
}

namespace {

void RunOne(const ProbeDef& def, int device, const Options& options) {
  Line line(def.name, device);
  try {
    if (device >= 0) Check(hipSetDevice(device), "hipSetDevice");
    auto start = Clock::now();
    def.run(device, options, line);
    line.Num("elapsed_ms", MsSince(start));
    line.Str("status", "ok").Emit();
  } catch (const Skipped& skipped) {
    Line(def.name, device).Str("status", "skipped").Str("reason", skipped.what()).Emit();
  } catch (const Failure& failure) {
    Line fail(def.name, device);
    fail.Str("status", "fail").Str("error", failure.error).Str("message", failure.what());
    if (!failure.target.empty()) fail.Str("target", failure.target);
    if (failure.jit_needed) fail.Str("jit", "needed");
    fail.Emit();
  }
}

// The runtime line: versions and device count; false when there is no device to probe.
bool RuntimeSummary(const LoadedRuntime& runtime, int& count) {
  Line line("runtime");
  line.Str("platform", PlatformName()).Str("targets", EmbeddedTargets());
  if (!runtime.requested.empty()) line.Str("runtime_requested", runtime.requested);
  if (!runtime.path.empty()) line.Str("runtime_path", runtime.path);
  if (!runtime.ok) {
    // hipErrorNoDevice-like, but the cause is the missing or broken runtime file (issue 16).
    line.Str("status", "no-runtime").Str("error", "runtime not loaded").Str("message", runtime.error).Emit();
    return false;
  }
  if (!runtime.module_library.empty()) line.Str("module_library", runtime.module_library);
  int version = 0, driver = 0;
  if (hipRuntimeGetVersion(&version) == hipSuccess) line.Int("runtime_version", version).Str("runtime_version_text", RuntimeVersionText(version));
  if (hipDriverGetVersion(&driver) == hipSuccess) line.Int("driver_version", driver);
  for (const char* name : {"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL"}) {
    if (const char* value = std::getenv(name)) line.Str(name, value);
  }
  hipError_t result = hipGetDeviceCount(&count);
  bool no_driver = false;
#ifdef RD_PROBE_CUDA
  no_driver = result == hipErrorInsufficientDriver && driver == 0;  // no NVIDIA driver at all
#endif
  if (result == hipErrorNoDevice || no_driver || (result == hipSuccess && count == 0)) {
    line.Int("device_count", 0).Str("status", "no-device").Str("error", hipGetErrorName(result)).Emit();
    return false;
  }
  if (result != hipSuccess) {
    line.Str("status", "fail").Str("error", hipGetErrorName(result)).Str("message", std::string("hipGetDeviceCount: ") + hipGetErrorString(result)).Emit();
    return false;
  }
  line.Int("device_count", count).Str("status", "ok").Emit();
  return true;
}

int Usage(const char* why) {
  std::fprintf(stderr,
               "rocm-doctor-probe: %s\nusage: rocm-doctor-probe [--probes=default|full] [--runtime=PATH] [--hipcc=PATH "
               "--kernel-source=PATH --cache-dir=DIR --jit=inline|cache] [--compile-kernels=TARGET] [--list] [--list-targets] "
               "[--dump-kernels=FILE] [NAME...]\n",
               why);
  return 2;
}

// The embedded bundle as a file, for `clang-offload-bundler --list` in the tests.
int DumpKernels(const std::string& path) {
  size_t size = 0;
  const unsigned char* data = EmbeddedKernels(size);
  FILE* out = std::fopen(path.c_str(), "wb");
  bool ok = out && std::fwrite(data, 1, size, out) == size;
  if (out) ok = std::fclose(out) == 0 && ok;
  if (!ok) std::fprintf(stderr, "rocm-doctor-probe: cannot write %s\n", path.c_str());
  return ok ? 0 : 1;
}

// --compile-kernels=TARGET: compile kernels.hip for TARGET into the cache and say so (the
// doctor's JIT step, in a child with its own time limit); needs no runtime and no GPU.
int CompileOnly(const JitOptions& jit, const std::string& target) {
  Line line("compile");
  line.Str("target", target);
  if (jit.hipcc.empty() || jit.kernel_source.empty() || jit.cache_dir.empty()) {
    line.Str("status", "fail").Str("message", "--compile-kernels needs --hipcc, --kernel-source and a cache dir").Emit();
    return 2;
  }
  JitResult result = CompileForTarget(jit, target);
  line.Str("status", result.ok ? "ok" : "fail").Num("elapsed_ms", result.ms);
  if (result.ok) line.Str("source", result.source).Str("code_object", result.path);
  else line.Str("message", result.error);
  line.Emit();
  return 0;
}

// "--name=value": the value, or nullptr when `arg` is another option.
const char* ValueOf(const std::string& arg, const char* name) {
  std::string prefix = std::string(name) + "=";
  return arg.rfind(prefix, 0) == 0 ? arg.c_str() + prefix.size() : nullptr;
}

}  // namespace

}  // namespace probe

int main(int argc, char** argv) {
  using namespace probe;
  Options options;
  JitOptions jit;
  std::string runtime_path, compile_target;
  std::vector<const ProbeDef*> selected;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--list") {
      for (const auto& def : AllProbes()) std::printf("%s%s\n", def.name, def.in_default ? "" : " (not in the default set)");
      return 0;
    }
    if (arg == "--platform") {  // what the doctor asks before naming a runtime: hip or cuda
      std::printf("%s\n", PlatformName());
      return 0;
    }
    if (arg == "--list-targets") {
      std::printf("%s\n", EmbeddedTargets());
      return 0;
    }
    if (const char* v = ValueOf(arg, "--dump-kernels")) return DumpKernels(v);
    if (const char* v = ValueOf(arg, "--runtime")) runtime_path = v;
    else if (const char* v = ValueOf(arg, "--hipcc")) jit.hipcc = v;
    else if (const char* v = ValueOf(arg, "--kernel-source")) jit.kernel_source = v;
    else if (const char* v = ValueOf(arg, "--cache-dir")) jit.cache_dir = v;
    else if (arg == "--jit=cache") jit.compile_inline = false;
    else if (arg == "--jit=inline") jit.compile_inline = true;
    else if (const char* v = ValueOf(arg, "--compile-kernels")) compile_target = v;
    else if (arg == "--probes=full") options.full = true;
    else if (arg == "--probes=default") options.full = false;
    else if (arg.rfind("--", 0) == 0) return Usage(("unknown option " + arg).c_str());
    else {
      const ProbeDef* found = nullptr;
      for (const auto& def : AllProbes()) found = arg == def.name ? &def : found;
      if (!found) return Usage(("unknown probe " + arg).c_str());
      selected.push_back(found);
    }
  }
  if (options.full) options.repeats = 20;
  if (selected.empty()) {
    for (const auto& def : AllProbes()) selected.push_back(&def);
  }
  if (jit.cache_dir.empty()) {
    // The JIT's cache without --cache-dir: $XDG_CACHE_HOME/rocm-doctor, else ~/.cache/rocm-doctor.
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    if (xdg && *xdg == '/') jit.cache_dir = std::string(xdg) + "/rocm-doctor";
    else if (home && *home == '/') jit.cache_dir = std::string(home) + "/.cache/rocm-doctor";
  }
  SetJitOptions(jit);
  if (!compile_target.empty()) return CompileOnly(jit, compile_target);
  auto start = Clock::now();
  int count = 0;
  if (!RuntimeSummary(LoadRuntime(runtime_path), count)) return 0;
  for (const ProbeDef* def : selected) {
    Line(def->name).Str("phase", "start").Emit();
    if (!def->per_device) {
      RunOne(*def, -1, options);
      continue;
    }
    for (int device = 0; device < count; ++device) RunOne(*def, device, options);
  }
  Line("done").Num("elapsed_ms", MsSince(start)).Emit();
  return 0;
}
