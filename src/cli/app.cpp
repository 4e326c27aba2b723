#include <CLI/CLI.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <new>

#include "cli/check_command.h"
#include "cli/fix_command.h"
#include "cli/fleet_command.h"
#include "cli/io.h"
#include "cli/rules_commands.h"
#include "cli/rules_paths.h"
#include "cli/triage_command.h"
#include "collectors/dlopen_child.h"
#include "core/exit_status.h"
#include "system/smi_child.h"
#include "util/strings.h"
#include "util/terminal_text.h"

namespace rd {

namespace {

constexpr const char* kExitCodesHelp =
    "Exit codes: 0 no finding at the --fail-on level (default: error), 1 such findings (a '?' on a "
    "required section counts as a warning), 2 usage or configuration error, 3 internal error.";

// ux-review m7: CLI11's CheckedTransformer printed "ENUM:value in {json->1,…} OR {1,2,2,0}" and
// took the enum's numbers ("-f 2"). Only the names are accepted; help shows them as a|b|c.
template <typename Enum>
CLI::Validator NamesOnly(const std::map<std::string, Enum>& names, const std::string& what) {
  return CLI::Validator(
      [&names, what](std::string& value) {
        auto it = names.find(ToLower(value));
        if (it == names.end()) return "must be " + what + " (got '" + value + "')";
        value = std::to_string(static_cast<int>(it->second));
        return std::string();
      },
      "", "names only");
}

void AddOutputOptions(CLI::App* cmd, OutputOptions& out) {
  static const std::map<std::string, OutputFormat> formats = {
      {"text", OutputFormat::Text}, {"json", OutputFormat::Json}, {"markdown", OutputFormat::Markdown}, {"md", OutputFormat::Markdown}};
  static const std::map<std::string, FailOn> fail_levels = {
      {"error", FailOn::Error}, {"warning", FailOn::Warning}, {"never", FailOn::Never}};
  CLI::Option* format = cmd->add_option("--format,-f", out.format, "Output format (default: from -o's .json/.md, else text)")
      ->transform(NamesOnly(formats, "text, json or markdown"))
      ->type_name("text|json|markdown");
  cmd->add_option("-o,--output", out.output_file, "Write the report to FILE (atomically) instead of stdout")->type_name("FILE");
  // ux-review p4: `-o out.json` without -f wrote the text report into out.json.
  cmd->parse_complete_callback([format, &out] {
    if (format->count() != 0) return;
    if (EndsWith(out.output_file, ".json")) out.format = OutputFormat::Json;
    else if (EndsWith(out.output_file, ".md")) out.format = OutputFormat::Markdown;
  });
  cmd->add_flag("--no-redact", [&out](int64_t) { out.redact = false; },
                "Keep hostnames, users, home paths, addresses and serials in JSON/Markdown");
  cmd->add_flag("-v,--verbose", out.verbose, "Show facts with their sources and rules not evaluated");
  cmd->add_option("--fail-on", out.fail_on, "Exit 1 on findings of this level or worse (warning: also '?' on a required section)")
      ->transform(NamesOnly(fail_levels, "error, warning or never"))
      ->type_name("error|warning|never");
}

// issue 14 item 5: the text report's width; without it, the terminal's (none when piped).
void AddWidthOption(CLI::App* cmd, OutputOptions& out) {
  cmd->add_option("--width", out.width, "Wrap the text report at N columns (0: never; default: the terminal's, none when piped)")
      ->check(CLI::Range(0, 10000));
}

struct Cli {
  CheckOptions check;
  TriageOptions triage;
  FleetCommandOptions fleet;
  std::vector<std::string> extra_rule_dirs, ignored, lint_dirs;
  std::string explain_id;
  int budget_ms = 10000;
  bool fix_run = false;
};

void AddCheck(CLI::App& app, Cli& cli) {
  auto* check = app.add_subcommand("check", "Collect facts, evaluate the rules, report what is wrong and how to fix it");
  AddOutputOptions(check, cli.check.output);
  AddWidthOption(check, cli.check.output);
  check->add_option("--rules", cli.extra_rule_dirs, "Also load rules from DIR (later dirs override by id)")->check(CLI::ExistingDirectory);
  check->add_option("--ignore", cli.ignored, "Silence the rule with this id (repeatable)");
  auto* record = check->add_option("--record", cli.check.record_dir, "Save everything read into snapshot folder DIR");
  auto* replay = check->add_option("--replay", cli.check.replay_dir, "Read the world from snapshot folder DIR instead of this machine");
  auto* from = check->add_option("--from", cli.check.from_file, "Re-evaluate today's rules on an earlier JSON report");
  record->excludes(replay)->excludes(from)->type_name("DIR");  // ux-review m7: not "TEXT"
  replay->excludes(from)->type_name("DIR");
  from->type_name("FILE");
  check->add_flag("--quick", cli.check.pipeline.quick, "Skip every child-process view (imports, compile check, probes)");
  check->add_option("--lib", cli.check.pipeline.extra_libs, "Also resolve the dependencies of this library (repeatable)");
  check->add_option("--python", cli.check.pipeline.pythons,
                    "Examine this Python interpreter first; its torch is the one imported (repeatable)");
  check->add_option("--collector-timeout", cli.budget_ms, "Time budget of each collector in ms")->check(CLI::Range(1, 600000))->capture_default_str();  // m13: shows [10000]
  check->add_flag("--no-probes", cli.check.no_probes, "Do not run the GPU runtime probes (rocm-doctor-probe)");
  check->add_flag("--no-compile", cli.check.pipeline.no_compile, "Do not run the hipcc compile check");
  check->footer(kExitCodesHelp);
}

void AddProbe(CLI::App& app, Cli& cli) {
  auto* probe = app.add_subcommand("probe", "Run only the GPU runtime probes: runtime kernel memcpy async streams p2p");
  // ux-review m4: an unknown name is a usage error here, not a probe run that dies.
  probe->add_option("names", cli.check.probe_names, "Probes to run (default: the default set)")
      ->check([](const std::string& name) {
        static const std::set<std::string> known = {"runtime", "kernel", "memcpy", "async", "streams", "p2p"};
        return known.count(name) ? std::string() : "unknown probe '" + name + "' (runtime kernel memcpy async streams p2p)";
      });
  AddOutputOptions(probe, cli.check.output);
  AddWidthOption(probe, cli.check.output);
  probe->add_option("--rules", cli.extra_rule_dirs, "Also load rules from DIR")->check(CLI::ExistingDirectory);
  probe->footer(kExitCodesHelp);
}

// issue 14 item 9: the same pipeline as check; its findings' fixes as one sh script.
void AddFix(CLI::App& app, Cli& cli) {
  auto* fix = app.add_subcommand("fix", "Write the fixes of the current findings as one sh script, root causes first; --run runs it step by step");
  fix->add_option("-o,--output", cli.check.output.output_file, "Write the script to FILE (mode 0600) instead of stdout");
  fix->add_option("--rules", cli.extra_rule_dirs, "Also load rules from DIR");
  fix->add_option("--ignore", cli.ignored, "Leave out the rule with this id (repeatable)");
  auto* replay = fix->add_option("--replay", cli.check.replay_dir, "Fixes for the machine recorded in snapshot folder DIR");
  auto* from = fix->add_option("--from", cli.check.from_file, "Fixes for the findings of today's rules on an earlier JSON report");
  replay->excludes(from);
  fix->add_flag("--quick", cli.check.pipeline.quick, "Skip every child-process view (imports, compile check, probes)");
  fix->add_flag("--no-probes", cli.check.no_probes, "Do not run the GPU runtime probes");
  fix->add_option("--python", cli.check.pipeline.pythons, "Examine this Python interpreter first (repeatable)");
  // Another machine's fixes are never run here: the values in them were read there.
  fix->add_flag("--run", cli.fix_run, "Run the script here, one command at a time, each after a y on the terminal; then check again")
      ->excludes(replay)
      ->excludes(from);
  fix->footer(
      "Nothing runs without --run, and with --run nothing runs without a y typed on the terminal (stdin) for that "
      "command.\nExit codes: 0 script written (--run: every command ran and worked, and its finding is gone), 1 --run: "
      "a command declined or failed, or its finding still reported, 2 usage or configuration error (also --run without a "
      "terminal on stdin), 3 internal error.");
}

void AddTriage(CLI::App& app, Cli& cli) {
  auto* triage = app.add_subcommand("triage", "Diagnose what people paste into tickets: rocminfo, rocm-smi, ldd, logs …");
  triage->add_option("inputs", cli.triage.inputs, "Files with pasted output; - reads stdin")->required();
  AddOutputOptions(triage, cli.triage.output);
  AddWidthOption(triage, cli.triage.output);
  triage->add_option("--rules", cli.extra_rule_dirs, "Also load rules from DIR")->check(CLI::ExistingDirectory);
  triage->add_option("--ignore", cli.ignored, "Silence the rule with this id (repeatable)");
  triage->footer(kExitCodesHelp);
}

void AddFleet(CLI::App& app, Cli& cli) {
  auto* fleet = app.add_subcommand("fleet", "Merge per-node JSON reports: findings by node, version skew, probe outliers, missing nodes");
  fleet->add_option("inputs", cli.fleet.inputs, "Report files, or directories of *.json reports")->required();
  AddOutputOptions(fleet, cli.fleet.output);
  fleet->add_option("--outlier-fraction", cli.fleet.outlier_fraction,
                    "A probe value this fraction below the fleet median is an outlier (default: rules/data/fleet.toml)")
      ->check(CLI::Range(0.0, 1.0));
  fleet->add_option("--expect", cli.fleet.expected_nodes, "Node that must have a report (repeatable)");
  fleet->add_option("--expect-file", cli.fleet.expect_file, "File listing the nodes that must have a report, one per line");
  fleet->add_option("--rules", cli.extra_rule_dirs, "Also load rules and data tables (fleet.toml) from DIR")->check(CLI::ExistingDirectory);
  fleet->footer(kExitCodesHelp);
}

void AddRules(CLI::App& app, Cli& cli) {
  auto* rules = app.add_subcommand("rules", "List or lint the rule database");
  rules->require_subcommand(1);
  auto* list = rules->add_subcommand("list", "List every rule");
  list->add_option("--rules", cli.extra_rule_dirs, "Also load rules from DIR")->check(CLI::ExistingDirectory);
  rules->add_subcommand("facts", "List every fact a rule may use, with its type and meaning");
  auto* lint = rules->add_subcommand("lint", "Check rule files: TOML syntax, operators, regexes, ids, fact names");
  lint->add_option("dirs", cli.lint_dirs, "Rule directories (default: the installed rules)");
  auto* explain = app.add_subcommand("explain", "Explain a rule: why it matters and how to fix it");
  explain->add_option("id", cli.explain_id, "Rule id, e.g. env.serialization-debug-vars-left-on")->required();
  explain->add_option("--rules", cli.extra_rule_dirs, "Also load rules from DIR")->check(CLI::ExistingDirectory);
}

std::vector<std::string> RuleDirs(const Cli& cli) {
  std::vector<std::string> dirs = {DefaultRulesDir()};
  dirs.insert(dirs.end(), cli.extra_rule_dirs.begin(), cli.extra_rule_dirs.end());
  return dirs;
}

// Table dispatch (style-anchors lesson 11): subcommand path -> handler.
int Dispatch(CLI::App& app, Cli& cli, Io& io) {
  cli.check.rule_dirs = RuleDirs(cli);
  cli.check.ignored = {cli.ignored.begin(), cli.ignored.end()};
  cli.check.pipeline.collector_budget = std::chrono::milliseconds(cli.budget_ms);
  // `--python venv/bin/python3` means the user's working directory; children run elsewhere.
  for (auto& python : cli.check.pipeline.pythons) {
    if (python.find('/') != std::string::npos && python[0] != '/' && cli.check.replay_dir.empty()) {
      // A deleted working directory has no absolute form: say so instead of "internal error" (m3).
      std::error_code ec;
      auto absolute = std::filesystem::absolute(python, ec);
      if (ec) {
        io.err << "rocm-doctor: --python " << python << ": relative to a working directory that cannot be resolved ("
               << ec.message() << "); give an absolute path\n";
        return kExitUsage;
      }
      python = absolute.lexically_normal().string();
    }
  }
  struct Handler {
    const char* path;
    std::function<int()> run;
  };
  const Handler handlers[] = {
      {"check", [&] { return RunCheck(cli.check, io); }},
      {"probe", [&] {
         cli.check.probes_only = true;
         return RunCheck(cli.check, io);
       }},
      {"fix", [&] {
         auto runner = MakeUserShellRunner();
         auto prompt = MakeTerminalPrompt(std::cin, io.out);
         FixSeams seams{*runner, *prompt};
         return RunFix(FixOptions{cli.check, cli.fix_run}, io, seams);
       }},
      {"triage", [&] {
         cli.triage.rule_dirs = RuleDirs(cli);
         cli.triage.ignored = cli.check.ignored;
         return RunTriage(cli.triage, io, std::cin);
       }},
      {"fleet", [&] {
         cli.fleet.rule_dirs = RuleDirs(cli);
         return RunFleet(cli.fleet, io);
       }},
      {"rules list", [&] { return RunRulesList(RuleDirs(cli), io); }},
      {"rules facts", [&] { return RunRulesFacts(RuleDirs(cli), io); }},
      // `rules lint DIR`: DIR's rules against the installed fact catalog (and DIR's own, if any).
      {"rules lint", [&] { return RunRulesLint(cli.lint_dirs.empty() ? RuleDirs(cli) : cli.lint_dirs, {DefaultRulesDir()}, io); }},
      {"explain", [&] { return RunExplain(RuleDirs(cli), cli.explain_id, io); }},
      {kSmiChildCommand, [&] {
         io.out << RunSmiQuery() << "\n";
         return kExitHealthy;
       }},
  };
  std::string path;
  for (CLI::App* cmd = &app; !cmd->get_subcommands().empty();) {
    cmd = cmd->get_subcommands().front();
    path += (path.empty() ? "" : " ") + cmd->get_name();
  }
  for (const auto& handler : handlers) {
    if (path == handler.path) return handler.run();
  }
  io.err << app.help();
  return kExitUsage;
}

}  // namespace

int RunCli(int argc, const char* const* argv, Io& io) {
  // Hidden: the child side of the libraries section's dlopen check (collectors/dlopen_child.h).
  if (argc >= 2 && std::string(argv[1]) == "internal-dlopen") {
    return RunInternalDlopen(std::vector<std::string>(argv + 2, argv + argc), io.out);
  }
  // hostile-input report D5: stderr messages echo input (file names in "read X: …", rule ids,
  // CLI11's "unknown option"); every one passes here, so stderr is sanitised here. stdout is
  // not: each text renderer sanitises its own output around its colour codes, and JSON is JSON.
  TerminalSafeScope safe_err(io.err);
  CLI::App app{"rocm-doctor: is this machine's AMD ROCm / HIP stack healthy, and if not, why and how to fix it"};
  app.set_version_flag("--version", std::string("rocm-doctor ") + ROCM_DOCTOR_VERSION);
  app.footer(kExitCodesHelp);
  app.require_subcommand(1);
  Cli cli;
  AddCheck(app, cli);
  AddFix(app, cli);
  AddTriage(app, cli);
  AddProbe(app, cli);
  AddFleet(app, cli);
  AddRules(app, cli);
  // Hidden: the rocm_smi_lib child that check runs (system/smi_child.h). Not in --help.
  app.add_subcommand(kSmiChildCommand, "")->group("");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::ostringstream out, err;
    int code = app.exit(e, out, err);
    io.out << out.str();
    io.err << err.str();
    return code == 0 ? kExitHealthy : kExitUsage;
  }
  try {
    return Dispatch(app, cli, io);
  } catch (const std::bad_alloc&) {
    // An environment limit, not a bug (m3): the same status as other configuration problems.
    io.err << "rocm-doctor: out of memory (an address-space or cgroup limit such as ulimit -v?): no report; raise the limit and run again\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    io.err << "rocm-doctor: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}

}  // namespace rd
