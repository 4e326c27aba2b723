// The isolation of the runtime probes (issue 6): the doctor never loads a GPU runtime itself; it
// runs rocm-doctor-probe and reads one JSON object per line. Whatever the child does (hang,
// crash, garbage, flood), the doctor records it and finishes its report.
#include "collectors/probe_runner.h"

#include <algorithm>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

#include "parsers/probe_output.h"
#include "util/strings.h"

namespace rd {

namespace {

using Ms = std::chrono::milliseconds;

std::string SignalName(int signal) {
  const char* name = sigabbrev_np(signal);
  return name ? fmt::format("signal {} (SIG{})", signal, name) : fmt::format("signal {}", signal);
}

std::string Bytes(size_t n) { return fmt::format("more than {} bytes", n); }

// A flood on either stream is named: 1 GB on stderr used to pass as "ok" (hostile-input m16).
std::string Flood(const CommandResult& r) {
  if (r.out_truncated && r.err_truncated) return fmt::format("flooded its output and its stderr ({} each)", Bytes(r.out.size()));
  if (r.out_truncated) return fmt::format("flooded its output ({})", Bytes(r.out.size()));
  if (r.err_truncated) return fmt::format("flooded its stderr ({})", Bytes(r.err.size()));
  return "";
}

std::string WhyDead(const CommandResult& r, const ProbeOutput& out, Ms timeout) {
  std::string flood = Flood(r);
  std::string and_then = flood.empty() ? "" : flood + " and ";
  if (r.timed_out) return and_then + fmt::format("timed out after {:.1f} s", static_cast<double>(timeout.count()) / 1000);
  if (r.signal) return and_then + "was killed by " + SignalName(r.signal);
  if (r.exit_code != 0) return and_then + fmt::format("exited with status {}", r.exit_code);
  if (!flood.empty()) return flood;
  // hostile-input D17: nothing at all on stdout, not even the runtime line.
  if (Trim(r.out).empty()) return "ended without output";
  if (out.garbage_lines) return fmt::format("printed {} line(s) that are not probe JSON, e.g. '{}'", out.garbage_lines, out.garbage_sample);
  return "ended without finishing its probes";
}

std::vector<std::string> Without(const std::vector<std::string>& names, const std::vector<std::string>& drop) {
  std::vector<std::string> left;
  for (const auto& n : names) {
    if (std::find(drop.begin(), drop.end(), n) == drop.end()) left.push_back(n);
  }
  return left;
}

// The runtime line ended the run on purpose: no device, no loadable runtime (issue 16), or a
// failed hipGetDeviceCount; it says why. The line is untrusted: "status" may be missing or not a
// string (value() would throw).
bool EndedAtRuntimeLine(const nlohmann::json& summary) {
  auto status = summary.find("status");
  if (status == summary.end() || !status->is_string()) return false;
  const std::string& text = status->get_ref<const std::string&>();
  return text == "no-device" || text == "no-runtime" || text == "fail";
}

bool Healthy(const CommandResult& r, const ProbeOutput& out) {
  return r.exit_code == 0 && !r.timed_out && !r.signal && !r.out_truncated && !r.err_truncated && out.garbage_lines == 0 &&
         (out.done || EndedAtRuntimeLine(out.summary));
}

}  // namespace

std::vector<std::string> ProbeLogLines(System& system, const ProbeRunOptions& options, const std::string& name) {
  CommandSpec spec;
  spec.argv = {options.binary};
  spec.argv.insert(spec.argv.end(), options.args.begin(), options.args.end());
  spec.argv.push_back(name);
  spec.timeout = options.per_probe;
  spec.max_output = options.max_output;
  spec.env_set = {{"AMD_LOG_LEVEL", options.log_level}};
  CommandResult r = system.Run(spec);
  std::vector<std::string> kept;
  // All kept stderr, not its tail: the missing code object is logged at load, before the rest.
  for (const auto& raw : SplitLines(r.err)) {
    std::string line = Printable(raw, 240);
    bool match = std::any_of(options.log_patterns.begin(), options.log_patterns.end(),
                             [&](const std::string& p) { return line.find(p) != std::string::npos; });
    if (match && kept.size() < 8) kept.push_back(line);
  }
  return kept;
}

ProbeRun RunProbes(System& system, const ProbeRunOptions& options) {
  ProbeRun run;
  // Time is the children's own (recorded) run time, so a replayed snapshot gives the same facts.
  std::vector<std::string> remaining = options.names;
  // At most one retry per probe: each child either finishes or removes its culprit.
  while (!remaining.empty() && run.children <= static_cast<int>(options.names.size())) {
    Ms left = options.total - Ms(static_cast<long long>(run.elapsed_ms));
    if (left <= Ms(0)) {
      run.not_run.insert(run.not_run.end(), remaining.begin(), remaining.end());
      break;
    }
    CommandSpec spec;
    spec.argv = {options.binary};
    spec.argv.insert(spec.argv.end(), options.args.begin(), options.args.end());
    spec.argv.insert(spec.argv.end(), remaining.begin(), remaining.end());
    spec.timeout = std::min(left, options.per_probe * static_cast<int>(remaining.size()));
    spec.max_output = options.max_output;
    CommandResult r = system.Run(spec);
    ++run.children;
    run.elapsed_ms += r.elapsed_ms;
    if (!r.started) {
      run.start_error = r.start_error.empty() ? "could not start " + options.binary : r.start_error;
      break;
    }
    run.started = true;
    ProbeOutput out = ParseProbeOutput(r.out);
    if (out.summary.is_object()) run.summary = out.summary;
    run.results.insert(run.results.end(), out.results.begin(), out.results.end());
    run.output_held_open = run.output_held_open || r.output_held_open;
    if (Healthy(r, out)) break;
    std::string culprit = UnfinishedProbe(out);
    DeadProbe dead{culprit.empty() ? kWholeRun : culprit, WhyDead(r, out, spec.timeout), LastLines(r.err, options.stderr_lines), {}};
    bool retry = !culprit.empty() && !r.timed_out && !r.out_truncated && !r.err_truncated;
    run.dead.push_back(std::move(dead));
    if (!retry) {
      auto unfinished = Without(Without(remaining, out.started), {culprit});
      run.not_run.insert(run.not_run.end(), unfinished.begin(), unfinished.end());
      break;
    }
    remaining = Without(Without(remaining, out.started), {culprit});
  }
  // One re-run with the runtime's log on, for a probe that crashed or exited (not one that hung).
  for (auto& dead : run.dead) {
    if (dead.name != kWholeRun && dead.why.find("timed out") == std::string::npos) dead.log_lines = ProbeLogLines(system, options, dead.name);
  }
  return run;
}

}  // namespace rd
