// issue 14 item 1: a section's mark comes from what it could check (rules/sections.toml), not
// from silence (ux-review U1, U2, U6, U12, m5).
#include "engine/section_verdicts.h"

#include <gtest/gtest.h>

#include "engine/rule_loader.h"
#include "report/json_report.h"
#include "report/redaction.h"
#include "report/renderers.h"
#include "scenario.h"

namespace rd {
namespace {

using testing::ReplayScenario;

const SectionStatus* Section(const std::vector<SectionStatus>& sections, const std::string& id) {
  for (const auto& s : sections) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

SectionMark MarkOf(const Report& report, const std::string& id) {
  auto sections = SectionStatuses(report);
  const auto* s = Section(sections, id);
  return s ? s->mark : SectionMark::Absent;
}

// U1: no ROCm userspace, no hipcc, no Python, no probe ran: not all green.
TEST(SectionVerdicts, Mi300xWithoutUserspaceIsNotAllGreen) {
  Report r = ReplayScenario("mi300x-healthy");
  EXPECT_EQ(MarkOf(r, "rocm"), SectionMark::Error);
  EXPECT_TRUE(testing::FindingIds(r).count("rocm.none-found"));
  for (const auto& f : r.findings) {
    if (f.rule_id == "rocm.none-found") {
      EXPECT_NE(f.fix.find("amdgpu-install --usecase=rocm"), std::string::npos) << f.fix;
    }
  }
  EXPECT_EQ(MarkOf(r, "libraries"), SectionMark::NotApplicable);
  EXPECT_EQ(MarkOf(r, "toolchain"), SectionMark::NotApplicable);
  EXPECT_EQ(MarkOf(r, "frameworks"), SectionMark::NotApplicable);
  EXPECT_EQ(MarkOf(r, "probes"), SectionMark::Unknown);
  EXPECT_EQ(MarkOf(r, "gpu"), SectionMark::Ok);
}

// U2: every file EACCES is "?" with the reader's reason; no claim about what was not looked at.
TEST(SectionVerdicts, UnreadableSysIsUnknownWithTheReason) {
  Report r = ReplayScenario("unreadable-sys");
  auto sections = SectionStatuses(r);
  const auto* system = Section(sections, "system");
  ASSERT_NE(system, nullptr);
  EXPECT_EQ(system->mark, SectionMark::Unknown);
  EXPECT_NE(system->reason.find("Permission denied"), std::string::npos) << system->reason;
  EXPECT_EQ(system->summary.find("bare metal"), std::string::npos) << system->summary;
  const auto* gpu = Section(sections, "gpu");
  ASSERT_NE(gpu, nullptr);
  EXPECT_EQ(gpu->mark, SectionMark::Unknown);
  EXPECT_EQ(gpu->summary.find("no AMD display device on PCI"), std::string::npos) << gpu->summary;
  EXPECT_NE(gpu->summary.find("PCI not listed"), std::string::npos) << gpu->summary;
  EXPECT_EQ(MarkOf(r, "probes"), SectionMark::NotApplicable);  // U12: no GPU, no probes
  EXPECT_EQ(MarkOf(r, "access"), SectionMark::NotApplicable);
}

TEST(SectionVerdicts, JsonCarriesMarkReasonAndRequired) {
  Report r = ReplayScenario("unreadable-sys");
  auto j = ReportToJson(r);
  bool seen = false;
  for (const auto& s : j["sections"]) {
    if (s["id"] != "system") continue;
    seen = true;
    EXPECT_EQ(s["mark"], "unknown");
    EXPECT_EQ(s["required"], true);
    EXPECT_NE(s["reason"].get<std::string>().find("os-release"), std::string::npos);
  }
  EXPECT_TRUE(seen);
  // The redacted copy (JSON and Markdown are redacted by default) keeps the verdicts.
  Report redacted = RedactReport(r);
  EXPECT_EQ(MarkOf(redacted, "system"), SectionMark::Unknown);
}

TEST(SectionVerdicts, TextShowsMarksReasonsAndCounts) {
  std::string text = RenderText(ReplayScenario("unreadable-sys"), TextOptions{false, false});
  EXPECT_NE(text.find("[?] System"), std::string::npos) << text;
  EXPECT_NE(text.find("? could not check: the distribution is not known (open /etc/os-release: Permission denied)"), std::string::npos) << text;
  EXPECT_NE(text.find("[–] Runtime probes — not checked: no AMD GPU to run on"), std::string::npos) << text;
  EXPECT_NE(text.find("9 sections: 1 ✓ 2 ? 6 –"), std::string::npos) << text;
  EXPECT_NE(text.find("2 sections could not be checked (?)"), std::string::npos) << text;
}

// A finding's mark and the checks' mark: the worse one is shown (☠ ✗ ? ! – ✓).
TEST(SectionVerdicts, WorseMarkWins) {
  Report r;
  r.facts.Set("os.id", "debian");
  r.verdicts = {{"system", SectionMark::Unknown, "could not read x", true},
                {"environment", SectionMark::NotApplicable, "nothing", false}};
  r.findings = {{"a.b", "system", Severity::Warning, "t", "", "", {}, {}, -1},
                {"c.d", "environment", Severity::Warning, "t", "", "", {}, {}, -1}};
  r.facts.Set("env.X", "1");
  EXPECT_EQ(MarkOf(r, "system"), SectionMark::Unknown);
  EXPECT_EQ(MarkOf(r, "environment"), SectionMark::Warning);  // a problem in it: applicable
  EXPECT_EQ(CountRequiredUnknown(SectionStatuses(r)), 1u);
}

TEST(SectionVerdicts, LoaderRejectsBadChecks) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  size_t before = db.diagnostics.size();
  LoadRuleText("[[section]]\nid = \"nope\"\n[[section.check]]\nwhen = [ { fact = \"os.id\", exists = true } ]\n"
               "reason = \"x\"\notherwise = \"maybe\"\n",
               "bad.toml", db);
  ASSERT_EQ(db.diagnostics.size(), before + 2);
  EXPECT_NE(db.diagnostics[before].message.find("unknown section 'nope'"), std::string::npos);
  EXPECT_NE(db.diagnostics[before + 1].message.find("'otherwise' must be"), std::string::npos);
}

TEST(SectionVerdicts, EverySectionButPasteAndEnvironmentDeclaresChecks) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  std::set<std::string> declared;
  for (const auto& s : db.sections) declared.insert(s.id);
  for (const char* id : {"system", "gpu", "access", "rocm", "libraries", "toolchain", "frameworks", "probes"}) {
    EXPECT_TRUE(declared.count(id)) << id;
  }
}

}  // namespace
}  // namespace rd
