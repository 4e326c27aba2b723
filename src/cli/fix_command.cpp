#include "cli/fix_command.h"

#include <unistd.h>

#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "cli/output.h"
#include "system/output_file.h"
#include "core/exit_status.h"
#include "report/fix_script.h"
#include "system/user_shell.h"
#include "util/strings.h"
#include "util/terminal_text.h"

namespace rd {

namespace {

class UserShellRunner : public CommandRunner {
 public:
  Result<int> Run(const std::string& command) override { return RunInUserShell(command); }
};

class TerminalPrompt : public Prompt {
 public:
  TerminalPrompt(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
  bool Interactive() const override { return isatty(STDIN_FILENO) == 1; }
  bool Confirm(const std::string& question) override {
    out_ << question << std::flush;
    std::string answer;
    if (!std::getline(in_, answer)) {
      out_ << "\n";
      return false;  // end of input is a no
    }
    std::string_view a = Trim(answer);
    return a == "y" || a == "Y" || a == "yes" || a == "YES" || a == "Yes";
  }

 private:
  std::istream& in_;
  std::ostream& out_;
};

FixScriptOrigin OriginOf(const Report& report, const CheckOptions& options) {
  FixScriptOrigin origin{"", report.generated_at, report.tool_version, report.rules_version};
  if (!options.from_file.empty()) {
    origin.source = "the report " + options.from_file;
    if (report.mode.rfind("from ", 0) == 0) origin.generated_at = report.mode.substr(5);  // when it was collected
  } else if (!options.replay_dir.empty()) {
    origin.source = "the snapshot " + options.replay_dir;
  } else {
    auto host = report.facts.Get("host.hostname");
    origin.source = host.value && host.value->is_string() ? "this machine (" + host.value->get<std::string>() + ")" : "this machine";
  }
  return origin;
}

enum class StepOutcome { Done, Declined, Failed, YoursToType };

struct RunState {
  std::vector<StepOutcome> outcomes;
  bool stopped = false;  ///< A command failed: nothing after it runs.
  bool ran_any = false;
};

// One step: its comments and shell-state lines shown, each command shown and asked for.
StepOutcome RunStep(const FixStep& step, size_t number, size_t total, FixSeams& seams, std::ostream& out, RunState& state) {
  out << fmt::format("\n[{}/{}] {}: {}\n", number, total, step.finding->rule_id, CommentText(step.finding->title));
  for (const auto* c : step.consequences) out << "      also explains " << c->rule_id << ": " << CommentText(c->title) << "\n";
  bool ran = false;
  for (const auto& line : step.lines) {
    if (line.kind == FixLineKind::Comment) {
      out << "      " << CommentText(line.text) << "\n";
      continue;
    }
    if (line.kind == FixLineKind::ShellState) {
      out << "      in your shell (a child shell cannot change yours; not run here): " << CommentText(line.text) << "\n";
      continue;
    }
    out << "  $ " << line.text << "\n" << std::flush;
    if (!seams.prompt.Confirm("Run it? [y/N] ")) {
      out << "  not run; the rest of this fix is skipped too\n";
      return StepOutcome::Declined;
    }
    auto status = seams.runner.Run(line.text);
    ran = state.ran_any = true;
    if (!status || *status != 0) {
      std::string why = status ? fmt::format("exit status {}", *status) : status.error().message;
      out << "  failed (" << why << "): stopped here, nothing after it was run\n";
      state.stopped = true;
      return StepOutcome::Failed;
    }
  }
  return ran ? StepOutcome::Done : StepOutcome::YoursToType;
}

bool StillReported(const Report& after, const std::string& rule_id) {
  for (const auto& f : after.findings) {
    if (f.rule_id == rule_id) return true;
  }
  return false;
}

// After the run: the check again, and for each step that ran a command whether its finding is
// gone. Returns true when every step ran, worked and is gone.
bool Recheck(const FixPlan& plan, const RunState& state, FixSeams& seams, std::ostream& out) {
  bool all_good = state.outcomes.size() == plan.steps.size();
  for (auto o : state.outcomes) all_good = all_good && o == StepOutcome::Done;
  if (!state.ran_any) {
    out << "\nNothing was run.\n";
    return false;
  }
  out << "\nChecking again…\n" << std::flush;
  auto after = seams.recheck();
  if (!after) {
    out << "  the check after the run failed: " << after.error().message << "\n";
    return false;
  }
  for (size_t i = 0; i < state.outcomes.size(); ++i) {
    if (state.outcomes[i] != StepOutcome::Done && state.outcomes[i] != StepOutcome::Failed) continue;
    const Finding& f = *plan.steps[i].finding;
    bool still = StillReported(*after, f.rule_id);
    all_good = all_good && !still;
    out << fmt::format("  {:<15} {}: {}\n", still ? "still reported" : "gone", f.rule_id, CommentText(f.title));
  }
  if (!all_good) out << "  (a fix that changes the boot, the driver or group membership takes effect after a reboot or a new login)\n";
  return all_good;
}

int RunSteps(const FixPlan& plan, FixSeams& seams, std::ostream& out) {
  out << fmt::format("rocm-doctor fix --run: {} fix{}; each command is shown and run only after your yes.\n", plan.steps.size(),
                     plan.steps.size() == 1 ? "" : "es");
  if (!plan.unfixable.empty()) {
    out << fmt::format("{} finding{} without an exact command (see `rocm-doctor fix`):\n", plan.unfixable.size(),
                       plan.unfixable.size() == 1 ? "" : "s");
    for (const auto& s : plan.unfixable) out << "  " << s.finding->rule_id << ": " << CommentText(s.finding->title) << "\n";
  }
  if (plan.steps.empty()) return kExitHealthy;
  RunState state;
  for (size_t i = 0; i < plan.steps.size() && !state.stopped; ++i) {
    state.outcomes.push_back(RunStep(plan.steps[i], i + 1, plan.steps.size(), seams, out, state));
  }
  return Recheck(plan, state, seams, out) ? kExitHealthy : kExitFindings;
}

}  // namespace

std::unique_ptr<CommandRunner> MakeUserShellRunner() { return std::make_unique<UserShellRunner>(); }

std::unique_ptr<Prompt> MakeTerminalPrompt(std::istream& in, std::ostream& out) {
  return std::make_unique<TerminalPrompt>(in, out);
}

int RunFix(const FixOptions& options, Io& io, FixSeams& seams) {
  // Nothing runs without the user's yes (issue 14 item 9): with nobody at a terminal to give it,
  // --run does not start at all, rather than treat silence as a no to every step.
  if (options.run && !seams.prompt.Interactive()) {
    io.err << "rocm-doctor: fix --run asks before each command, and stdin is not a terminal; "
              "write the script with `rocm-doctor fix -o fix.sh`, read it, and run it yourself\n";
    return kExitUsage;
  }
  auto report = BuildCheckReport(options.check, io);
  if (!report) {
    io.err << "rocm-doctor: " << report.error().message << "\n";
    return kExitUsage;
  }
  FixPlan plan = PlanFixes(*report);
  std::string script = RenderFixScript(plan, OriginOf(*report, options.check));
  const auto& output = options.check.output;
  bool to_file = !output.output_file.empty() && !IsStandardOutputPath(output.output_file);
  if (!options.run || to_file) {
    // Private (0600): the script holds this machine's paths and user name, unredacted.
    if (int status = WriteReportText(script, output, false, io); status != 0) return status;
    if (!options.run) return kExitHealthy;
  }
  if (!seams.recheck) seams.recheck = [&] { return BuildCheckReport(options.check, io); };
  TerminalSafeScope safe(io.out);  // titles and paths come from the facts (D5)
  return RunSteps(plan, seams, io.out);
}

}  // namespace rd
