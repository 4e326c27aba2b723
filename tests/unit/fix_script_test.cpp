// issue 14 item 9: `rocm-doctor fix` writes the fixes of the findings as one sh script, root
// causes first, each command under its finding, the findings without a command listed.
#include "report/fix_script.h"

#include <gtest/gtest.h>

#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "scenario.h"
#include "test_catalog.h"

namespace rd {
namespace {

Finding Make(const std::string& id, Severity severity, const std::string& fix, const std::string& explained_by = "") {
  Finding f;
  f.rule_id = id;
  f.severity = severity;
  f.title = "title of " + id;
  f.fix = fix;
  f.explained_by = explained_by;
  return f;
}

std::string Script(const Report& report) {
  return RenderFixScript(PlanFixes(report), FixScriptOrigin{"the snapshot x", "2026-12-01T00:00:00Z", "1.0", "r1"});
}

size_t At(const std::string& text, const std::string& what) {
  size_t at = text.find(what);
  EXPECT_NE(at, std::string::npos) << what << " not in:\n" << text;
  return at;
}

TEST(FixScript, ClassifiesCommandsCommentsAndShellState) {
  auto lines = ClassifyFixLines("sudo modprobe amdgpu   # why\n  # advice\n\nexport A=1\nunset B\nROCR_VISIBLE_DEVICES=0  # x\nFOO=1 make");
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0].kind, FixLineKind::Command);
  EXPECT_EQ(lines[0].text, "sudo modprobe amdgpu   # why");
  EXPECT_EQ(lines[1].kind, FixLineKind::Comment);
  EXPECT_EQ(lines[1].text, "# advice");
  EXPECT_EQ(lines[2].kind, FixLineKind::ShellState);
  EXPECT_EQ(lines[3].kind, FixLineKind::ShellState);
  EXPECT_EQ(lines[4].kind, FixLineKind::ShellState);
  EXPECT_EQ(lines[5].kind, FixLineKind::Command);  // an assignment for one command is a command
}

TEST(FixScript, RootCausesFirstThenBySeverityConsequencesFolded) {
  Report r;
  r.findings = {Make("note.a", Severity::Info, "echo note"), Make("warn.b", Severity::Warning, "echo warn"),
                Make("err.c", Severity::Error, "echo err"), Make("cons.d", Severity::Error, "echo never", "cause.e"),
                Make("cause.e", Severity::Warning, "echo cause")};
  std::string s = Script(r);
  EXPECT_EQ(s.rfind("#!/bin/sh\n", 0), 0u) << s;
  size_t set_eu = At(s, "\nset -eu\n");
  size_t cause = At(s, "# 1. cause.e [warning]: title of cause.e\n");
  At(s, "#    also explains cons.d: title of cons.d");
  size_t err = At(s, "# 2. err.c [error]");
  size_t warn = At(s, "# 3. warn.b [warning]");
  size_t note = At(s, "# 4. note.a [info]");
  EXPECT_LT(set_eu, cause);
  EXPECT_LT(cause, err);
  EXPECT_LT(err, warn);
  EXPECT_LT(warn, note);
  // A consequence's fix cannot help while its cause stands: it is not in the script.
  EXPECT_EQ(s.find("echo never"), std::string::npos) << s;
  EXPECT_LT(At(s, "\necho cause\n"), err);
}

TEST(FixScript, FindingsWithoutACommandAreListedNotGuessed) {
  Report r;
  r.findings = {Make("gpu.unsupported", Severity::Error, "# use a supported GPU"), Make("lib.empty", Severity::Warning, ""),
                Make("ok.fix", Severity::Warning, "sudo apt install hipcc")};
  FixPlan plan = PlanFixes(r);
  ASSERT_EQ(plan.steps.size(), 1u);
  ASSERT_EQ(plan.unfixable.size(), 2u);
  std::string s = Script(r);
  size_t list = At(s, "# Not fixable automatically (no command exact for this machine):\n");
  EXPECT_LT(At(s, "\nsudo apt install hipcc\n"), list);
  EXPECT_GT(At(s, "#   gpu.unsupported title of gpu.unsupported — see `rocm-doctor explain gpu.unsupported`\n"), list);
  At(s, "#     # use a supported GPU\n");
  At(s, "#   lib.empty title of lib.empty — see `rocm-doctor explain lib.empty`\n");
}

TEST(FixScript, ShellStateLinesAreForTheUsersShell) {
  Report r;
  r.findings = {Make("env.override", Severity::Error, "export HSA_OVERRIDE_GFX_VERSION=10.3.0   # for gfx103x")};
  std::string s = Script(r);
  At(s, "# in your shell: export HSA_OVERRIDE_GFX_VERSION=10.3.0   # for gfx103x\n");
  EXPECT_EQ(s.find("\nexport "), std::string::npos) << s;
  EXPECT_EQ(PlanFixes(r).steps.size(), 1u);  // fixable, by the user
}

// hostile-input report D5: a title, a path or a fact value in a fix may come from a hostile
// snapshot or report. A line break in a title cannot end its comment and start a command, and a
// command holding a control character is left out rather than cleaned into another command.
TEST(FixScript, QuotingKeepsHostileTextInItsComment) {
  Report r;
  Finding f = Make("x.y", Severity::Error, "ls /dev/kfd\nrm -rf ~/\x1b[2Jx\n# ok");
  f.title = "GPU\nrm -rf ~ \x1b]52;c;AAAA\x07";
  r.findings = {f};
  FixScriptOrigin origin{"the snapshot /tmp/a\nreboot", "t", "1", "r"};
  std::string s = RenderFixScript(PlanFixes(r), origin);
  EXPECT_EQ(s.find("\nrm -rf"), std::string::npos) << s;
  EXPECT_EQ(s.find("\nreboot"), std::string::npos) << s;
  EXPECT_EQ(s.find('\x1b'), std::string::npos) << s;
  EXPECT_EQ(s.find('\x07'), std::string::npos) << s;
  At(s, "# 1. x.y [error]: GPU rm -rf ~ ");
  At(s, "\nls /dev/kfd\n");
  At(s, "# (a command of this fix was left out: it holds U+001B)\n");
}

// The engine fills the templates: a fact value that would change what the command does in sh
// leaves that line out like a hole (so `fix` never writes it), and in a comment only a line
// break counts.
TEST(FixScript, AValueThatIsShellSyntaxLeavesItsLineOut) {
  RuleDatabase db = CatalogOnly();
  LoadRuleText(R"([[rule]]
id = "t.path"
section = "system"
severity = "error"
when = [ { fact = "os.id", exists = true } ]
title = "t"
fix = """ls -l {os.id}
# seen at {os.id}
echo done"""
)", "t.toml", db);
  ASSERT_TRUE(db.diagnostics.empty()) << db.diagnostics[0].Format();
  auto fix_for = [&](const std::string& value) {
    Facts facts;
    facts.Set("os.id", value);
    Evaluation e = EvaluateRules(db, facts, {});
    return e.findings.empty() ? std::string("(no finding)") : e.findings[0].fix;
  };
  EXPECT_EQ(fix_for("/dev/kfd"), "ls -l /dev/kfd\n# seen at /dev/kfd\necho done");
  for (const char* hostile : {"x; rm -rf ~", "$(reboot)", "`id`", "a|b", "a>b", "it's", "a\"b", "*"}) {
    EXPECT_EQ(fix_for(hostile), std::string("# seen at ") + hostile + "\necho done") << hostile;
  }
  EXPECT_EQ(fix_for("x\nreboot"), "echo done");
}

TEST(FixScript, NoFindingsIsStillAScript) {
  std::string s = Script(Report{});
  EXPECT_EQ(s.rfind("#!/bin/sh\n", 0), 0u);
  At(s, "set -eu\n\n# No findings: nothing to fix.\n");
}

TEST(FixScript, NomodesetFixesTheCauseNotItsConsequences) {
  Report r = testing::ReplayScenario("amdgpu-nomodeset");
  std::string s = Script(r);
  size_t cause = At(s, "# 1. driver.nomodeset [error]");
  At(s, "also explains driver.amdgpu-not-loaded");
  EXPECT_LT(cause, At(s, "\ngrep -n nomodeset /etc/default/grub"));
  EXPECT_EQ(s.find("\nsudo modprobe amdgpu"), std::string::npos) << s;  // cannot help under nomodeset
}

}  // namespace
}  // namespace rd
