// issue 14 item 6, ux-review U10 and p7: the Markdown for a ticket always pastes into a GitHub
// issue (≤ 60,000 characters), keeps the summary, findings and key facts inline and lists what
// could not be checked.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "report/redaction.h"
#include "report/renderers.h"
#include "scenario.h"

namespace rd {
namespace {

constexpr size_t kLimit = 60000;

// The largest fixture: 8 × MI300X (72,657 characters before).
TEST(MarkdownBudget, LargestFixtureFitsATicket) {
  Report r = testing::ReplayScenario("mi300x-healthy");
  std::string md = RenderMarkdown(RedactReport(r));
  EXPECT_LE(md.size(), kLimit);
  EXPECT_NE(md.find("| ✗ | ROCm installs |"), std::string::npos) << md.substr(0, 3000);
  EXPECT_NE(md.find("**Could not check:**\n\n- **Runtime probes**: the runtime probes did not run"), std::string::npos);
  EXPECT_NE(md.find("| GPUs | 8 × AMD Instinct MI300X (gfx942) |"), std::string::npos);
  EXPECT_NE(md.find("`rocm.none-found`"), std::string::npos);
  EXPECT_NE(md.find("<details><summary>All facts</summary>"), std::string::npos);
}

TEST(MarkdownBudget, HugeReportsAreCappedAndSayWhatToAttach) {
  Report r = testing::ReplayScenario("mi300x-healthy");
  for (int i = 0; i < 4000; ++i) r.facts.Set(fmt::format("env.PLANTED_{}", i), std::string(40, 'x'));
  std::string md = RenderMarkdown(r);
  EXPECT_LE(md.size(), kLimit);
  EXPECT_NE(md.find("attach the JSON report"), std::string::npos);
  EXPECT_NE(md.find("`rocm.none-found`"), std::string::npos);  // findings come before the folded facts
  for (int i = 0; i < 3000; ++i) {
    r.findings.push_back({fmt::format("x.f{}", i), "gpu", Severity::Warning, std::string(60, 'y'), "true", "", {}, {}, -1});
  }
  md = RenderMarkdown(r);
  EXPECT_LE(md.size(), kLimit);
  EXPECT_NE(md.find("cut to fit a ticket"), std::string::npos);
}

}  // namespace
}  // namespace rd
