// The doctor runs rocm-doctor-probe in a child: a probe that hangs, segfaults, exits non-zero,
// prints garbage or floods stdout is reported as dead (☠) within its timeout, and the report
// still comes out. Fake probes: tests/fake_probe/*.sh.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "cli/check_command.h"
#include "collectors/collectors.h"
#include "collectors/probe_runner.h"
#include "core/pipeline.h"
#include "engine/rule_loader.h"
#include "report/renderers.h"
#include "system/live_system.h"

namespace rd {
namespace {

std::string Fake(const std::string& name) { return std::string(ROCM_DOCTOR_FIXTURES) + "/../fake_probe/" + name; }

ProbeRunOptions Options(const std::string& fake) {
  ProbeRunOptions o;
  o.binary = Fake(fake);
  o.names = {"runtime", "kernel", "memcpy"};
  o.per_probe = std::chrono::milliseconds(400);
  o.total = std::chrono::milliseconds(3000);
  o.max_output = 64 * 1024;
  o.log_patterns = {"error"};
  return o;
}

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(ProbeIsolation, HangIsDeadAfterItsTimeoutAndTheRestIsNotRun) {
  LiveSystem system;
  auto start = std::chrono::steady_clock::now();
  ProbeRun run = RunProbes(system, Options("hang.sh"));
  EXPECT_LT(Seconds(start), 2.5);  // 3 probes x 400 ms, not the fake's 600 s
  ASSERT_EQ(run.dead.size(), 1u);
  EXPECT_EQ(run.dead[0].name, "runtime");
  EXPECT_NE(run.dead[0].why.find("timed out after 1.2 s"), std::string::npos) << run.dead[0].why;
  ASSERT_FALSE(run.dead[0].stderr_tail.empty());
  EXPECT_EQ(run.dead[0].stderr_tail.back(), "fake probe: waiting forever in runtime");
  EXPECT_EQ(run.not_run, (std::vector<std::string>{"kernel", "memcpy"}));
}

TEST(ProbeIsolation, SegfaultIsDeadAndTheRemainingProbesRunInAFreshChild) {
  LiveSystem system;
  ProbeRun run = RunProbes(system, Options("segv.sh"));
  ASSERT_EQ(run.dead.size(), 1u);
  EXPECT_EQ(run.dead[0].name, "kernel");
  EXPECT_NE(run.dead[0].why.find("SIGSEGV"), std::string::npos) << run.dead[0].why;
  EXPECT_EQ(run.children, 2);
  std::vector<std::string> ok;
  for (const auto& r : run.results) ok.push_back(r["probe"]);
  EXPECT_EQ(ok, (std::vector<std::string>{"runtime", "memcpy"}));
}

TEST(ProbeIsolation, NonZeroExitKeepsTheLastStderrLines) {
  LiveSystem system;
  ProbeRun run = RunProbes(system, Options("exit3.sh"));
  ASSERT_GE(run.dead.size(), 1u);
  EXPECT_EQ(run.dead[0].name, "runtime");
  EXPECT_EQ(run.dead[0].why, "exited with status 3");
  EXPECT_EQ(run.dead[0].stderr_tail.back(), "terminate called after throwing an instance of 'std::bad_alloc'");
}

TEST(ProbeIsolation, GarbageIsDead) {
  LiveSystem system;
  ProbeRun run = RunProbes(system, Options("garbage.sh"));
  ASSERT_EQ(run.dead.size(), 1u);
  EXPECT_EQ(run.dead[0].name, "rocm-doctor-probe");
  EXPECT_NE(run.dead[0].why.find("3 line(s) that are not probe JSON, e.g. 'hello, I am not JSON'"), std::string::npos) << run.dead[0].why;
}

TEST(ProbeIsolation, FloodIsDeadWithinItsTimeout) {
  LiveSystem system;
  auto start = std::chrono::steady_clock::now();
  ProbeRun run = RunProbes(system, Options("flood.sh"));
  EXPECT_LT(Seconds(start), 2.5);
  ASSERT_EQ(run.dead.size(), 1u);
  EXPECT_NE(run.dead[0].why.find("flooded its output"), std::string::npos) << run.dead[0].why;
}

TEST(ProbeIsolation, MissingBinaryDoesNotStart) {
  LiveSystem system;
  ProbeRun run = RunProbes(system, Options("no-such-probe"));
  EXPECT_FALSE(run.started);
  EXPECT_FALSE(run.start_error.empty());
  EXPECT_TRUE(run.dead.empty());
}

// The whole path: $ROCM_DOCTOR_PROBE -> probes collector -> rules -> text report with ☠.
TEST(ProbeIsolation, TheReportComesOutWithADeadFinding) {
  for (const char* fake : {"hang.sh", "segv.sh", "garbage.sh", "flood.sh", "exit3.sh"}) {
    SCOPED_TRACE(fake);
    setenv("ROCM_DOCTOR_PROBE", Fake(fake).c_str(), 1);
    RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
    db.data["probes"]["timeout_ms"] = 300;
    db.data["probes"]["total_timeout_ms"] = 2000;
    auto start = std::chrono::steady_clock::now();
    Collection collection = RunCollectors(std::make_shared<LiveSystem>(), db.data, {ProbesCollector()}, PipelineOptions{});
    EXPECT_LT(Seconds(start), 4.0);
    Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
    bool dead = false;
    for (const auto& f : report.findings) dead |= f.rule_id == "probes.dead" && f.title.rfind("☠ probe ", 0) == 0;
    EXPECT_TRUE(dead);
    std::string text = RenderText(report, TextOptions{false, false});
    EXPECT_NE(text.find("☠ probe"), std::string::npos);
    EXPECT_NE(text.find("Runtime probes"), std::string::npos);
  }
  unsetenv("ROCM_DOCTOR_PROBE");
}

// A failed probe is re-run once with AMD_LOG_LEVEL; only the runtime's error lines are kept.
TEST(ProbeIsolation, FailedProbeGetsTheRuntimeLogLines) {
  setenv("ROCM_DOCTOR_PROBE", Fake("nobinary.sh").c_str(), 1);
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Collection collection = RunCollectors(std::make_shared<LiveSystem>(), db.data, {ProbesCollector()}, PipelineOptions{});
  unsetenv("ROCM_DOCTOR_PROBE");
  auto log = collection.facts.Get("probes.failed[0].log");
  ASSERT_TRUE(log.value);
  std::string text = log.value->get<std::string>();
  EXPECT_NE(text.find("Missing CO for these ISAs"), std::string::npos) << text;
  EXPECT_NE(text.find("amdgcn-amd-amdhsa--gfx1100"), std::string::npos) << text;
  EXPECT_EQ(text.find("hipGetLastError"), std::string::npos) << text;
  Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
  bool named = false;
  for (const auto& f : report.findings) named |= f.rule_id == "probes.no-binary-for-gpu" && f.fix.find("gfx1100") != std::string::npos;
  EXPECT_TRUE(named);
}

}  // namespace
}  // namespace rd
