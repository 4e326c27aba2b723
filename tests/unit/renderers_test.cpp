#include "report/renderers.h"

#include <gtest/gtest.h>

#include <sstream>

#include "cli/check_command.h"
#include "cli/io.h"
#include "cli/output.h"
#include "util/text_wrap.h"
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
  EXPECT_NE(text.find("\n        unset AMD_LOG_LEVEL"), std::string::npos);
  EXPECT_NE(text.find("\n        line one\n        line two"), std::string::npos) << text;
  EXPECT_NE(text.find("1 error, 1 warning, 0 notes"), std::string::npos);
  EXPECT_EQ(text.find("\033["), std::string::npos);
  EXPECT_EQ(text.find("env.AMD_LOG_LEVEL = 4"), std::string::npos);  // evidence only with -v
}

// ux-review p1: a terminal under LC_ALL=C gets ASCII marks; only a UTF-8 or unset locale the glyphs.
TEST(TextRendererTest, AsciiMarksOutsideAUtf8Locale) {
  TextOptions ascii{false, false};
  ascii.ascii = true;
  std::string text = RenderText(SampleReport(), ascii);
  EXPECT_NE(text.find("[XX] System - Debian GNU/Linux 13 (trixie)"), std::string::npos) << text;
  EXPECT_NE(text.find("[**] GPUs and driver"), std::string::npos) << text;
  for (const char* glyph : {"✓", "✗", "☠", "–", "—", "·", "→", "•"}) EXPECT_EQ(text.find(glyph), std::string::npos) << glyph;
  EXPECT_FALSE(LocaleIsUtf8("C", "", "en_US.UTF-8"));  // LC_ALL wins
  EXPECT_FALSE(LocaleIsUtf8("", "POSIX", ""));
  EXPECT_TRUE(LocaleIsUtf8("", "", "de_DE.utf8"));
  EXPECT_TRUE(LocaleIsUtf8("C.UTF-8", "", ""));
  EXPECT_TRUE(LocaleIsUtf8("", "", ""));  // nothing set: today's terminals are UTF-8
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

// issue 14 item 5 (ux-review U11): at 80 columns every line fits except a fix command, which is
// printed whole on its own line so that it stays copy-pasteable.
std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

Report WideReport() {
  Report r = SampleReport();
  std::string command = "sudo apt-get install --no-install-recommends rocm-hip-runtime-dev rocm-device-libs hipcc rocminfo";
  r.findings.push_back({"toolchain.hipcc-failed", "toolchain", Severity::Error,
                        "hipcc could not build the test kernel for gfx1100 because the device library bitcode "
                        "under /opt/rocm-6.2.0/amdgcn/bitcode is missing",
                        command + "\n# then run rocm-doctor check again; the compile check builds one kernel for each GPU target it found\n"
                        "hipcc --version    # the clang it names must be the one that has the bitcode in its resource directory",
                        "", {}, {}, -1});
  return r;
}

TEST(TextRendererTest, WrapsProseAt80ButNeverACommand) {
  std::string text = RenderText(WideReport(), TextOptions{false, false, 80});
  std::string command = "        sudo apt-get install --no-install-recommends rocm-hip-runtime-dev rocm-device-libs hipcc rocminfo";
  bool saw_command = false;
  for (const auto& line : Lines(text)) {
    if (line == command) saw_command = true;
    else EXPECT_LE(DisplayWidth(line), 80u) << line;
  }
  EXPECT_TRUE(saw_command) << text;
  // hanging indent under the finding's text, and the rule id moves whole to the next line
  EXPECT_NE(text.find("    ✗ hipcc could not build the test kernel for gfx1100 because the device\n"
                      "      library bitcode under /opt/rocm-6.2.0/amdgcn/bitcode is missing\n"
                      "      [toolchain.hipcc-failed]\n"), std::string::npos) << text;
  // a comment line wraps as comments; a trailing comment that does not fit goes below its command
  EXPECT_NE(text.find("        # then run rocm-doctor check again; the compile check builds one kernel\n"
                      "        # for each GPU target it found\n"), std::string::npos) << text;
  EXPECT_NE(text.find("        hipcc --version\n        # the clang it names must be the one that has the"), std::string::npos) << text;
  // width 0 (piped): the report as before, one line per item
  std::string piped = RenderText(WideReport(), TextOptions{false, false, 0});
  EXPECT_NE(piped.find("hipcc --version    # the clang it names"), std::string::npos);
  EXPECT_NE(piped.find("is missing  [toolchain.hipcc-failed]\n"), std::string::npos);
}

TEST(TextRendererTest, ColourAt80BoldsSectionsAndColoursCounts) {
  std::string text = RenderText(WideReport(), TextOptions{true, false, 80});
  EXPECT_NE(text.find("[\033[31m✗\033[0m] \033[1mSystem\033[0m"), std::string::npos) << text;
  EXPECT_NE(text.find("\033[31m2 errors\033[0m, \033[33m1 warning\033[0m, 0 notes"), std::string::npos) << text;
  EXPECT_NE(text.find("\033[31m2 ✗\033[0m"), std::string::npos) << text;
  // colour codes are not counted as width: the same text without them has the same lines
  std::string plain = RenderText(WideReport(), TextOptions{false, false, 80});
  std::string stripped;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\033') i = text.find('m', i);
    else stripped += text[i];
  }
  EXPECT_EQ(stripped, plain);
}

TEST(EmitReportTest, WidthFollowsTheTerminalAndTheFlag) {
  std::ostringstream out, err;
  Io io{out, err, true, false, false, true, false, 0, 0};
  OutputOptions options;
  EXPECT_EQ(TextOptionsFor(options, io).width, 80u);  // a TTY that does not say: 80
  io.stdout_columns = 132;
  EXPECT_EQ(TextOptionsFor(options, io).width, 132u);
  EXPECT_TRUE(TextOptionsFor(options, io).color);
  io.term_dumb = true;
  EXPECT_FALSE(TextOptionsFor(options, io).color);
  options.width = 0;
  EXPECT_EQ(TextOptionsFor(options, io).width, 0u);  // --width 0: never
  io.stdout_is_tty = false;
  options.width = -1;
  EXPECT_EQ(TextOptionsFor(options, io).width, 0u);  // piped: no wrapping…
  options.width = 100;
  EXPECT_EQ(TextOptionsFor(options, io).width, 100u);  // …unless --width says
  io.stdout_is_tty = true;
  io.term_dumb = false;
  options.output_file = "report.txt";
  EXPECT_FALSE(TextOptionsFor(options, io).color);  // no colour into a file
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
