#include "report/renderers.h"

#include <gtest/gtest.h>

#include <sstream>

#include "cli/check_command.h"
#include "report/json_report.h"

namespace rd {
namespace {

Report SampleReport() {
  Report r;
  r.tool_version = "0.1.0";
  r.rules_version = "test";
  r.mode = "replay";
  r.generated_at = "2026-11-29T00:00:00Z";
  r.facts.Set("os.id", "debian", {"file:/etc/os-release", "line 8: ID=debian"});
  r.facts.Set("summary.os", "Debian GNU/Linux 13 (trixie)");
  r.facts.Set("env.AMD_LOG_LEVEL", "4", {"env", ""});
  r.collectors = {{"os", "system", CollectorStatus::Ok, "", 1.0},
                  {"environment", "environment", CollectorStatus::Ok, "", 1.0},
                  {"gpu-test", "gpu", CollectorStatus::TimedOut, "collector 'gpu-test' did not finish within 10000 ms", 10000}};
  Finding f{"env.amd-log-level-on", "environment", Severity::Warning, "AMD_LOG_LEVEL=4 leaves logging on",
            "unset AMD_LOG_LEVEL", "why", {"https://example.invalid"}, {{"env.AMD_LOG_LEVEL", "4", "env", ""}}, -1};
  Finding e{"distro.x", "system", Severity::Error, "a | pipe\nand newline", "line one\nline two", "", {}, {}, -1};
  r.findings = {e, f};
  r.rules_loaded = 2;
  return r;
}

TEST(TextRendererTest, MarksFixesAndSummary) {
  std::string text = RenderText(SampleReport(), TextOptions{false, false});
  EXPECT_NE(text.find("[✗] System — Debian GNU/Linux 13 (trixie)"), std::string::npos) << text;
  EXPECT_NE(text.find("[!] Environment"), std::string::npos);
  EXPECT_NE(text.find("[☠] GPUs and driver"), std::string::npos);
  EXPECT_NE(text.find("did not finish within 10000 ms"), std::string::npos);
  EXPECT_NE(text.find("→ unset AMD_LOG_LEVEL"), std::string::npos);
  EXPECT_NE(text.find("      → line one\n        line two"), std::string::npos) << text;
  EXPECT_NE(text.find("1 error, 1 warning, 0 notes"), std::string::npos);
  EXPECT_EQ(text.find("\033["), std::string::npos);
  EXPECT_EQ(text.find("env.AMD_LOG_LEVEL = 4"), std::string::npos);  // evidence only with -v
}

TEST(TextRendererTest, VerboseShowsEvidenceAndColourIsOptIn) {
  std::string text = RenderText(SampleReport(), TextOptions{true, true});
  EXPECT_NE(text.find("env.AMD_LOG_LEVEL = 4"), std::string::npos);
  EXPECT_NE(text.find("os.id = debian  (file:/etc/os-release)"), std::string::npos) << text;
  EXPECT_NE(text.find("\033[31m"), std::string::npos);
}

TEST(EmitReportTest, ColourOnlyOnATerminalWithoutNoColor) {
  for (auto [tty, no_color, want] : {std::tuple{true, false, true}, {true, true, false}, {false, false, false}}) {
    std::ostringstream out, err;
    Io io{out, err, tty, no_color};
    EmitReport(SampleReport(), OutputOptions{}, io);
    EXPECT_EQ(out.str().find("\033[") != std::string::npos, want) << tty << no_color;
  }
}

TEST(MarkdownRendererTest, TableFindingsAndDetails) {
  std::string md = RenderMarkdown(SampleReport());
  EXPECT_NE(md.find("| ✗ | System | Debian GNU/Linux 13 (trixie) |"), std::string::npos) << md;
  EXPECT_NE(md.find("| ☠ | GPUs and driver | collector 'gpu-test' did not finish"), std::string::npos);
  EXPECT_NE(md.find("### ✗ error: a | pipe"), std::string::npos);
  EXPECT_NE(md.find("```sh\nunset AMD_LOG_LEVEL\n```"), std::string::npos);
  EXPECT_NE(md.find("<details><summary>Evidence</summary>"), std::string::npos);
  EXPECT_NE(md.find("<details><summary>All facts</summary>"), std::string::npos);
}

TEST(JsonReportTest, RoundTripsThroughTheSchemaFields) {
  Report r = SampleReport();
  auto j = nlohmann::json::parse(RenderJson(r));
  EXPECT_EQ(j["schema"], kReportSchema);
  EXPECT_EQ(j["summary"]["errors"], 1);
  EXPECT_EQ(j["sections"][2]["mark"], "dead");
  auto back = ReportFromJson(j, "x.json");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->facts.tree(), r.facts.tree());
  EXPECT_EQ(back->collectors.size(), 3u);
  EXPECT_EQ(back->collectors[2].status, CollectorStatus::TimedOut);
  EXPECT_EQ(back->findings.size(), 2u);
}

TEST(JsonReportTest, InvalidUtf8InFactsDoesNotThrow) {
  Report r = SampleReport();
  r.facts.Set("os.pretty_name", std::string("bad\xff\xfe", 5));
  std::string text = RenderJson(r);
  EXPECT_TRUE(nlohmann::json::accept(text));
}

}  // namespace
}  // namespace rd
