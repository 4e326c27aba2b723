// issue 14 item 9: `fix --run` shows each command, asks, runs it through the CommandRunner,
// stops on a failure and checks again. Only fakes here: no test runs a command on this machine.
#include "cli/fix_command.h"

#include <gtest/gtest.h>

#include <deque>
#include <optional>
#include <sstream>

#include "core/exit_status.h"
#include "scenario.h"

namespace rd {
namespace {

class FakeRunner : public CommandRunner {
 public:
  Result<int> Run(const std::string& command) override {
    ran.push_back(command);
    for (const auto& [needle, status] : fail) {
      if (command.find(needle) != std::string::npos) return status;
    }
    return 0;
  }
  std::vector<std::string> ran;
  std::vector<std::pair<std::string, int>> fail;
};

class FakePrompt : public Prompt {
 public:
  bool Interactive() const override { return interactive; }
  bool Confirm(const std::string& question) override {
    questions.push_back(question);
    if (answers.empty()) return false;
    bool yes = answers.front();
    answers.pop_front();
    return yes;
  }
  bool interactive = true;
  std::deque<bool> answers;
  std::vector<std::string> questions;
};

struct FixRun {
  int status;
  std::string out, err;
};

struct Harness {
  FakeRunner runner;
  FakePrompt prompt;
  std::optional<Report> after;  ///< What the check after the run finds (unset: the same again).
  int rechecks = 0;

  FixRun Run(const std::string& fixture, bool run = true) {
    FixOptions options;
    options.check.rule_dirs = {ROCM_DOCTOR_RULES_DIR};
    options.check.replay_dir = testing::FixturePath(fixture);
    options.run = run;
    FixSeams seams{runner, prompt};
    if (after) {
      seams.recheck = [this]() -> Result<Report> {
        ++rechecks;
        return *after;
      };
    }
    std::ostringstream out, err;
    Io io{out, err, false, true};
    int status = RunFix(options, io, seams);
    return {status, out.str(), err.str()};
  }
};

// amdgpu-nomodeset: the cause's two commands (grep the boot line, update-grub; the edit itself is a
// comment, ux-review m12) and the missing userspace's.
TEST(FixRun, WithoutATerminalRefusesAndRunsNothing) {
  Harness h;
  h.prompt.interactive = false;
  auto r = h.Run("amdgpu-nomodeset");
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("stdin is not a terminal"), std::string::npos) << r.err;
  EXPECT_TRUE(h.runner.ran.empty());
  EXPECT_TRUE(h.prompt.questions.empty());
}

TEST(FixRun, WithoutRunOnlyWritesTheScript) {
  Harness h;
  auto r = h.Run("amdgpu-nomodeset", false);
  EXPECT_EQ(r.status, kExitHealthy);
  EXPECT_EQ(r.out.rfind("#!/bin/sh\n", 0), 0u) << r.out;
  EXPECT_TRUE(h.runner.ran.empty());
  EXPECT_TRUE(h.prompt.questions.empty());
}

TEST(FixRun, NoRunsNothingAndSkipsTheRestOfThatFix) {
  Harness h;
  h.after = testing::ReplayScenario("amdgpu-nomodeset");
  auto r = h.Run("amdgpu-nomodeset");  // no answers: every question is a no
  EXPECT_EQ(r.status, kExitFindings);
  EXPECT_TRUE(h.runner.ran.empty());
  EXPECT_NE(r.out.find("  $ grep -n nomodeset /etc/default/grub /proc/cmdline"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("  $ sudo update-grub"), std::string::npos) << r.out;  // same fix, skipped with it
  EXPECT_NE(r.out.find("Nothing was run."), std::string::npos) << r.out;
  EXPECT_EQ(h.rechecks, 0);
}

TEST(FixRun, YesRunsEachCommandInOrderAndReportsWhatIsGone) {
  Harness h;
  Report before = testing::ReplayScenario("amdgpu-nomodeset");
  Report after = before;
  std::erase_if(after.findings, [](const Finding& f) { return f.rule_id == "driver.nomodeset"; });
  h.after = after;
  h.prompt.answers = std::deque<bool>(32, true);
  auto r = h.Run("amdgpu-nomodeset");
  ASSERT_GE(h.runner.ran.size(), 2u) << r.out;
  EXPECT_EQ(h.runner.ran[0].rfind("grep -n nomodeset /etc/default/grub", 0), 0u);
  EXPECT_EQ(h.runner.ran[1].rfind("sudo update-grub", 0), 0u);
  EXPECT_EQ(h.prompt.questions.size(), h.runner.ran.size());  // one yes per command
  EXPECT_EQ(h.rechecks, 1);
  EXPECT_NE(r.out.find("gone            driver.nomodeset"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("still reported  "), std::string::npos) << r.out;  // the other finding stays
  EXPECT_EQ(r.status, kExitFindings);
}

TEST(FixRun, AllGoneIsExitZero) {
  Harness h;
  h.after = Report{};
  h.prompt.answers = std::deque<bool>(32, true);
  auto r = h.Run("amdgpu-nomodeset");
  EXPECT_EQ(r.status, kExitHealthy) << r.out;
  EXPECT_EQ(r.out.find("still reported"), std::string::npos) << r.out;
}

TEST(FixRun, AFailureStopsEverythingAfterIt) {
  Harness h;
  h.after = testing::ReplayScenario("amdgpu-nomodeset");
  h.runner.fail = {{"grep -n nomodeset", 1}};
  h.prompt.answers = std::deque<bool>(32, true);
  auto r = h.Run("amdgpu-nomodeset");
  ASSERT_EQ(h.runner.ran.size(), 1u) << r.out;
  EXPECT_EQ(h.prompt.questions.size(), 1u);
  EXPECT_NE(r.out.find("failed (exit status 1): stopped here"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("still reported  driver.nomodeset"), std::string::npos) << r.out;
  EXPECT_EQ(r.status, kExitFindings);
}

// rx6700xt-gfx1031-wrong-override: the fix is an export, which a child shell cannot make for
// the user: shown, never run, never asked for.
TEST(FixRun, ShellStateLinesAreShownNotRun) {
  Harness h;
  h.after = Report{};
  h.prompt.answers = std::deque<bool>(32, true);
  auto r = h.Run("rx6700xt-gfx1031-wrong-override");
  EXPECT_NE(r.out.find("in your shell (a child shell cannot change yours; not run here): export HSA_OVERRIDE_GFX_VERSION="),
            std::string::npos) << r.out;
  for (const auto& c : h.runner.ran) EXPECT_NE(c.rfind("export ", 0), 0u) << c;
  EXPECT_EQ(h.prompt.questions.size(), h.runner.ran.size());
}

}  // namespace
}  // namespace rd
