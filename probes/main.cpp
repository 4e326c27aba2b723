// rocm-doctor-probe: runs the runtime probes and prints one JSON object per line on stdout.
//   rocm-doctor-probe [--probes=default|full] [--list] [NAME...]
// Before each probe it prints {"probe":NAME,"phase":"start"} so that whoever runs it knows which
// probe was running when it hung or crashed. Exit 0 also when a probe fails (its line says so)
// and when there is no device (runtime line with status "no-device"); 2 on bad arguments.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

const char* Platform() {
#ifdef RD_PROBE_CUDA
  return "cuda";
#else
  return "hip";
#endif
}

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
    fail.Str("status", "fail").Str("error", failure.error).Str("message", failure.what()).Emit();
  }
}

// The runtime line: versions and device count; false when there is no device to probe.
bool RuntimeSummary(int& count) {
  Line line("runtime");
  line.Str("platform", Platform());
  int version = 0, driver = 0;
  if (hipRuntimeGetVersion(&version) == hipSuccess) line.Int("runtime_version", version);
  if (hipDriverGetVersion(&driver) == hipSuccess) line.Int("driver_version", driver);
  for (const char* name : {"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL"}) {
    if (const char* value = std::getenv(name)) line.Str(name, value);
  }
  hipError_t result = hipGetDeviceCount(&count);
  bool no_driver = false;
#ifdef RD_PROBE_CUDA
  no_driver = result == cudaErrorInsufficientDriver && driver == 0;  // no NVIDIA driver at all
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
  std::fprintf(stderr, "rocm-doctor-probe: %s\nusage: rocm-doctor-probe [--probes=default|full] [--list] [NAME...]\n", why);
  return 2;
}

}  // namespace

}  // namespace probe

int main(int argc, char** argv) {
  using namespace probe;
  Options options;
  std::vector<const ProbeDef*> selected;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--list") {
      for (const auto& def : AllProbes()) std::printf("%s%s\n", def.name, def.in_default ? "" : " (not in the default set)");
      return 0;
    }
    if (arg == "--probes=full") options.full = true;
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
  auto start = Clock::now();
  int count = 0;
  if (!RuntimeSummary(count)) return 0;
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
