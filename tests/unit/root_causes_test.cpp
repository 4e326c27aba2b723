// issue 14 item 3, ux-review U7: one root cause is one finding; its consequences are folded
// under it, counted once, do not mark their section, and their fixes are not offered.
#include <gtest/gtest.h>

#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "report/json_report.h"
#include "report/renderers.h"
#include "scenario.h"
#include "temp_tree.h"

namespace rd {
namespace {

std::vector<std::string> Roots(const Report& r) {
  std::vector<std::string> out;
  for (const auto& f : r.findings) {
    if (f.explained_by.empty()) out.push_back(f.rule_id);
  }
  return out;
}

std::string CauseOf(const Report& r, const std::string& id) {
  for (const auto& f : r.findings) {
    if (f.rule_id == id) return f.explained_by;
  }
  return "(not fired)";
}

TEST(RootCauses, NomodesetIsOneCause) {
  Report r = testing::ReplayScenario("amdgpu-nomodeset");
  for (const char* id : {"driver.amdgpu-not-loaded", "driver.paste-rock-not-loaded", "runtime.rocminfo-failed", "runtime.smi-unavailable"}) {
    EXPECT_EQ(CauseOf(r, id), "driver.nomodeset") << id;
  }
  EXPECT_EQ(CauseOf(r, "driver.nomodeset"), "");
  // nomodeset and the missing ROCm userspace: two errors, no warning or note left over.
  EXPECT_EQ(CountFindings(r, Severity::Error), 2u);
  EXPECT_EQ(CountFindings(r, Severity::Warning) + CountFindings(r, Severity::Info), 0u);
  std::string text = RenderText(r, TextOptions{false, false});
  EXPECT_EQ(text.find("sudo modprobe amdgpu"), std::string::npos) << text;  // cannot help under nomodeset
  EXPECT_NE(text.find("This also explains:"), std::string::npos);
  std::string md = RenderMarkdown(r);
  EXPECT_EQ(md.find("sudo modprobe amdgpu"), std::string::npos);
  EXPECT_NE(md.find("This also explains"), std::string::npos);
}

TEST(RootCauses, Gfx1031IsOneFinding) {
  // The libraries' own code objects judge it (issue 15): one finding, the table rule stays quiet.
  Report r = testing::ReplayScenario("fw-rocm-wheel-gfx1031");
  EXPECT_EQ(CauseOf(r, "coverage.needs-override"), "");
  EXPECT_EQ(CauseOf(r, "arch.rdna2-consumer-unsupported"), "(not fired)");
  std::string text = RenderText(r, TextOptions{false, false});
  size_t first = text.find("export HSA_OVERRIDE_GFX_VERSION=10.3.0");
  ASSERT_NE(first, std::string::npos) << text;
  EXPECT_EQ(text.find("export HSA_OVERRIDE_GFX_VERSION=10.3.0", first + 1), std::string::npos) << text;  // printed once
  EXPECT_EQ(CountFindings(r, Severity::Error), 1u);
  Report rocblas = testing::ReplayScenario("fw-rocblas-gfx1036");
  EXPECT_EQ(CauseOf(rocblas, "coverage.needs-override"), "");
  EXPECT_EQ(CauseOf(rocblas, "rocblas.tensile-missing-arch"), "(not fired)");
}

TEST(RootCauses, UnnamedGidIsOneFinding) {
  Report r = testing::ReplayScenario("container-render-gid");
  for (const char* id : {"perm.render-node-denied", "container.gpu-gid-unnamed", "perm.paste-kfd-permission-denied"}) {
    EXPECT_EQ(CauseOf(r, id), "container.render-gid-mismatch") << id;
  }
  std::string text = RenderText(r, TextOptions{false, false});
  EXPECT_EQ(text.find("usermod"), std::string::npos) << text;  // no usermod inside the container
  auto j = ReportToJson(r);
  bool seen = false;
  for (const auto& f : j["findings"]) seen = seen || (f["id"] == "perm.render-node-denied" && f["explained_by"] == "container.render-gid-mismatch");
  EXPECT_TRUE(seen);
  // --from keeps the folding (it re-evaluates, and reads explained_by back).
  auto back = ReportFromJson(nlohmann::json::parse(j.dump()), "r.json");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(CauseOf(*back, "perm.render-node-denied"), "container.render-gid-mismatch");
}

TEST(RootCauses, ChainsFoldUnderTheRootAndCyclesFoldNothing) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  db.rules.clear();
  LoadRuleText(R"(
[[rule]]
id = "x.a"
section = "gpu"
severity = "error"
explains = ["x.b"]
when = [ { fact = "os.id", eq = "debian" } ]
title = "a"
[[rule]]
id = "x.b"
section = "gpu"
severity = "error"
explains = ["x.c"]
when = [ { fact = "os.id", eq = "debian" } ]
title = "b"
[[rule]]
id = "x.c"
section = "gpu"
severity = "error"
when = [ { fact = "os.id", eq = "debian" } ]
title = "c"
[[rule]]
id = "y.a"
section = "gpu"
severity = "error"
explains = ["y.b"]
when = [ { fact = "os.id", eq = "debian" } ]
title = "ya"
[[rule]]
id = "y.b"
section = "gpu"
severity = "error"
explains = ["y.a"]
when = [ { fact = "os.id", eq = "debian" } ]
title = "yb"
)", "chain.toml", db);
  Facts facts;
  facts.Set("os.id", "debian");
  Report r;
  r.findings = EvaluateRules(db, facts, {}).findings;
  EXPECT_EQ(CauseOf(r, "x.b"), "x.a");
  EXPECT_EQ(CauseOf(r, "x.c"), "x.a");
  EXPECT_EQ(CauseOf(r, "y.a"), "");
  EXPECT_EQ(CauseOf(r, "y.b"), "");
}

TEST(RootCauses, LintNamesAnUnknownExplainedRule) {
  testing::TempTree t;
  t.Write("r/x.toml", "[[rule]]\nid = \"x.a\"\nsection = \"gpu\"\nseverity = \"error\"\nexplains = [\"x.nope\"]\n"
                       "when = [ { fact = \"os.id\", eq = \"debian\" } ]\ntitle = \"a\"\n");
  RuleDatabase db = LoadRules({t.Path("r")}, {ROCM_DOCTOR_RULES_DIR});
  bool seen = false;
  for (const auto& d : db.diagnostics) seen = seen || d.message.find("explains unknown rule 'x.nope'") != std::string::npos;
  EXPECT_TRUE(seen);
}

}  // namespace
}  // namespace rd
