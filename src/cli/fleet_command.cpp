#include "cli/fleet_command.h"

#include "cli/output.h"
#include "core/exit_status.h"
#include "engine/rule_loader.h"
#include "fleet/fleet_loader.h"
#include "fleet/fleet_redaction.h"
#include "fleet/fleet_render.h"
#include "system/local_files.h"

namespace rd {

namespace {

bool HasFinding(const FleetSummary& s, Severity severity) {
  for (const auto& f : s.findings) {
    if (f.severity == severity) return true;
  }
  return false;
}

bool ShouldFail(const FleetSummary& s, FailOn fail_on) {
  if (fail_on == FailOn::Never) return false;
  if (!s.missing_nodes.empty() || !s.unreadable.empty() || HasFinding(s, Severity::Error)) return true;
  return fail_on == FailOn::Warning && (!s.skew.empty() || !s.outliers.empty() || !s.health.empty() || HasFinding(s, Severity::Warning));
}

Result<FleetOptions> BuildOptions(const FleetCommandOptions& command) {
  RuleDatabase db = LoadRules(command.rule_dirs);
  FleetOptions options = FleetOptionsFromData(db.data.value("fleet", nlohmann::json::object()));
  if (command.outlier_fraction) options.outlier_fraction = *command.outlier_fraction;
  options.expected_nodes = command.expected_nodes;
  if (!command.expect_file.empty()) {
    auto text = ReadLocalFile(command.expect_file);
    if (!text) return text.error();
    for (auto& node : ParseNodeList(*text)) options.expected_nodes.push_back(std::move(node));
  }
  return options;
}

}  // namespace

int RunFleet(const FleetCommandOptions& command, Io& io) {
  auto options = BuildOptions(command);
  if (!options) {
    io.err << "rocm-doctor: " << options.error().message << "\n";
    return kExitUsage;
  }
  LoadedFleet loaded = LoadFleetReports(command.inputs);
  // ux-review m16: nothing readable (`fleet /nonexistent`) is "no reports found", exit 2, not an
  // empty fleet with ✓ lines; each input that could not be read is named.
  if (loaded.nodes.empty()) {
    for (const auto& u : loaded.unreadable) io.err << "rocm-doctor: " << u.source << ": " << u.message << "\n";
    io.err << "rocm-doctor: no reports found in the given inputs (a directory is searched for *.json)\n";
    return kExitUsage;
  }
  FleetSummary summary = MergeFleet(loaded.nodes, std::move(loaded.unreadable), *options);
  // Like check: JSON and Markdown are for sharing, text stays on the terminal (D8).
  if (command.output.redact && command.output.format != OutputFormat::Text) summary = RedactFleet(summary, loaded.nodes);
  std::string text;
  switch (command.output.format) {
    case OutputFormat::Text: text = RenderFleetText(summary, command.output.verbose); break;
    case OutputFormat::Json: text = RenderFleetJson(summary); break;
    case OutputFormat::Markdown: text = RenderFleetMarkdown(summary); break;
  }
  // Fleet output names nodes and is not redacted today: a new -o file is private (D9).
  if (int status = WriteReportText(text, command.output, false, io); status != 0) return status;
  return ShouldFail(summary, command.output.fail_on) ? kExitFindings : kExitHealthy;
}

}  // namespace rd
