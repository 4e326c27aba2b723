// Usage errors of the UX review's minor items (ux-review m4, m8, m16) and the output format that
// follows -o's extension (p4): a typo is exit 2 with what was wrong, never a silent success.
#include "cli/io.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "util/text_wrap.h"

#include <fstream>
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

CliRun Cli(std::vector<std::string> args, bool stderr_is_tty = false) {
  std::ostringstream out, err;
  Io io{out, err, false, true};
  io.stderr_is_tty = stderr_is_tty;
  std::vector<const char*> argv = {"rocm-doctor"};
  for (auto& a : args) argv.push_back(a.c_str());
  int status = RunCli(static_cast<int>(argv.size()), argv.data(), io);
  return {status, out.str(), err.str()};
}

TEST(CliUsage, UnknownProbeNameIsAUsageError) {
  auto r = Cli({"probe", "bogus"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("unknown probe 'bogus' (runtime kernel memcpy async streams p2p)"), std::string::npos) << r.err;
}

TEST(CliUsage, IgnoreOfAnUnknownRuleSaysDidYouMean) {
  std::string fixture = testing::FixturePath("debian13-host");
  auto r = Cli({"check", "--replay", fixture, "--ignore", "gpu.none-fund"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("--ignore: unknown rule 'gpu.none-fund', did you mean 'gpu.none-found'?"), std::string::npos) << r.err;
  EXPECT_EQ(Cli({"check", "--replay", fixture, "--ignore", "gpu.none-found"}).status, kExitHealthy);
  auto triage = Cli({"triage", fixture + "/README.md", "--ignore", "nope.nothing"});
  EXPECT_EQ(triage.status, kExitUsage) << triage.err;
}

TEST(CliUsage, MissingRulesDirIsAUsageError) {
  auto r = Cli({"check", "--replay", testing::FixturePath("debian13-host"), "--rules", "/nonexistent-rules-dir"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("/nonexistent-rules-dir"), std::string::npos) << r.err;
}

TEST(CliUsage, FleetWithoutAReadableReportIsAUsageError) {
  auto r = Cli({"fleet", "/nonexistent-fleet"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_EQ(r.out.find("✓"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("/nonexistent-fleet"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no reports found"), std::string::npos) << r.err;
}

TEST(CliUsage, OutputExtensionPicksTheFormat) {
  testing::TempTree tree;
  std::string json = tree.Path("out.json"), md = tree.Path("out.md"), txt = tree.Path("out.txt");
  std::string fixture = testing::FixturePath("debian13-host");
  ASSERT_EQ(Cli({"check", "--replay", fixture, "-o", json}).status, kExitHealthy);
  ASSERT_EQ(Cli({"check", "--replay", fixture, "-o", md}).status, kExitHealthy);
  ASSERT_EQ(Cli({"check", "--replay", fixture, "-o", txt, "-f", "text"}).status, kExitHealthy);
  auto slurp = [](const std::string& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(slurp(json).rfind("{", 0), 0u) << slurp(json).substr(0, 80);
  EXPECT_NE(slurp(md).find("<details>"), std::string::npos);
  EXPECT_NE(slurp(txt).find("[!] System"), std::string::npos);
  // -f wins over the extension
  ASSERT_EQ(Cli({"check", "--replay", fixture, "-o", json, "-f", "text"}).status, kExitHealthy);
  EXPECT_NE(slurp(json).find("[!] System"), std::string::npos);
}

// ux-review p4: after -o, a terminal is told where the report went; a script's stderr is not.
TEST(CliUsage, OutputFileIsNamedOnATerminalOnly) {
  testing::TempTree tree;
  std::string json = tree.Path("out.json");
  std::string fixture = testing::FixturePath("debian13-host");
  auto tty = Cli({"check", "--replay", fixture, "-o", json}, true);
  EXPECT_NE(tty.err.find("rocm-doctor: wrote " + json + " ("), std::string::npos) << tty.err;
  auto piped = Cli({"check", "--replay", fixture, "-o", json}, false);
  EXPECT_EQ(piped.err.find("wrote"), std::string::npos) << piped.err;
}

// ux-review p6: `rules list` on an 80-column terminal fits it; piped, one line a rule (for grep).
TEST(CliUsage, RulesListFitsTheTerminal) {
  std::ostringstream out, err;
  Io io{out, err, true, true};
  io.stdout_columns = 80;
  std::vector<const char*> argv = {"rocm-doctor", "rules", "list"};
  ASSERT_EQ(RunCli(static_cast<int>(argv.size()), argv.data(), io), kExitHealthy);
  std::istringstream lines(out.str());
  size_t count = 0, widest = 0;
  for (std::string line; std::getline(lines, line); ++count) widest = std::max(widest, DisplayWidth(line));
  EXPECT_GT(count, 200u);
  EXPECT_LE(widest, 80u) << out.str().substr(0, 400);
  auto piped = Cli({"rules", "list"});
  EXPECT_NE(piped.out.find("distro.unsupported-debian13-deps"), std::string::npos);
  EXPECT_GT(std::count(piped.out.begin(), piped.out.end(), '\n'), 200);
}

TEST(CliUsage, RecordSaysWhereAndThatItIsNotRedacted) {
  testing::TempTree tree;
  auto r = Cli({"check", "--quick", "--record", tree.Path("snap"), "-o", tree.Path("r.json")});
  EXPECT_NE(r.err.find("recorded the snapshot in " + tree.Path("snap") + " (NOT redacted"), std::string::npos) << r.err;
}

// U14: a pasted collect_env says what it showed (ROCm release, torch, HIP), marks stay ✓.
TEST(CliUsage, TriageSummariesEchoWhatWasParsed) {
  auto r = Cli({"triage", testing::FixturePath("triage") + "/collect_env_rocm_mi300x.txt"});
  EXPECT_NE(r.out.find("[✓] ROCm installs — ROCm 6.3 (seen in the paste: hip-version)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[✓] Frameworks — torch 2.7.0a0+git295f2ed · HIP 6.3.42133-1b9c17779"), std::string::npos) << r.out;
}

// m13: --help shows the collector budget's default.
TEST(CliUsage, HelpShowsTheCollectorTimeoutDefault) {
  auto r = Cli({"check", "--help"});
  EXPECT_NE((r.out + r.err).find("=10000"), std::string::npos) << r.out;
}

// ux-review m7: the enum options show their names, not CLI11's "ENUM:value in {…} OR {1,2,2,0}",
// and the enum's numbers are not accepted as aliases.
TEST(CliUsage, EnumOptionsShowNamesAndRejectNumbers) {
  auto help = Cli({"check", "--help"});
  std::string text = help.out + help.err;
  EXPECT_NE(text.find("text|json|markdown"), std::string::npos) << text;
  EXPECT_NE(text.find("error|warning|never"), std::string::npos) << text;
  EXPECT_NE(text.find("--record DIR"), std::string::npos) << text;
  EXPECT_EQ(text.find("ENUM"), std::string::npos) << text;
  EXPECT_EQ(text.find("OR {"), std::string::npos) << text;
  std::string fixture = testing::FixturePath("debian13-host");
  auto numeric_format = Cli({"check", "--replay", fixture, "-f", "2"});
  EXPECT_EQ(numeric_format.status, kExitUsage) << numeric_format.out;
  EXPECT_NE(numeric_format.err.find("must be text, json or markdown"), std::string::npos) << numeric_format.err;
  auto numeric_level = Cli({"check", "--replay", fixture, "--fail-on", "1"});
  EXPECT_EQ(numeric_level.status, kExitUsage);
  auto info = Cli({"check", "--replay", fixture, "--fail-on", "info"});
  EXPECT_EQ(info.status, kExitUsage);
  EXPECT_NE(info.err.find("--fail-on: must be error, warning or never (got 'info')"), std::string::npos) << info.err;
  EXPECT_EQ(Cli({"check", "--replay", fixture, "-f", "MD", "--fail-on", "Never"}).status, kExitHealthy);
}

// ux-review m18: the replay header names the snapshot folder, in the text and in JSON's mode.
TEST(CliUsage, ReplayHeaderNamesTheSnapshotFolder) {
  std::string fixture = testing::FixturePath("debian13-host");
  auto text = Cli({"check", "--replay", fixture});
  EXPECT_NE(text.out.substr(0, text.out.find('\n')).find("replay " + fixture), std::string::npos) << text.out;
  auto json = Cli({"check", "--replay", fixture, "-f", "json"});
  EXPECT_NE(json.out.find("\"mode\": \"replay " + fixture + "\""), std::string::npos) << json.out.substr(0, 400);
}

}  // namespace
}  // namespace rd
