#pragma once
#include <set>
#include <string>
#include <vector>

#include "cli/io.h"
#include "core/pipeline.h"
#include "engine/rule.h"
#include "report/report.h"
#include "util/result.h"

namespace rd {

enum class OutputFormat { Text, Json, Markdown };
enum class FailOn { Error, Warning, Never };

struct OutputOptions {
  OutputFormat format = OutputFormat::Text;
  std::string output_file;  ///< Empty: stdout.
  bool redact = true;       ///< JSON and Markdown only; text stays on the local terminal.
  bool verbose = false;
  FailOn fail_on = FailOn::Error;
  int width = -1;  ///< --width N: wrap text at N columns (0: never); -1: the terminal's, none when piped.
};

struct CheckOptions {
  std::vector<std::string> rule_dirs;  ///< Installed dir first, then --rules.
  std::set<std::string> ignored;
  std::string record_dir, replay_dir, from_file;
  PipelineOptions pipeline;
  OutputOptions output;
  bool no_probes = false;                ///< --no-probes: skip the probes collector.
  bool probes_only = false;              ///< `rocm-doctor probe`: run only the probes collector…
  std::vector<std::string> probe_names;  ///< …with these probes (empty: the default set).
};

int RunCheck(const CheckOptions& options, Io& io);
/// The check pipeline up to the report, without rendering it (`fix` uses it, issue 14 item 9):
/// --from, --replay or this machine; never records. A bad --from/--replay input is the Error.
Result<Report> BuildCheckReport(const CheckOptions& options, Io& io);

/// Evaluates facts with rules into a report (used by check, check --from and triage).
Report EvaluateReport(Facts facts, std::vector<CollectorRun> collectors, const RuleDatabase& db,
                      const std::set<std::string>& ignored);
/// Renders (redacting when asked), writes to stdout or the file, returns the exit status.
int EmitReport(const Report& report, const OutputOptions& options, Io& io);

}  // namespace rd
