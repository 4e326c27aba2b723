// The CLI in-process: exit codes, formats, --from, rules commands, hostile inputs.
#include "cli/io.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/exit_status.h"
#include "scenario.h"
#include "temp_tree.h"

namespace rd {
namespace {

struct CliRun {
  int status;
  std::string out, err;
};

CliRun Cli(std::vector<std::string> args) {
  std::ostringstream out, err;
  Io io{out, err, false, true};
  std::vector<const char*> argv = {"rocm-doctor"};
  for (auto& a : args) argv.push_back(a.c_str());
  int status = RunCli(static_cast<int>(argv.size()), argv.data(), io);
  return {status, out.str(), err.str()};
}

std::string Fixture(const char* name) { return testing::FixturePath(name); }

TEST(CliTest, ReplayTextReportHasMarksAndFix) {
  auto r = Cli({"check", "--replay", Fixture("debian13-host")});
  EXPECT_EQ(r.status, kExitHealthy);  // a warning is not an error
  EXPECT_NE(r.out.find("[!] System"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n        sudo apt install hipcc"), std::string::npos);
  EXPECT_NE(r.out.find("[✓] Environment"), std::string::npos);
}

TEST(CliTest, FailOnWarningTurnsWarningsIntoExitOne) {
  EXPECT_EQ(Cli({"check", "--replay", Fixture("debian13-host"), "--fail-on", "warning"}).status, kExitFindings);
  EXPECT_EQ(Cli({"check", "--replay", Fixture("debian13-host"), "--fail-on", "never"}).status, kExitHealthy);
  EXPECT_EQ(Cli({"check", "--replay", Fixture("debian13-host"), "--ignore", "distro.unsupported-debian13-deps",
                 "--fail-on", "never"}).status, kExitHealthy);
}

// issue 14 item 1: "?" on a required section counts as a warning for --fail-on, not as an error.
// debian13-host's snapshot has no /sys/bus/pci, so "no GPU" is not known there.
TEST(CliTest, UnknownRequiredSectionFailsOnlyAtWarningLevel) {
  std::vector<std::string> args = {"check", "--replay", Fixture("debian13-host"), "--ignore", "distro.unsupported-debian13-deps"};
  EXPECT_EQ(Cli(args).status, kExitHealthy);
  args.insert(args.end(), {"--fail-on", "warning"});
  auto r = Cli(args);
  EXPECT_EQ(r.status, kExitFindings);
  EXPECT_NE(r.out.find("[?] GPUs and driver"), std::string::npos) << r.out;
}

TEST(CliTest, UsageErrorsExitTwo) {
  EXPECT_EQ(Cli({}).status, kExitUsage);
  EXPECT_EQ(Cli({"check", "--format", "yaml"}).status, kExitUsage);
  EXPECT_EQ(Cli({"check", "--replay", "/nonexistent"}).status, kExitUsage);
  EXPECT_EQ(Cli({"check", "--replay", "a", "--from", "b"}).status, kExitUsage);
  EXPECT_EQ(Cli({"frobnicate"}).status, kExitUsage);
}

TEST(CliTest, HelpDocumentsExitCodes) {
  auto r = Cli({"check", "--help"});
  EXPECT_EQ(r.status, kExitHealthy);
  EXPECT_NE(r.out.find("Exit codes: 0"), std::string::npos);
}

TEST(CliTest, JsonOutputToFileThenFromReEvaluates) {
  testing::TempTree t;
  std::string report = t.Path("report.json");
  auto first = Cli({"check", "--replay", Fixture("debian13-host"), "-f", "json", "-o", report});
  ASSERT_EQ(first.status, kExitHealthy) << first.err;
  auto again = Cli({"check", "--from", report, "-f", "json"});
  ASSERT_EQ(again.status, kExitHealthy) << again.err;
  auto j = nlohmann::json::parse(again.out);
  EXPECT_EQ(j["schema"], 1);
  ASSERT_EQ(j["findings"].size(), 1u);
  EXPECT_EQ(j["findings"][0]["id"], "distro.unsupported-debian13-deps");
  EXPECT_EQ(j["facts"]["values"]["os"]["version_id"], "13");
  // With today's rules plus one more, an old report gains the new finding.
  t.Write("extra/extra.toml", "[[rule]]\nid=\"x.kernel-612\"\nsection=\"system\"\nseverity=\"error\"\ntitle=\"t\"\n"
                              "when=[{fact=\"kernel.release\", version_ge=\"6.12\"}]\n");
  auto extra = Cli({"check", "--from", report, "--rules", t.Path("extra")});
  EXPECT_EQ(extra.status, kExitFindings);
  EXPECT_NE(extra.out.find("x.kernel-612"), std::string::npos);
}

TEST(CliTest, FromRejectsGarbageWithTheFileName) {
  testing::TempTree t;
  t.Write("junk.json", "\x7f" "ELF garbage");
  t.Write("future.json", R"({"schema": 99, "tool": {}, "facts": {}})");
  auto junk = Cli({"check", "--from", t.Path("junk.json")});
  EXPECT_EQ(junk.status, kExitUsage);
  EXPECT_NE(junk.err.find("junk.json"), std::string::npos);
  auto future = Cli({"check", "--from", t.Path("future.json")});
  EXPECT_EQ(future.status, kExitUsage);
  EXPECT_NE(future.err.find("newer"), std::string::npos);
}

TEST(CliTest, MalformedUserRulesAreReportedAndTheRestStillRuns) {
  testing::TempTree t;
  t.Write("bad/broken.toml", "[[rule]\nthis is not toml");
  t.Write("bad/typo.toml", "[[rule]]\nid=\"x.y\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", equalz=\"x\"}]\n");
  auto r = Cli({"check", "--replay", Fixture("debian13-host"), "--rules", t.Path("bad")});
  EXPECT_EQ(r.status, kExitHealthy);
  EXPECT_NE(r.out.find("distro.unsupported-debian13-deps"), std::string::npos);
  EXPECT_NE(r.err.find("broken.toml:1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("typo.toml:6"), std::string::npos) << r.err;
  auto lint = Cli({"rules", "lint", t.Path("bad")});
  EXPECT_EQ(lint.status, kExitUsage);
  EXPECT_NE(lint.out.find("unknown operator 'equalz'"), std::string::npos);
}

TEST(CliTest, DuplicateIdsInOneDirAreLintErrorsAndUserDirsOverride) {
  testing::TempTree t;
  const char* rule = "[[rule]]\nid=\"x.dup\"\nsection=\"system\"\nseverity=\"info\"\ntitle=\"t\"\nwhen=[{fact=\"os.id\", eq=\"debian\"}]\n";
  t.Write("dup/a.toml", rule);
  t.Write("dup/b.toml", rule);
  auto lint = Cli({"rules", "lint", t.Path("dup")});
  EXPECT_EQ(lint.status, kExitUsage);
  EXPECT_NE(lint.out.find("duplicate rule id 'x.dup'"), std::string::npos) << lint.out;
  t.Write("override/o.toml", "[[rule]]\nid=\"distro.unsupported-debian13-deps\"\nsection=\"system\"\nseverity=\"error\"\n"
                             "title=\"overridden\"\nwhen=[{fact=\"os.id\", eq=\"debian\"}]\n");
  auto r = Cli({"check", "--replay", Fixture("debian13-host"), "--rules", t.Path("override")});
  EXPECT_EQ(r.status, kExitFindings);
  EXPECT_NE(r.out.find("overridden"), std::string::npos);
}

TEST(CliTest, ExplainAndDidYouMean) {
  auto r = Cli({"explain", "env.amd-log-level-on"});
  EXPECT_EQ(r.status, kExitHealthy);
  EXPECT_NE(r.out.find("unset AMD_LOG_LEVEL"), std::string::npos);
  auto typo = Cli({"explain", "env.amd-log-levl-on"});
  EXPECT_EQ(typo.status, kExitUsage);
  EXPECT_NE(typo.err.find("did you mean 'env.amd-log-level-on'"), std::string::npos);
}

TEST(CliTest, RulesListShowsEveryRule) {
  auto r = Cli({"rules", "list"});
  EXPECT_EQ(r.status, kExitHealthy);
  EXPECT_NE(r.out.find("wsl.limitations"), std::string::npos);
}

TEST(CliTest, RecordThenReplayReproducesTheLiveFacts) {
  testing::TempTree t;
  // --quick: child processes (torch import, compile check) take load-dependent time and may hit
  // their budget in one run and not the other; files, env and identity must replay exactly.
  auto live = Cli({"check", "--quick", "--record", t.Path("snap"), "-f", "json", "--no-redact"});
  ASSERT_NE(live.status, kExitUsage) << live.err;
  auto replay = Cli({"check", "--quick", "--replay", t.Path("snap"), "-f", "json", "--no-redact"});
  ASSERT_NE(replay.status, kExitUsage) << replay.err;
  auto a = nlohmann::json::parse(live.out), b = nlohmann::json::parse(replay.out);
  EXPECT_EQ(a["facts"]["values"], b["facts"]["values"]);
  EXPECT_EQ(a["findings"], b["findings"]);
}

}  // namespace
}  // namespace rd
