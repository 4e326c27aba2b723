// issue 14 item 1: a section's mark comes from what it could check (rules/sections.toml), not
// from silence (ux-review U1, U2, U6, U12, m5).
#include "engine/section_verdicts.h"

#include <gtest/gtest.h>

#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "engine/template.h"
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
  EXPECT_NE(text.find("2 sections could not be checked (? ☠)"), std::string::npos) << text;
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

// m13: a timed-out view is counted with the sections that could not be checked.
TEST(SectionVerdicts, DeadSectionsCountAsNotChecked) {
  Report r = ReplayScenario("mi300x-healthy");
  r.collectors.push_back({"torch_dynamic", "frameworks", CollectorStatus::TimedOut, "collector 'torch_dynamic' did not finish within 500 ms", 500});
  std::string text = RenderText(r, TextOptions{false, false});
  EXPECT_NE(text.find("[☠] Frameworks"), std::string::npos) << text;
  EXPECT_NE(text.find("2 sections could not be checked (? ☠)"), std::string::npos) << text;
}

// issue 14 item 4, ux-review U16: a command names the GID the facts know, never "<gid>".
TEST(ExactFixes, UnnamedGidCommandNamesTheGid) {
  Report r = ReplayScenario("container-render-gid");
  bool seen = false;
  for (const auto& f : r.findings) {
    if (f.rule_id != "container.gpu-gid-unnamed") continue;
    seen = true;
    EXPECT_NE(f.fix.find("groupadd -g 993 render"), std::string::npos) << f.fix;
    EXPECT_EQ(f.fix.find('<'), std::string::npos) << f.fix;
  }
  EXPECT_TRUE(seen);
}

// issue 14 item 4, ux-review U4: the loader fix names the directory that holds the soname, and
// says nothing about "found at" when it is installed nowhere.
TEST(ExactFixes, LoaderPathNamesTheDirectoryThatHoldsTheLibrary) {
  auto fix_of = [](const Report& r, const std::string& id) {
    for (const auto& f : r.findings) {
      if (f.rule_id == id) return f.fix;
    }
    return std::string("(not fired)");
  };
  std::string two = fix_of(ReplayScenario("lib-two-rocm"), "lib.loader-path");
  EXPECT_NE(two.find("echo /opt/rocm-6.2.0/lib | sudo tee -a /etc/ld.so.conf.d/rocm.conf"), std::string::npos) << two;
  std::string hsa = fix_of(ReplayScenario("lib-missing-hsa"), "lib.loader-path");
  EXPECT_EQ(hsa.find("found at"), std::string::npos) << hsa;
  EXPECT_EQ(hsa.find("echo "), std::string::npos) << hsa;
  EXPECT_NE(hsa.find("install the runtime package"), std::string::npos) << hsa;
}

// U16: across every snapshot fixture, no fix command has a hole.
TEST(ExactFixes, NoFixOfAnyFixtureHasAHole) {
  for (const char* name : {"amdgpu-nomodeset", "container-no-kfd", "container-render-gid", "debian13-host", "fedora41-kvm-vm",
                           "fw-cpu-torch-gfx90a", "fw-cuda-wheel-mi210", "fw-pyenv-python-arg", "fw-rocblas-gfx1036",
                           "fw-rocm-wheel-gfx1031", "fw-rocm-wheel-gfx1031-override", "laptop-apu-gfx1103-dgpu",
                           "lib-glibcxx-too-new", "lib-missing-hsa", "lib-torch-bundle", "lib-two-rocm", "mi250x-node",
                           "mi300x-healthy", "rhel94-host", "rx6700xt-gfx1031-no-override", "rx6700xt-gfx1031-override",
                           "rx6700xt-gfx1031-wrong-override", "rx7900xtx-gfx1100", "ryzen7000-igpu-gfx1036-dgpu",
                           "ubuntu2204-container", "unreadable-sys", "wsl2", "wsl2-ubuntu2404"}) {
    for (const auto& f : ReplayScenario(name).findings) {
      for (const char* hole : {"(unknown)", "<gid>", "found at: )"}) {
        EXPECT_EQ(f.fix.find(hole), std::string::npos) << name << " " << f.rule_id << ": " << f.fix;
      }
    }
  }
}

TEST(ExactFixes, AFixLineWithAnUnknownValueIsLeftOut) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  db.rules.clear();
  LoadRuleText("[[rule]]\nid = \"x.a\"\nsection = \"gpu\"\nseverity = \"error\"\n"
               "when = [ { fact = \"os.id\", eq = \"debian\" } ]\ntitle = \"a\"\n"
               "fix = \"\"\"keep {os.id}\ngroupadd -g {devices.unnamed_gids[0]} render\nempty {os.codename}\nplain\"\"\"\n", "x.toml", db);
  ASSERT_EQ(db.rules.size(), 1u);
  Facts facts;
  facts.Set("os.id", "debian");
  facts.Set("os.codename", "");
  auto findings = EvaluateRules(db, facts, {}).findings;
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].fix, "keep debian\nplain");
}

// U15: RHEL gets dnf, with the values the facts know and no line with a hole.
TEST(ExactFixes, RhelGetsDnfForTheMissingLibstdcxx) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Facts facts;
  facts.Set("os.id", "rhel");
  facts.Set("toolchain.selected_gcc.version", "12");
  facts.Set("toolchain.selected_gcc.dir", "/usr/lib/gcc/x86_64-redhat-linux/12");
  facts.Set("toolchain.selected_gcc.has_headers", false);
  std::string fix;
  for (const auto& f : EvaluateRules(db, facts, {}).findings) {
    EXPECT_NE(f.rule_id, "toolchain.libstdcxx-dev-missing-for-selected-gcc");
    if (f.rule_id == "toolchain.libstdcxx-devel-missing-dnf") fix = f.fix;
  }
  EXPECT_EQ(fix.rfind("sudo dnf install gcc-c++ libstdc++-devel", 0), 0u) << fix;
  EXPECT_NE(fix.find("gcc-toolset-12-libstdc++-devel"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("apt"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("--gcc-install-dir"), std::string::npos) << fix;  // usable_gcc_dir unknown: line left out
}

// issue 14 item 2, ux-review U9: summaries state versions and paths, from templates in data.
TEST(SectionSummaries, RocmAndLibrariesSayWhatWasFound) {
  auto sections = SectionStatuses(ReplayScenario("lib-two-rocm"));
  EXPECT_EQ(Section(sections, "rocm")->summary, "2 installs: /opt/rocm is 5.7.1, newest 6.2.0 at /opt/rocm-6.2.0");
  EXPECT_NE(Section(sections, "libraries")->summary.find("HIP runtime for programs: /opt/rocm/lib/libamdhip64.so.5"), std::string::npos);
  sections = SectionStatuses(ReplayScenario("lib-torch-bundle"));
  EXPECT_EQ(Section(sections, "rocm")->summary, "ROCm 6.2.0 at /opt/rocm");
  sections = SectionStatuses(ReplayScenario("fw-rocblas-gfx1036"));
  EXPECT_EQ(Section(sections, "rocm")->summary, "ROCm at /opt/rocm-6.0.2 (no version file)");
}

TEST(SectionSummaries, ToolchainAndProbesFromFacts) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Facts facts;
  facts.Set("rocm.install_count", 1);
  facts.Set("toolchain.hipcc", "/opt/rocm/bin/hipcc");
  facts.Set("toolchain.hip_version", "6.2.41133");
  facts.Set("toolchain.clang.version", "18.0.0");
  facts.Set("toolchain.selected_gcc.version", "13");
  facts.Set("compile.ran", true);
  facts.Set("compile.ok", true);
  facts.Set("compile.targets", nlohmann::json::array({"gfx1100"}));
  facts.Set("compile.elapsed_ms", 2134.6);
  facts.Set("gpu.count", 1);
  facts.Set("probes.status", "ok");
  facts.Set("probes.device_count", 1);
  facts.Set("probes.devices[0].arch", "gfx1100");
  facts.Set("probes.devices[0].h2d_pinned_gbps", 24.1);
  std::map<std::string, SectionVerdict> by_id;
  for (auto& v : EvaluateSections(db, facts)) by_id[v.id] = v;
  EXPECT_EQ(by_id["toolchain"].mark, SectionMark::Ok) << by_id["toolchain"].reason;
  EXPECT_EQ(by_id["toolchain"].summary, "hipcc 6.2.41133 (/opt/rocm/bin/hipcc) · clang 18.0.0 · GCC 13 · compile for gfx1100 ok in 2.1 s");
  EXPECT_EQ(by_id["probes"].summary, "probes ok on 1 device(s) · host→device 24.1 GB/s on gfx1100");
  facts.Set("compile.ok", false);
  facts.Set("compile.exit_code", 1);
  for (auto& v : EvaluateSections(db, facts)) by_id[v.id] = v;
  EXPECT_EQ(by_id["toolchain"].mark, SectionMark::Error);
  EXPECT_NE(by_id["toolchain"].summary.find("compile check failed (exit 1)"), std::string::npos);
}

TEST(SectionSummaries, TemplateSecondsAndLint) {
  auto lookup = [](const std::string&) -> std::optional<std::string> { return "2134.6"; };
  EXPECT_EQ(RenderTemplate("{compile.elapsed_ms:s} s", lookup), "2.1 s");
  EXPECT_EQ(TemplateFacts("{compile.elapsed_ms:s}"), std::vector<std::string>{"compile.elapsed_ms"});
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  size_t before = db.diagnostics.size();
  LoadRuleText("[[section]]\nid = \"rocm\"\n[[section.summary]]\ntext = \"ROCm {rocm.nope}\"\n", "bad.toml", db);
  ASSERT_EQ(db.diagnostics.size(), before + 1);
  EXPECT_NE(db.diagnostics[before].message.find("unknown fact '{rocm.nope}'"), std::string::npos);
}

}  // namespace
}  // namespace rd
