#pragma once
/// Runs rocm-doctor-probe as a child (System::Run: own process group, timeout, output cap) and
/// turns whatever happens to it into results or dead probes. A probe that hangs, dies on a signal,
/// exits non-zero or prints garbage becomes a DeadProbe with the last stderr lines; the probes
/// after it run again in a fresh child, unless it hung (a hung GPU hangs the next one too).
#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "system/system.h"

namespace rd {

struct ProbeRunOptions {
  std::string binary;
  std::vector<std::string> args;              ///< Options before the names (--runtime=PATH, --hipcc=PATH …).
  std::vector<std::string> names;             ///< Probes to run, in order.
  std::chrono::milliseconds per_probe{4000};  ///< A child running N probes gets N times this…
  std::chrono::milliseconds total{8000};      ///< …but never more than what is left of this.
  size_t max_output = 256 * 1024;
  size_t stderr_lines = 8;
  std::string log_level = "3";                ///< AMD_LOG_LEVEL of the one re-run of a failed probe.
  std::vector<std::string> log_patterns;      ///< Log lines kept from that re-run.
};

/// DeadProbe::name when no probe had started: the binary itself died (not a probe name: the fix
/// must not say `rocm-doctor probe rocm-doctor-probe`, hostile-input m16).
inline constexpr const char* kWholeRun = "rocm-doctor-probe";

struct DeadProbe {
  std::string name;  ///< The probe that was running, or kWholeRun when none had started.
  std::string why;   ///< "timed out after 4.0 s", "killed by signal 11 (SIGSEGV)", …
  std::vector<std::string> stderr_tail;
  std::vector<std::string> log_lines;
};

struct ProbeRun {
  bool started = false;
  std::string start_error;
  nlohmann::json summary = nlohmann::json::object();  ///< The probe's runtime line.
  std::vector<nlohmann::json> results;
  std::vector<DeadProbe> dead;
  std::vector<std::string> not_run;  ///< Skipped after a hang.
  int children = 0;
  double elapsed_ms = 0;
  /// A probe child exited while a process it started in another session kept its output open
  /// (that process is still running: it left the child's process group).
  bool output_held_open = false;
};

ProbeRun RunProbes(System& system, const ProbeRunOptions& options);
/// Log lines from one re-run of `name` with AMD_LOG_LEVEL set, filtered by the patterns.
std::vector<std::string> ProbeLogLines(System& system, const ProbeRunOptions& options, const std::string& name);

}  // namespace rd
