// The doctor runs rocm-doctor-probe in a child: a probe that hangs, segfaults, exits non-zero,
// prints garbage or floods stdout is reported as dead (☠) within its timeout, and the report
// still comes out. Fake probes: tests/fake_probe/*.sh.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <utility>
#include <vector>

#include "cli/check_command.h"
#include "collectors/collectors.h"
#include "collectors/probe_runner.h"
#include "core/pipeline.h"
#include "engine/rule_loader.h"
#include "report/renderers.h"
#include "system/live_system.h"
#include "temp_tree.h"

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

// The probes collector on the live system with `fake` as the probe and `env` set for the run;
// every variable is put back afterwards (unset when it was not set).
Collection CollectWithFake(const std::string& fake, const RuleDatabase& db,
                           std::vector<std::pair<std::string, std::string>> env = {}) {
  env.emplace_back("ROCM_DOCTOR_PROBE", Fake(fake));
  std::vector<std::pair<std::string, std::optional<std::string>>> saved;
  for (const auto& [name, value] : env) {
    const char* old = std::getenv(name.c_str());
    saved.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
    setenv(name.c_str(), value.c_str(), 1);
  }
  Collection collection = RunCollectors(std::make_shared<LiveSystem>(), db.data, {ProbesCollector()}, PipelineOptions{});
  for (const auto& [name, old] : saved) {
    if (old) setenv(name.c_str(), old->c_str(), 1);
    else unsetenv(name.c_str());
  }
  return collection;
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

// hostile-input D17: an empty output used to throw "cannot use value() with null".
TEST(ProbeIsolation, EmptyOutputIsDeadWithoutAnyOutput) {
  LiveSystem system;
  ProbeRun run = RunProbes(system, Options("empty.sh"));
  ASSERT_EQ(run.dead.size(), 1u);
  EXPECT_EQ(run.dead[0].name, kWholeRun);
  EXPECT_EQ(run.dead[0].why, "ended without output");
}

// Untrusted types where strings are read ("phase": 7, summary "status": 5) must not throw.
TEST(ProbeIsolation, WrongTypesInProbeLinesDoNotThrow) {
  LiveSystem system;
  ProbeRun run;
  EXPECT_NO_THROW(run = RunProbes(system, Options("bad_types.sh")));
  ASSERT_EQ(run.dead.size(), 1u);
  EXPECT_EQ(run.dead[0].why, "ended without finishing its probes");
}

// hostile-input m16: stderr floods are named like stdout floods (it used to read "ok").
TEST(ProbeIsolation, StderrFloodIsDead) {
  LiveSystem system;
  ProbeRun run = RunProbes(system, Options("flood_stderr.sh"));
  ASSERT_EQ(run.dead.size(), 1u);
  EXPECT_NE(run.dead[0].why.find("flooded its stderr (more than 65536 bytes)"), std::string::npos) << run.dead[0].why;
}

// hostile-input m16: a process in its own session holding the probe's stdout made the run last
// the whole timeout and then read "ok … in 8.0 s"; now it stops soon after the exit and says so.
TEST(ProbeIsolation, OutputHeldOpenAfterTheExitIsReportedWithoutWaitingForTheTimeout) {
  testing::TempTree t;
  setenv("FAKE_PROBE_PIDS", t.Path("pids").c_str(), 1);
  LiveSystem system;
  auto start = std::chrono::steady_clock::now();
  ProbeRunOptions options = Options("setsid.sh");
  options.per_probe = std::chrono::milliseconds(3000);
  options.total = std::chrono::milliseconds(9000);
  ProbeRun run = RunProbes(system, options);
  double seconds = Seconds(start);
  unsetenv("FAKE_PROBE_PIDS");
  std::ifstream pids(t.Path("pids"));
  for (std::string pid; std::getline(pids, pid);) {
    if (!pid.empty()) kill(std::stoi(pid), SIGKILL);
  }
  EXPECT_LT(seconds, 2.0);  // not the 9 s timeout
  EXPECT_LT(run.elapsed_ms, 2000);
  EXPECT_TRUE(run.dead.empty());
  EXPECT_TRUE(run.output_held_open);
  EXPECT_EQ(run.results.size(), 1u);
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
  for (const char* fake : {"hang.sh", "segv.sh", "garbage.sh", "flood.sh", "exit3.sh", "empty.sh"}) {
    SCOPED_TRACE(fake);
    RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
    db.data["probes"]["timeout_ms"] = 300;
    db.data["probes"]["total_timeout_ms"] = 2000;
    auto start = std::chrono::steady_clock::now();
    Collection collection = CollectWithFake(fake, db);
    EXPECT_LT(Seconds(start), 4.0);
    Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
    bool dead = false;
    for (const auto& f : report.findings) dead |= f.rule_id == "probes.dead" && f.title.rfind("☠ probe ", 0) == 0;
    EXPECT_TRUE(dead);
    std::string text = RenderText(report, TextOptions{false, false});
    EXPECT_NE(text.find("☠ probe"), std::string::npos);
    EXPECT_NE(text.find("Runtime probes"), std::string::npos);
  }
}

// hostile-input m16: when no probe had started the fix names no probe (a binary name is not one).
TEST(ProbeIsolation, DeadWholeRunFixDoesNotNameTheBinaryAsAProbe) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Collection collection = CollectWithFake("empty.sh", db);
  Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
  const Finding* dead = nullptr;
  for (const auto& f : report.findings) {
    if (f.rule_id == "probes.dead") dead = &f;
  }
  ASSERT_NE(dead, nullptr);
  EXPECT_NE(dead->title.find("ended without output"), std::string::npos) << dead->title;
  EXPECT_EQ(dead->fix.find("probe rocm-doctor-probe"), std::string::npos) << dead->fix;
  EXPECT_EQ(dead->fix.find("empty.sh rocm-doctor-probe"), std::string::npos) << dead->fix;
}

// A failed probe is re-run once with AMD_LOG_LEVEL; only the runtime's error lines are kept.
TEST(ProbeIsolation, FailedProbeGetsTheRuntimeLogLines) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Collection collection = CollectWithFake("nobinary.sh", db);
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


// Issue 16: a GPU the embedded bundle lacks. The first probe child reports "jit":"needed"; the
// doctor compiles the kernels with the hipcc on PATH in a child of its own (--compile-kernels),
// then runs the probes again, which load the cached code object.
TEST(ProbeJit, NeededKernelsAreCompiledOnceAndTheProbesRunAgain) {
  testing::TempTree tree;
  tree.Write("bin/hipcc", "#!/bin/sh\nexit 0\n");
  ASSERT_EQ(chmod(tree.Path("bin/hipcc").c_str(), 0755), 0);
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Collection collection =
      CollectWithFake("jit.sh", db, {{"PATH", tree.Path("bin") + ":" + path}, {"XDG_CACHE_HOME", tree.Path("cache")}});
  const Facts& facts = collection.facts;
  ASSERT_TRUE(facts.Get("probes.jit[0].target").value);
  EXPECT_EQ(*facts.Get("probes.jit[0].target").value, "gfx1201");
  EXPECT_EQ(*facts.Get("probes.jit[0].status").value, "ok");
  EXPECT_EQ(*facts.Get("probes.jit[0].source").value, "jit-compiled");
  EXPECT_EQ(*facts.Get("probes.jit_hipcc").value, tree.Path("bin/hipcc"));
  EXPECT_EQ(*facts.Get("probes.status").value, "ok");
  EXPECT_EQ(*facts.Get("probes.devices[0].code_object").value, "jit-cache");
  EXPECT_EQ(*facts.Get("probes.devices[0].code_object_target").value, "gfx1201");
  EXPECT_EQ(*facts.Get("probes.children").value, 2);  // the failed run and the one after the compile
  EXPECT_EQ(*facts.Get("probes.runtime_version_text").value, "6.4.43484");
}

// Without a hipcc the failure stays, named with its target, and the fix says what is missing.
TEST(ProbeJit, WithoutHipccTheMissingTargetIsTheFinding) {
  testing::TempTree tree;
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  // PATH names only an empty folder: no hipcc anywhere.
  Collection collection = CollectWithFake("jit.sh", db, {{"PATH", tree.root()}, {"XDG_CACHE_HOME", tree.Path("cache")}});
  EXPECT_FALSE(collection.facts.Get("probes.jit").value);
  Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
  bool named = false;
  for (const auto& f : report.findings) {
    named |= f.rule_id == "probes.no-binary-for-gpu" && f.title.find("gfx1201") != std::string::npos &&
             f.fix.find("-DROCM_DOCTOR_PROBE_ARCHS=gfx1201") != std::string::npos;
  }
  EXPECT_TRUE(named);
}


// Issue 16: torch's bundled libamdhip64 differs from the system's. The probes run on both; the
// report says which answered for the system's programs and that torch's copy failed.
TEST(ProbeRuntimes, TorchsBundledRuntimeIsProbedBesideTheSystemOne) {
  testing::TempTree tree;
  tree.Write("venv/lib/python3.12/site-packages/torch/lib/libamdhip64.so", "not loaded by the fake probe");
  tree.Write("venv/lib/python3.12/site-packages/torch/__init__.py", "");
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Collection collection = CollectWithFake("two_runtimes.sh", db, {{"VIRTUAL_ENV", tree.Path("venv")}});
  const Facts& facts = collection.facts;
  EXPECT_EQ(*facts.Get("probes.status").value, "ok");
  EXPECT_EQ(*facts.Get("probes.runtime_version_text").value, "6.4.43484");
  ASSERT_TRUE(facts.Get("probes.other_runtimes[0].path").value);
  EXPECT_EQ(*facts.Get("probes.other_runtimes[0].path").value, tree.Path("venv/lib/python3.12/site-packages/torch/lib/libamdhip64.so"));
  EXPECT_EQ(*facts.Get("probes.other_runtimes[0].package").value, "torch");
  EXPECT_EQ(*facts.Get("probes.other_runtimes[0].status").value, "failed");
  EXPECT_EQ(*facts.Get("probes.other_runtimes[0].runtime_version_text").value, "6.2.41133");
  EXPECT_FALSE(facts.Get("probes.other_runtimes[1]").value);
  std::string summary = facts.Get("summary.probes").value->get<std::string>();
  EXPECT_NE(summary.find("torch"), std::string::npos) << summary;
  Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
  bool named = false;
  for (const auto& f : report.findings) named |= f.rule_id == "probes.other-runtime-failed" && f.title.find("gfx1031") != std::string::npos;
  EXPECT_TRUE(named);
}

}  // namespace
}  // namespace rd
