// Probes section: runs rocm-doctor-probe (the runtime probes, issue 6) in a child process and
// records what it measured. The probe lives beside the doctor, or in ../libexec/rocm-doctor/,
// or wherever $ROCM_DOCTOR_PROBE points. pitfalls.md #40-43.
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/probe_facts.h"
#include "collectors/probe_runner.h"
#include "collectors/probe_runtimes.h"
#include "util/strings.h"

namespace rd {

namespace {

using json = nlohmann::json;

std::string Dirname(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// $ROCM_DOCTOR_PROBE, else beside the doctor's own executable, else ../libexec/rocm-doctor/.
std::optional<std::string> FindProbe(CollectContext& context, std::vector<std::string>& searched) {
  if (auto env = context.system.GetEnv("ROCM_DOCTOR_PROBE"); env && !env->empty()) {
    searched.push_back("$ROCM_DOCTOR_PROBE=" + *env);
    if (IsExecutableFile(context, *env)) return *env;
    return std::nullopt;
  }
  auto self = context.system.ReadLink("/proc/self/exe");
  if (!self) {
    searched.push_back("/proc/self/exe: " + self.error().message);
    return std::nullopt;  // CollectProbes marks the section unknown rather than "not installed"
  }
  std::string dir = Dirname(*self);
  for (const std::string& candidate : {dir + "/rocm-doctor-probe", dir + "/../libexec/rocm-doctor/rocm-doctor-probe"}) {
    searched.push_back(candidate);
    if (IsExecutableFile(context, candidate)) return candidate;
  }
  return std::nullopt;
}

std::vector<std::string> StringList(const json& value) {
  std::vector<std::string> out;
  if (!value.is_array()) return out;
  for (const auto& item : value) {
    if (item.is_string()) out.push_back(item.get<std::string>());
  }
  return out;
}

long long Number(const json& table, const char* key, long long fallback) {
  return table.contains(key) && table[key].is_number_integer() ? table[key].get<long long>() : fallback;
}

// A sub-table, or null when missing or data is not a table (value() throws on a non-object).
const json& Member(const json& data, const char* key) {
  static const json null;
  auto it = data.is_object() ? data.find(key) : data.end();
  return data.is_object() && it != data.end() ? *it : null;
}

// Limits and the default set are data (rules/data/probes.toml); `rocm-doctor probe NAME…` puts
// its names under data["probe_request"].
ProbeRunOptions RunOptions(const json& data, const std::string& binary) {
  const json& table = Member(data, "probes");
  ProbeRunOptions options;
  options.binary = binary;
  options.names = StringList(Member(Member(data, "probe_request"), "names"));
  if (options.names.empty()) options.names = StringList(Member(table, "default"));
  if (options.names.empty()) options.names = {"runtime", "kernel", "memcpy", "async", "streams", "p2p"};
  options.per_probe = std::chrono::milliseconds(Number(table, "timeout_ms", 4000));
  options.total = std::chrono::milliseconds(Number(table, "total_timeout_ms", 8000));
  options.max_output = static_cast<size_t>(Number(table, "max_output_bytes", 256 * 1024));
  options.stderr_lines = static_cast<size_t>(Number(table, "stderr_lines", 8));
  options.log_level = std::to_string(Number(table, "log_level", 3));
  options.log_patterns = StringList(Member(table, "log_patterns"));
  return options;
}

// "hip" or "cuda": which runtime family the installed probe loads. Only a HIP probe is handed the
// libamdhip64 files of this machine (an NVIDIA box may have Ubuntu's libamdhip64-5 too).
// Its time counts against the probes' total: a probe that hangs here must not push the
// collector past its budget (hostile-input probes.hang).
std::string ProbePlatform(CollectContext& context, const std::string& binary, ProbeRunOptions& options) {
  CommandSpec spec;
  spec.argv = {binary, "--platform"};
  spec.timeout = std::chrono::milliseconds(Number(Member(context.data, "probes"), "platform_timeout_ms", 1000));
  spec.max_output = 4096;
  CommandResult r = context.system.Run(spec);
  options.total -= std::chrono::milliseconds(static_cast<long long>(r.elapsed_ms));
  std::string platform(Trim(r.out));
  return r.exit_code == 0 && !r.timed_out && (platform == "hip" || platform == "cuda") ? platform : "";
}

bool HasJit(const ProbeJit& jit) { return !jit.hipcc.empty() && !jit.kernel_source.empty() && !jit.cache_dir.empty(); }

std::vector<std::string> JitArgs(const ProbeJit& jit) {
  return {"--hipcc=" + jit.hipcc, "--kernel-source=" + jit.kernel_source, "--cache-dir=" + jit.cache_dir};
}

// --runtime and the JIT's inputs (issue 16). --jit=cache: the probe uses code objects compiled
// earlier but never compiles itself, so its time limits stay those of a hang check.
void AddRuntimeArgs(ProbeRunOptions& options, const ProbeRuntime& runtime, const ProbeJit& jit) {
  if (!runtime.path.empty()) options.args.push_back("--runtime=" + runtime.path);
  if (!HasJit(jit)) return;
  for (auto& arg : JitArgs(jit)) options.args.push_back(std::move(arg));
  options.args.push_back("--jit=cache");
}

// Targets the probe had no kernel for and could compile ("jit":"needed").
std::vector<std::string> TargetsToCompile(const ProbeRun& run) {
  std::vector<std::string> targets;
  for (const auto& line : run.results) {
    if (!line.contains("jit") || !line["jit"].is_string() || line["jit"] != "needed") continue;
    if (!line.contains("target") || !line["target"].is_string()) continue;
    std::string target = line["target"].get<std::string>();
    if (std::find(targets.begin(), targets.end(), target) == targets.end() && targets.size() < 8) targets.push_back(target);
  }
  return targets;
}

// The JIT step: `rocm-doctor-probe --compile-kernels=TARGET` in a child with jit_timeout_ms (hipcc
// 7.x: 2-4 s a target); its one JSON line says what happened.
json CompileKernels(CollectContext& context, const std::string& binary, const ProbeJit& jit, const std::string& target) {
  CommandSpec spec;
  spec.argv = {binary, "--compile-kernels=" + target};
  for (auto& arg : JitArgs(jit)) spec.argv.push_back(std::move(arg));
  spec.timeout = std::chrono::milliseconds(Number(Member(context.data, "probes"), "jit_timeout_ms", 30000));
  spec.max_output = 64 * 1024;
  CommandResult r = context.system.Run(spec);
  json entry = {{"target", target}, {"status", "fail"}, {"elapsed_ms", r.elapsed_ms}};
  if (!r.started) entry["error"] = r.start_error;
  else if (r.timed_out) entry["error"] = fmt::format("timed out after {} ms", spec.timeout.count());
  for (const auto& raw : SplitLines(r.out)) {
    json line = json::parse(raw, nullptr, false);
    if (!line.is_object() || line.value("probe", "") != "compile") continue;
    for (const char* key : {"status", "source", "code_object", "message"}) {
      if (line.contains(key) && line[key].is_string()) entry[std::string(key) == "message" ? "error" : key] = Printable(line[key].get<std::string>(), 300);
    }
  }
  return entry;
}

// One run on a runtime bundled in a Python package: enough to say whether a kernel runs through
// it and at what bandwidth, beside the system runtime's full run.
json OtherRuntimeRun(CollectContext& context, const ProbeRunOptions& base, const ProbeRuntime& runtime, const ProbeJit& jit) {
  const json& table = Member(context.data, "probes");
  ProbeRunOptions options = base;
  options.args.clear();
  options.names = StringList(Member(table, "other_runtime_probes"));
  if (options.names.empty()) options.names = {"runtime", "kernel", "memcpy"};
  AddRuntimeArgs(options, runtime, jit);
  ProbeRun run = RunProbes(context.system, options);
  json entry = {{"path", runtime.path}, {"package", runtime.package}};
  const json& summary = run.summary;
  auto text = [&](const json& j, const char* key) { return j.contains(key) && j[key].is_string() ? Printable(j[key].get<std::string>(), 300) : std::string(); };
  if (auto version = text(summary, "runtime_version_text"); !version.empty()) entry["runtime_version_text"] = version;
  if (summary.contains("device_count") && summary["device_count"].is_number_integer()) entry["device_count"] = summary["device_count"];
  std::string status = !run.started ? "dead" : !run.dead.empty() ? "dead" : text(summary, "status");
  std::string error = !run.started ? run.start_error : !run.dead.empty() ? run.dead.front().name + " " + run.dead.front().why
                                                                          : text(summary, "message");
  for (const auto& line : run.results) {
    if (text(line, "status") == "fail") {
      status = "failed";
      error = text(line, "probe") + ": " + text(line, "message");
    }
    if (text(line, "probe") == "kernel" && line.value("device", -1) == 0 && line.contains("scale_verified") && line["scale_verified"].is_boolean()) entry["kernel_verified"] = line["scale_verified"];
    if (text(line, "probe") == "memcpy" && line.value("device", -1) == 0 && line.contains("h2d_pinned_gbps") && line["h2d_pinned_gbps"].is_number()) entry["h2d_pinned_gbps"] = line["h2d_pinned_gbps"];
  }
  entry["status"] = status.empty() ? "dead" : status;
  if (!error.empty()) entry["error"] = error;
  return entry;
}

std::string Text(const Facts& facts, const std::string& path) {
  auto value = facts.Get(path).value;
  return value && value->is_string() ? value->get<std::string>() : std::string();
}

std::string Status(const ProbeRun& run, const Facts& facts) {
  if (!run.dead.empty()) return "dead";
  auto no_runtime = facts.Get("probes.no_runtime");
  if (no_runtime.value && no_runtime.value->is_boolean() && no_runtime.value->get<bool>()) return "no-runtime";
  auto no_device = facts.Get("probes.no_device");
  if (no_device.value && no_device.value->is_boolean() && no_device.value->get<bool>()) return "no-device";
  if (facts.Get("probes.runtime_error").value) return "runtime-error";
  auto failed = facts.Get("probes.failed");
  if (failed.value && failed.value->is_array() && !failed.value->empty()) return "failed";
  return "ok";
}

// " · torch's own runtime 6.2.41133: failed": which runtime the packages' programs use, and how it did.
std::string OtherRuntimes(const Facts& facts) {
  std::string out;
  auto others = facts.Get("probes.other_runtimes").value;
  if (!others || !others->is_array()) return out;
  for (const auto& other : *others) {
    if (!other.is_object()) continue;
    std::string version = other.value("runtime_version_text", "");
    out += fmt::format(" · {}'s own runtime{}: {}", other.value("package", "?"), version.empty() ? "" : " " + version, other.value("status", "?"));
  }
  return out;
}

std::string Summary(const std::string& status, const ProbeRun& run, const Facts& facts) {
  std::string runtime = Text(facts, "probes.runtime_path");
  std::string version = Text(facts, "probes.runtime_version_text");
  std::string on = runtime.empty() ? "" : fmt::format(" (runtime {}{})", runtime, version.empty() ? "" : " " + version);
  if (status == "no-runtime") return "no GPU runtime could be loaded; probes skipped";
  if (status == "no-device") return "no GPU visible to the runtime; probes skipped" + on;
  if (status == "dead") return fmt::format("{} probe run(s) died", run.dead.size());
  auto devices = facts.Get("probes.devices");
  size_t count = devices.value && devices.value->is_array() ? devices.value->size() : 0;
  std::string held = run.output_held_open ? "; a process it started still held its output" : "";
  return fmt::format("{} on {} device(s) in {:.1f} s{}{}{}", status, count, run.elapsed_ms / 1000, on, held, OtherRuntimes(facts));
}

void CollectProbes(CollectContext& context, Facts& facts) {
  std::vector<std::string> searched;
  auto binary = FindProbe(context, searched);
  if (!binary && !searched.empty() && StartsWith(searched.back(), "/proc/self/exe:")) {
    // A replayed snapshot without the doctor's own path: nothing is known about the probe.
    facts.MarkAbsent("probes", "cannot locate rocm-doctor-probe: " + searched.back());
    return;
  }
  facts.Set("probes.searched", Join(searched, ", "));
  if (!binary) {
    facts.Set("probes.status", "not-found", {"search", Join(searched, ", ")});
    facts.MarkAbsent("probes.devices", "rocm-doctor-probe not found (looked at " + Join(searched, ", ") + ")");
    facts.Set("summary.probes", "rocm-doctor-probe not installed");
    return;
  }
  facts.Set("probes.binary", *binary);
  ProbeRunOptions options = RunOptions(context.data, *binary);
  std::string platform = ProbePlatform(context, *binary, options);
  // An older probe without --platform (or a CUDA one) searches its runtime itself.
  std::vector<ProbeRuntime> runtimes = platform == "hip" ? ChooseProbeRuntimes(context) : std::vector<ProbeRuntime>{{}};
  ProbeJit jit = platform == "hip" ? FindProbeJit(context) : ProbeJit{};
  AddRuntimeArgs(options, runtimes.front(), jit);
  if (!runtimes.front().source.empty()) facts.Set("probes.runtime_source", runtimes.front().source);
  if (HasJit(jit)) facts.Set("probes.jit_hipcc", jit.hipcc);
  ProbeRun run = RunProbes(context.system, options);
  // No embedded code object for a GPU: compile its kernels with the user's hipcc, then run again.
  if (auto targets = TargetsToCompile(run); !targets.empty() && HasJit(jit)) {
    json compiled = json::array();
    bool any_ok = false;
    for (const auto& target : targets) {
      compiled.push_back(CompileKernels(context, *binary, jit, target));
      any_ok = any_ok || compiled.back().value("status", "") == "ok";
    }
    facts.Set("probes.jit", compiled);
    if (any_ok) {
      double before = run.elapsed_ms;
      int children = run.children;
      run = RunProbes(context.system, options);
      run.elapsed_ms += before;
      run.children += children;
    }
  }
  Evidence evidence{"cmd:" + *binary, ""};
  if (!run.started) {
    facts.Set("probes.status", "dead", evidence);
    facts.Set("probes.dead", json::array({{{"name", kWholeRun}, {"probe", ""}, {"why", "did not start: " + run.start_error}, {"stderr", ""}, {"log", ""}}}), evidence);
    facts.MarkAbsent("probes.devices", *binary + " did not start: " + run.start_error);
    facts.Set("summary.probes", "the probe did not start");
    return;
  }
  WriteProbeFacts(run, context.data, evidence, facts);
  json others = json::array();
  for (size_t i = 1; i < runtimes.size(); ++i) others.push_back(OtherRuntimeRun(context, options, runtimes[i], jit));
  facts.Set("probes.other_runtimes", others, evidence);
  // One re-run with AMD_LOG_LEVEL for each probe that reported a failure (HIP builds only).
  auto failed = facts.Get("probes.failed");
  if (failed.value && failed.value->is_array() && !failed.value->empty() && facts.Get("probes.platform").value &&
      *facts.Get("probes.platform").value == "hip") {
    json annotated = *failed.value;
    for (auto& item : annotated) {
      if (item.is_object() && item.contains("name") && item["name"].is_string()) item["log"] = Join(ProbeLogLines(context.system, options, item["name"].get<std::string>()), "\n");
    }
    facts.Set("probes.failed", annotated, evidence);
  }
  std::string status = Status(run, facts);
  facts.Set("probes.status", status, evidence);
  facts.Set("summary.probes", Summary(status, run, facts));
}

}  // namespace

Collector ProbesCollector() { return {"probes", "probes", CollectProbes, &ProbeFactSpecs()}; }

}  // namespace rd
