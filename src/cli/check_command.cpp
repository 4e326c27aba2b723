#include "cli/check_command.h"


#include <chrono>
#include <ctime>
#include <memory>

#include "cli/output.h"
#include "cli/progress.h"
#include "cli/registry.h"
#include "cli/rules_commands.h"
#include "core/exit_status.h"
#include "core/fact_types.h"
#include "derive/derive.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "engine/rule_scope.h"
#include "engine/section_verdicts.h"
#include "report/json_report.h"
#include "report/redaction.h"
#include "report/renderers.h"
#include "system/live_system.h"
#include "system/local_files.h"
#include "system/output_file.h"
#include "system/recording_system.h"
#include "system/snapshot_system.h"

namespace rd {

namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string UtcNow() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

// issue 14 item 1: a required section that could not be checked ("?") counts as a warning, so
// `--fail-on warning` fails a run that could not look (a confined CI runner, U2) and the default
// `--fail-on error` does not turn "could not read" into "broken" (README, --help).
bool ShouldFail(const Report& report, FailOn fail_on) {
  if (fail_on == FailOn::Never) return false;
  if (CountFindings(report, Severity::Error)) return true;
  if (fail_on != FailOn::Warning) return false;
  return CountFindings(report, Severity::Warning) || CountRequiredUnknown(SectionStatuses(report));
}

Result<Report> LoadEarlierReport(const std::string& path) {
  auto text = ReadLocalFile(path);
  if (!text) return text.error();
  auto j = ParseReportText(*text, path);
  if (!j) return j.error();
  return ReportFromJson(*j, path);
}

// The world to read: live, live while recording, or a replayed snapshot.
Result<std::shared_ptr<System>> OpenSystem(const CheckOptions& options, std::shared_ptr<RecordingSystem>& recorder,
                                           std::unique_ptr<RecordDir>& record_dir, Io& io) {
  if (!options.replay_dir.empty()) {
    auto snapshot = SnapshotSystem::Load(options.replay_dir);
    if (!snapshot) return snapshot.error();
    for (const auto& problem : (*snapshot)->LoadProblems()) io.err << "rocm-doctor: replay: " << problem << "\n";
    return std::shared_ptr<System>(std::move(snapshot).value());
  }
  auto live = std::make_shared<LiveSystem>();
  if (options.record_dir.empty()) return std::shared_ptr<System>(live);
  // Checked before the run, not after it (m14), and held open so it cannot be swapped (D2).
  auto dir = RecordDir::Open(options.record_dir);
  if (!dir) return dir.error();
  record_dir = std::move(dir).value();
  recorder = std::make_shared<RecordingSystem>(live);
  return std::shared_ptr<System>(recorder);
}

}  // namespace

Report EvaluateReport(Facts facts, std::vector<CollectorRun> collectors, const RuleDatabase& db,
                      const std::set<std::string>& ignored) {
  auto start = Clock::now();
  Report report;
  report.tool_version = ROCM_DOCTOR_VERSION;
  report.rules_version = db.version;
  report.generated_at = UtcNow();
  report.facts = std::move(facts);
  // The one derive stage, on every route: live, --replay, --from and triage (issue 13).
  DeriveFacts(report.facts, db.data);
  report.collectors = std::move(collectors);
  Evaluation evaluation = EvaluateRules(db, report.facts, ignored);
  report.findings = std::move(evaluation.findings);
  report.not_evaluated = std::move(evaluation.not_evaluated);
  report.rules_loaded = db.rules.size();
  report.rules_evaluated = evaluation.rules_evaluated;
  report.verdicts = EvaluateSections(db, report.facts);
  for (const auto& d : db.diagnostics) report.rule_diagnostics.push_back(d.Format());
  report.timings.evaluate_ms = MsSince(start);
  return report;
}

int EmitReport(const Report& report, const OutputOptions& options, Io& io) {
  std::string text;
  bool redact = options.redact && options.format != OutputFormat::Text;
  const Report& shown = report;
  Report redacted;
  if (redact) redacted = RedactReport(report);
  const Report& source = redact ? redacted : shown;
  switch (options.format) {
    case OutputFormat::Text: text = RenderText(source, TextOptionsFor(options, io)); break;
    case OutputFormat::Json: text = RenderJson(source); break;
    case OutputFormat::Markdown: text = RenderMarkdown(source); break;
  }
  if (int status = WriteReportText(text, options, redact, io); status != 0) return status;
  for (const auto& d : report.rule_diagnostics) io.err << "rocm-doctor: rule file problem: " << d << "\n";
  return ShouldFail(report, options.fail_on) ? kExitFindings : kExitHealthy;
}

namespace {

// ux-review m2: every live run said "25 not evaluated" for rules that only a paste can decide
// (log.*, commands.*); a live or replayed check lists only the rules that could apply to it.
void DropPasteOnlyRules(Report& report, const RuleDatabase& db) {
  std::set<std::string> paste_only;
  for (const auto& rule : db.rules) {
    if (NeedsPastedInput(rule, db.catalog)) paste_only.insert(rule.id);
  }
  std::erase_if(report.not_evaluated, [&](const NotEvaluated& n) { return paste_only.count(n.rule_id) != 0; });
}

// The report of --from, --replay or this machine (check, probe and fix share it). `recorder` and
// `record_dir` are set when --record asked for a snapshot, which RunCheck saves.
Result<Report> BuildReport(const CheckOptions& options, Io& io, std::shared_ptr<RecordingSystem>& recorder,
                           std::unique_ptr<RecordDir>& record_dir) {
  auto start = Clock::now();
  // issue 14 item 5: a line on stderr says what the run waits for, from the first moment (the
  // rules take tens of ms to load on a busy box), and is erased before anything else prints.
  ProgressLine progress(io.err, Decorated(io, io.stderr_is_tty), io.stderr_columns);
  progress.Status("loading rules");
  RuleDatabase db = LoadRules(options.rule_dirs);
  progress.Clear();
  // ux-review (CLI usage errors): an --ignore id that names no rule is a usage error (exit 2), said per id above.
  if (!IgnoredRulesExist(db, options.ignored, io)) return Error{ErrorKind::Invalid, "--ignore: no such rule (see `rocm-doctor rules list`)"};
  if (!options.from_file.empty()) {
    auto earlier = LoadEarlierReport(options.from_file);
    if (!earlier) return earlier.error();
    Facts facts = earlier->facts;
    DropMistypedFacts(facts, db.catalog);  // m6: a value of the wrong type is not evaluated
    Report report = EvaluateReport(std::move(facts), earlier->collectors, db, options.ignored);
    report.mode = "from " + earlier->generated_at;
    report.timings.total_ms = MsSince(start);
    return report;
  }
  auto system = OpenSystem(options, recorder, record_dir, io);
  if (!system) return system.error();
  auto collect_start = Clock::now();
  // --no-probes / `rocm-doctor probe NAME…`: which collectors run, and which probes (data key
  // "probe_request", read by the probes collector).
  std::vector<Collector> collectors;
  for (const auto& c : AllCollectors()) {
    bool probes = std::string(c.name) == "probes";
    bool skip_probes = options.no_probes || options.pipeline.quick;  // probes are child processes
    if (probes ? !skip_probes : !options.probes_only) collectors.push_back(c);
  }
  nlohmann::json data = db.data;
  if (!options.probe_names.empty()) data["probe_request"]["names"] = options.probe_names;
  PipelineOptions pipeline = options.pipeline;
  pipeline.on_wait = [&progress](const std::vector<std::string>& running) { progress.Show(running); };
  Collection collection = RunCollectors(*system, data, collectors, pipeline);
  progress.Clear();
  // issue 14 item 1: a view skipped by a flag is "?" with the flag, not a section that vanishes.
  if (!options.probes_only && (options.no_probes || options.pipeline.quick)) {
    collection.facts.MarkAbsent("probes", options.pipeline.quick ? "skipped (--quick)" : "skipped (--no-probes)");
  }
  double collect_ms = MsSince(collect_start);
  Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, options.ignored);
  // ux-review m18: "· replay" alone did not say which snapshot; the folder as the user named it.
  report.mode = options.replay_dir.empty() ? "live" : "replay " + options.replay_dir;
  DropPasteOnlyRules(report, db);
  report.timings.collect_ms = collect_ms;
  report.timings.total_ms = MsSince(start);
  return report;
}

}  // namespace

Result<Report> BuildCheckReport(const CheckOptions& options, Io& io) {
  std::shared_ptr<RecordingSystem> recorder;
  std::unique_ptr<RecordDir> record_dir;
  CheckOptions without_record = options;
  without_record.record_dir.clear();  // fix does not record (and a second --record would clash)
  return BuildReport(without_record, io, recorder, record_dir);
}

int RunCheck(const CheckOptions& options, Io& io) {
  std::shared_ptr<RecordingSystem> recorder;
  std::unique_ptr<RecordDir> record_dir;
  auto report = BuildReport(options, io, recorder, record_dir);
  if (!report) {
    io.err << "rocm-doctor: " << report.error().message << "\n";
    return kExitUsage;
  }
  if (recorder) {
    // The report still comes out when the snapshot could not be written.
    if (auto saved = recorder->Save(*record_dir); !saved) {
      io.err << "rocm-doctor: " << saved.error().message << "\n";
      int status = EmitReport(*report, options.output, io);
      return status == kExitInternal ? status : kExitUsage;
    }
    // ux-review m14: a snapshot is not redacted (docs/snapshot-format.md); say where it went.
    io.err << "rocm-doctor: recorded the snapshot in " << record_dir->path() << " (NOT redacted: review it before sharing)\n";
  }
  return EmitReport(*report, options.output, io);
}

}  // namespace rd
