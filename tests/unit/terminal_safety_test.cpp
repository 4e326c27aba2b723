// hostile-input report D5: no text output lets a control character from its input reach the
// terminal: check/probe/triage text, check Markdown, fleet text and Markdown, explain, rules
// list/lint, and the messages on stderr. Each renderer gets every hostile form of
// terminal_check.h in every string it prints.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/io.h"
#include "core/exit_status.h"
#include "fleet/fleet.h"
#include "fleet/fleet_render.h"
#include "report/renderers.h"
#include "scenario.h"
#include "temp_tree.h"
#include "terminal_check.h"

namespace rd {
namespace {

using testing::kHostile;
using testing::TerminalProblem;

struct CliRun {
  int status;
  std::string out, err;
};

CliRun Cli(std::vector<std::string> args, bool tty = false) {
  std::ostringstream out, err;
  Io io{out, err, tty, false};
  std::vector<const char*> argv = {"rocm-doctor"};
  for (auto& a : args) argv.push_back(a.c_str());
  int status = RunCli(static_cast<int>(argv.size()), argv.data(), io);
  return {status, out.str(), err.str()};
}

// A report in which every string the text renderer prints is hostile.
Report HostileReport() {
  Report r;
  r.tool_version = "0.1.0" + kHostile;
  r.rules_version = "test" + kHostile;
  r.mode = "from " + kHostile;  // check --from shows the earlier report's generated_at here
  r.generated_at = kHostile;
  r.facts.Set("os.id", "debian" + kHostile, {"file:/etc/os-release" + kHostile, kHostile});
  r.facts.Set("os.id_like", nlohmann::json::array({kHostile}));
  r.facts.Set("summary.os", "Debian" + kHostile);
  r.facts.Set("env.HSA_OVERRIDE_GFX_VERSION", kHostile, {"env", ""});
  r.facts.MarkAbsent("os.version_id", "read failed" + kHostile);
  r.collectors = {{"os", "system", CollectorStatus::Ok, "", 1.0},
                  {"environment", "environment", CollectorStatus::Ok, "", 1.0},
                  {"gpu", "gpu", CollectorStatus::Crashed, "collector failed: " + kHostile, 1.0}};
  Finding f{"env.hsa-override-bad-format" + kHostile, "environment", Severity::Error,
            "HSA_OVERRIDE_GFX_VERSION=" + kHostile + " is not of the form major.minor.stepping",
            "unset HSA_OVERRIDE_GFX_VERSION" + kHostile + "\nsecond line" + kHostile, kHostile, {kHostile},
            {{"env.HSA_OVERRIDE_GFX_VERSION", kHostile, "env" + kHostile, kHostile}}, -1};
  r.findings = {f};
  r.not_evaluated = {{"x.y" + kHostile, "system", "absent" + kHostile}};
  r.rule_diagnostics = {"rules/x.toml:1:1: unknown rule key '" + kHostile + "'"};
  r.rules_loaded = 1;
  return r;
}

TEST(TerminalSafetyTest, CheckTextWithoutColourHasNoControlCharacter) {
  for (bool verbose : {false, true}) {
    std::string text = RenderText(HostileReport(), TextOptions{false, verbose});
    EXPECT_EQ(TerminalProblem(text), "") << text;
    EXPECT_NE(text.find("HSA_OVERRIDE_GFX_VERSION=?"), std::string::npos) << text;  // the text is still there
    EXPECT_NE(text.find("        unset HSA_OVERRIDE_GFX_VERSION?"), std::string::npos) << text;
  }
}

TEST(TerminalSafetyTest, CheckTextKeepsOnlyItsOwnColourCodes) {
  std::string text = RenderText(HostileReport(), TextOptions{true, true});
  EXPECT_EQ(TerminalProblem(text, /*allow_sgr=*/true), "") << text;
  EXPECT_NE(text.find("\033[31m✗\033[0m"), std::string::npos) << text;  // the renderer's red mark
  EXPECT_EQ(text.find("\033[2J"), std::string::npos);
  EXPECT_EQ(text.find("\033[8m"), std::string::npos);
}

TEST(TerminalSafetyTest, CheckMarkdownHasNoControlCharacter) {
  std::string md = RenderMarkdown(HostileReport());
  EXPECT_EQ(TerminalProblem(md), "") << md;
}

TEST(TerminalSafetyTest, FleetTextAndMarkdownHaveNoControlCharacter) {
  NodeReport node{"evil" + kHostile + "node", "dir/evil" + kHostile + ".json", {}};
  node.report.facts.Set("kernel.release", "6.1" + kHostile);
  Finding f;
  f.rule_id = "x.evil" + kHostile;
  f.severity = Severity::Error;
  f.title = kHostile + "ALL NODES HEALTHY";
  node.report.findings.push_back(f);
  NodeReport other{"n2", "dir/n2.json", {}};
  other.report.facts.Set("kernel.release", "6.2");
  FleetOptions options;
  options.skew_facts = {"kernel.release"};
  options.expected_nodes = {"missing" + kHostile};
  FleetSummary s = MergeFleet({node, other}, {{"bad" + kHostile, "dir/bad" + kHostile + ".json", "not JSON" + kHostile}}, options);
  for (bool verbose : {false, true}) {
    std::string text = RenderFleetText(s, verbose);
    EXPECT_EQ(TerminalProblem(text), "") << text;
    EXPECT_NE(text.find("ALL NODES HEALTHY"), std::string::npos) << text;
  }
  EXPECT_EQ(TerminalProblem(RenderFleetMarkdown(s)), "") << RenderFleetMarkdown(s);
}

TEST(TerminalSafetyTest, TriageOfAHostilePaste) {
  testing::TempTree tree;
  tree.Write("kfd.txt", "$ sudo dmesg | grep kfd\n[    3.548555] kfd kfd: amdgpu: PITCAIRN" + kHostile + "  not supported in kfd\n");
  tree.Write("python.txt", "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n    import torch\n"
                           "ImportError: libamdhip64.so.6" + kHostile + ": cannot open shared object file: No such file or directory\n");
  for (bool tty : {false, true}) {
    auto kfd = Cli({"triage", tree.Path("kfd.txt")}, tty);
    // on a TTY the title wraps at 80 columns (issue 14 item 5): the word may start the next line
    EXPECT_NE(kfd.out.find("PITCAIRN", kfd.out.find("does not support")), std::string::npos) << kfd.out;
    EXPECT_EQ(TerminalProblem(kfd.out, tty), "") << kfd.out;
    auto python = Cli({"triage", tree.Path("python.txt")}, tty);
    EXPECT_NE(python.out.find("cannot find"), std::string::npos) << python.out;
    EXPECT_EQ(TerminalProblem(python.out, tty), "") << python.out;
  }
}

TEST(TerminalSafetyTest, CheckFromAHostileReport) {
  testing::TempTree tree;
  auto good = Cli({"check", "--replay", testing::FixturePath("mi300x-healthy"), "-f", "json", "--no-redact"});
  auto report = nlohmann::json::parse(good.out);
  report["generated_at"] = "\x1b[2J\x1b[31mFAKE\x07";
  report["facts"]["values"]["env"]["HSA_OVERRIDE_GFX_VERSION"] = "\x1b[2J\x1b[H\x1b[32m[OK] all GPUs healthy\x1b[0m\x1b[8m\xc2\x9b";
  tree.Write("esc.json", report.dump());
  for (bool tty : {false, true}) {
    auto r = Cli({"check", "--from", tree.Path("esc.json"), "-v"}, tty);
    EXPECT_NE(r.out.find("from ?[2J?[31mFAKE?"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("HSA_OVERRIDE_GFX_VERSION=?[2J"), std::string::npos) << r.out;
    EXPECT_EQ(TerminalProblem(r.out, tty), "") << r.out;
  }
}

// A rule file with control characters is refused by lint (m11), and what is echoed of it is clean.
TEST(TerminalSafetyTest, RulesListExplainAndLintOfHostileRuleFiles) {
  testing::TempTree tree;
  tree.Write("rules/evil.toml", "[[rule]]\nid = \"x.esc\"\nsection = \"system\"\nseverity = \"info\"\n"
                                "title = \"\\u001b[2J\\u0007 all good \\u009b2J \\u202e\"\nfix = \"x\\u0008\"\n"
                                "when = [{ fact = \"os.id\", eq = \"debian\" }]\n"
                                "[[rule]]\nid = \"x\\u001b[31m.bad\"\nsection = \"system\"\nseverity = \"info\"\ntitle = \"t\"\n"
                                "when = [{ fact = \"os.id\", eq = \"debian\" }]\n");
  std::string dir = tree.Path("rules");
  auto list = Cli({"rules", "list", "--rules", dir});
  EXPECT_EQ(list.status, kExitUsage);
  EXPECT_EQ(list.out.find("x.esc"), std::string::npos) << list.out;  // not loaded
  EXPECT_NE(list.err.find("evil.toml:5"), std::string::npos) << list.err;
  EXPECT_EQ(TerminalProblem(list.out), "") << list.out;
  EXPECT_EQ(TerminalProblem(list.err), "") << list.err;
  auto lint = Cli({"rules", "lint", dir});
  EXPECT_NE(lint.out.find("evil.toml:5"), std::string::npos) << lint.out;
  EXPECT_NE(lint.out.find("evil.toml:9"), std::string::npos) << lint.out;
  EXPECT_EQ(TerminalProblem(lint.out), "") << lint.out;
  auto explain = Cli({"explain", "x\x1b]0;pwn\x07.esc", "--rules", dir});
  EXPECT_EQ(explain.status, kExitUsage);
  EXPECT_NE(explain.err.find("unknown rule 'x?]0;pwn?.esc'"), std::string::npos) << explain.err;
  EXPECT_EQ(TerminalProblem(explain.err), "") << explain.err;
  auto good = Cli({"explain", "env.amd-log-level-on"});
  EXPECT_EQ(TerminalProblem(good.out), "") << good.out;
}

TEST(TerminalSafetyTest, StderrMessagesEchoFileNamesSafely) {
  auto r = Cli({"triage", "/nonexistent/\x1b[2Jpaste\x07.txt"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("/nonexistent/?[2Jpaste?.txt"), std::string::npos) << r.err;
  EXPECT_EQ(TerminalProblem(r.err), "") << r.err;
  auto fleet = Cli({"fleet", "/nonexistent/\x9b" "2J.json"});
  EXPECT_EQ(TerminalProblem(fleet.err + fleet.out), "") << fleet.err << fleet.out;
}

}  // namespace
}  // namespace rd
