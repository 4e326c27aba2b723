// Probes section: runs rocm-doctor-probe (the runtime probes, issue 6) in a child process and
// records what it measured. The probe lives beside the doctor, or in ../libexec/rocm-doctor/,
// or wherever $ROCM_DOCTOR_PROBE points. pitfalls.md #40-43.
#include <unistd.h>

#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/probe_facts.h"
#include "collectors/probe_runner.h"
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

std::string Status(const ProbeRun& run, const Facts& facts) {
  if (!run.dead.empty()) return "dead";
  auto no_device = facts.Get("probes.no_device");
  if (no_device.value && no_device.value->is_boolean() && no_device.value->get<bool>()) return "no-device";
  if (facts.Get("probes.runtime_error").value) return "runtime-error";
  auto failed = facts.Get("probes.failed");
  if (failed.value && failed.value->is_array() && !failed.value->empty()) return "failed";
  return "ok";
}

std::string Summary(const std::string& status, const ProbeRun& run, const Facts& facts) {
  if (status == "no-device") return "no GPU visible to the runtime; probes skipped";
  if (status == "dead") return fmt::format("{} probe run(s) died", run.dead.size());
  auto devices = facts.Get("probes.devices");
  size_t count = devices.value && devices.value->is_array() ? devices.value->size() : 0;
  std::string held = run.output_held_open ? "; a process it started still held its output" : "";
  return fmt::format("{} on {} device(s) in {:.1f} s{}", status, count, run.elapsed_ms / 1000, held);
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
  ProbeRun run = RunProbes(context.system, options);
  Evidence evidence{"cmd:" + *binary, ""};
  if (!run.started) {
    facts.Set("probes.status", "dead", evidence);
    facts.Set("probes.dead", json::array({{{"name", kWholeRun}, {"probe", ""}, {"why", "did not start: " + run.start_error}, {"stderr", ""}, {"log", ""}}}), evidence);
    facts.MarkAbsent("probes.devices", *binary + " did not start: " + run.start_error);
    facts.Set("summary.probes", "the probe did not start");
    return;
  }
  WriteProbeFacts(run, context.data, evidence, facts);
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
