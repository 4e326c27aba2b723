// Inputs the fuzzers crashed on (tests/fuzz/regressions/triage/): each goes through the whole
// triage path again (split, facts, every rule, all three renderers) and must give a report.
#include <filesystem>

#include <gtest/gtest.h>

#include "report/redaction.h"
#include "report/renderers.h"
#include "system/local_files.h"
#include "triage_helpers.h"

namespace rd {
namespace {

TEST(FuzzRegressions, EveryCrashInputGivesAReport) {
  // tests/fuzz/regressions/triage: not under tests/fixtures, where every folder is a replay scenario
  std::filesystem::path dir = std::filesystem::path(ROCM_DOCTOR_FIXTURES) / ".." / "fuzz" / "regressions" / "triage";
  size_t inputs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".bin") continue;
    ++inputs;
    auto text = ReadLocalFile(entry.path().string());
    ASSERT_TRUE(text.ok()) << entry.path();
    Report report;
    ASSERT_NO_THROW(report = testing::TriageTexts({{entry.path().filename().string(), text.value()}})) << entry.path();
    EXPECT_NO_THROW((void)RenderText(report, {})) << entry.path();
    Report redacted = RedactReport(report);
    EXPECT_NO_THROW((void)RenderJson(redacted)) << entry.path();
    EXPECT_NO_THROW((void)RenderMarkdown(redacted)) << entry.path();
  }
  EXPECT_GE(inputs, 8u);
}

}  // namespace
}  // namespace rd
