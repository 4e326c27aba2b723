// The probes section's rules, each firing and not firing, on recorded probe output
// (tests/fixtures/probe-output/: h200-cuda13.jsonl from the lent H200, debian12-no-gpu.jsonl from
// the project machine) with single fields changed where a test needs another machine's answer.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "collectors/probe_facts.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "parsers/probe_output.h"

namespace rd {
namespace {

using json = nlohmann::json;

std::string Recorded(const std::string& name) {
  std::ifstream in(std::string(ROCM_DOCTOR_FIXTURES) + "/probe-output/" + name);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << name;
  return text.str();
}

struct Fired {
  std::set<std::string> ids;
  std::vector<Finding> findings;
  Facts facts;
};

Fired Evaluate(const ProbeRun& run) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  EXPECT_TRUE(db.diagnostics.empty()) << db.diagnostics.front().Format();
  Fired fired;
  WriteProbeFacts(run, db.data, Evidence{"test", ""}, fired.facts);
  fired.facts.Set("probes.status", "ok");
  Evaluation e = EvaluateRules(db, fired.facts, {});
  for (const auto& f : e.findings) {
    if (f.section == "probes") fired.ids.insert(f.rule_id);
  }
  fired.findings = e.findings;
  return fired;
}

ProbeRun RunFrom(const std::string& text) {
  ProbeOutput out = ParseProbeOutput(text);
  ProbeRun run;
  run.started = true;
  run.summary = out.summary;
  run.results = out.results;
  return run;
}

// Changes one field of the first result line of `probe`.
ProbeRun H200With(const std::string& probe, const std::string& key, const json& value) {
  ProbeRun run = RunFrom(Recorded("h200-cuda13.jsonl"));
  for (auto& line : run.results) {
    if (line["probe"] == probe) {
      line[key] = value;
      break;
    }
  }
  return run;
}

TEST(ProbeRules, H200ShowsTheExpectedTrapsAndNoProblems) {
  Fired f = Evaluate(RunFrom(Recorded("h200-cuda13.jsonl")));
  EXPECT_EQ(f.ids, (std::set<std::string>{"hip.memcpyasync-pageable-is-sync", "hip.null-stream-implicit-sync"}));
}

TEST(ProbeRules, NoDeviceIsCalm) {
  Fired f = Evaluate(RunFrom(Recorded("debian12-no-gpu.jsonl")));
  EXPECT_EQ(f.ids, (std::set<std::string>{"probes.no-device"}));
  for (const auto& finding : f.findings) {
    if (finding.rule_id == "probes.no-device") {
      EXPECT_EQ(finding.severity, Severity::Info);
      EXPECT_EQ(finding.title, "The hip runtime sees no GPU: runtime probes skipped");
    }
  }
}

TEST(ProbeRules, PinnedCopyThatBlocksIsAWarning) {
  EXPECT_TRUE(Evaluate(H200With("async", "async_h2d_pinned_blocks", true)).ids.count("hip.memcpyasync-pinned-blocks"));
}

TEST(ProbeRules, PageableCopiesThatReturnAtOnceDoNotFire) {
  ProbeRun run = H200With("async", "async_h2d_pageable_blocks", false);
  for (auto& line : run.results) {
    if (line["probe"] == "async") line["async_d2h_pageable_blocks"] = false;
  }
  EXPECT_FALSE(Evaluate(run).ids.count("hip.memcpyasync-pageable-is-sync"));
}

TEST(ProbeRules, NullStreamRuleFollowsTheMeasurement) {
  EXPECT_FALSE(Evaluate(H200With("streams", "null_stream_serializes", false)).ids.count("hip.null-stream-implicit-sync"));
}

TEST(ProbeRules, NoOverlapIsSerialization) {
  EXPECT_TRUE(Evaluate(H200With("streams", "overlap_fraction", 0.05)).ids.count("hip.serialization-observed"));
}

TEST(ProbeRules, FourOfEightStreamsIsTooFewQueues) {
  Fired f = Evaluate(H200With("streams", "streams8_concurrent", 4.0));
  EXPECT_TRUE(f.ids.count("hip.too-many-streams-for-hw-queues"));
}

TEST(ProbeRules, SlowPinnedCopiesOnAGen5LinkAreFlagged) {
  Fired f = Evaluate(H200With("memcpy", "h2d_pinned_gbps", 20.0));
  EXPECT_TRUE(f.ids.count("probes.pcie-bandwidth-low"));
  auto pct = f.facts.Get("probes.devices[0].h2d_pinned_link_pct");
  ASSERT_TRUE(pct.value);
  EXPECT_NEAR(pct.value->get<double>(), 100 * 20.0 / 63.016, 0.1);
}

TEST(ProbeRules, LinkBelowItsMaximumIsFlagged) {
  EXPECT_TRUE(Evaluate(H200With("memcpy", "link_width", 8)).ids.count("probes.pcie-link-below-max"));
}

TEST(ProbeRules, MissingCodeObjectIsNamedAndOtherFailuresAreFailures) {
  ProbeRun run = RunFrom(Recorded("h200-cuda13.jsonl"));
  run.results.push_back({{"probe", "kernel"}, {"device", 0}, {"status", "fail"}, {"error", "hipErrorNoBinaryForGpu"},
                         {"message", "no kernel for gfx1100 in this probe (it has code for gfx90a,gfx1030) and no hipcc to compile one"}, {"target", "gfx1100"}});
  Fired f = Evaluate(run);
  EXPECT_TRUE(f.ids.count("probes.no-binary-for-gpu"));
  EXPECT_FALSE(f.ids.count("probes.failed"));
  run.results.back()["error"] = "verification";
  f = Evaluate(run);
  EXPECT_TRUE(f.ids.count("probes.failed"));
  EXPECT_FALSE(f.ids.count("probes.no-binary-for-gpu"));
}

TEST(ProbeRules, RuntimeErrorAndDeadProbe) {
  ProbeRun run = RunFrom(Recorded("debian12-no-gpu.jsonl"));
  run.summary["status"] = "fail";
  run.summary["error"] = "hipErrorInvalidDevice";
  run.summary["message"] = "hipGetDeviceCount: invalid device ordinal";
  run.dead.push_back({"kernel", "was killed by signal 11 (SIGSEGV)", {"Segmentation fault"}, {}});
  Fired f = Evaluate(run);
  EXPECT_TRUE(f.ids.count("probes.runtime-error"));
  EXPECT_TRUE(f.ids.count("probes.dead"));
  EXPECT_FALSE(f.ids.count("probes.no-device"));
}

TEST(ProbeRules, HostileFieldTypesAreIgnored) {
  ProbeRun run = H200With("memcpy", "h2d_pinned_gbps", "fast");
  run.results.push_back({{"probe", "memcpy"}, {"device", 100000}, {"status", "ok"}});
  Fired f = Evaluate(run);
  EXPECT_FALSE(f.facts.Get("probes.devices[0].h2d_pinned_gbps").value);
  EXPECT_FALSE(f.ids.count("probes.pcie-bandwidth-low"));
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// Issue 16 on the recorded H200 run: the runtime that answered is named, both directions at once
// reach ~80 % of the Gen5 link's two directions, D2D is judged against the H200's 4.8 TB/s.
TEST(ProbeRules, H200RunNamesItsRuntimeAndJudgesBidirectionalAndDeviceCopies) {
  Fired f = Evaluate(RunFrom(Recorded("h200-cuda13.jsonl")));
  EXPECT_EQ(*f.facts.Get("probes.runtime_version_text").value, "13.0");
  EXPECT_NE(f.facts.Get("probes.runtime_path").value->get<std::string>().find("libcudart.so.13"), std::string::npos);
  EXPECT_EQ(*f.facts.Get("probes.devices[0].code_object").value, "embedded");
  EXPECT_EQ(*f.facts.Get("probes.devices[0].d2d_bytes").value, 256 << 20);
  double bidir_pct = f.facts.Get("probes.devices[0].bidir_link_pct").value->get<double>();
  EXPECT_GT(bidir_pct, 70);
  EXPECT_LT(bidir_pct, 90);
  EXPECT_EQ(*f.facts.Get("probes.devices[0].memory_gbps").value, 4800);
  double d2d_pct = f.facts.Get("probes.devices[0].d2d_memory_pct").value->get<double>();
  EXPECT_GT(d2d_pct, 35);
  EXPECT_LT(d2d_pct, 50);
  EXPECT_FALSE(f.ids.count("probes.bidirectional-low"));
  EXPECT_FALSE(f.ids.count("probes.d2d-below-memory"));
}

TEST(ProbeRules, BidirectionalNoBetterThanOneDirectionIsFlagged) {
  Fired f = Evaluate(H200With("memcpy", "bidir_pinned_gbps", 56.0));
  EXPECT_TRUE(f.ids.count("probes.bidirectional-low"));
}

TEST(ProbeRules, DeviceCopiesFarBelowTheMemoryAreFlagged) {
  Fired f = Evaluate(H200With("memcpy", "d2d_gbps", 700.0));
  EXPECT_TRUE(f.ids.count("probes.d2d-below-memory"));
}

TEST(ProbeRules, NoLoadableRuntimeIsItsOwnFindingNotADeadProbe) {
  ProbeRun run = RunFrom(R"({"probe":"runtime","platform":"hip","targets":"gfx906","runtime_requested":"/opt/rocm/lib/libamdhip64.so.6","status":"no-runtime","error":"runtime not loaded","message":"no GPU runtime could be loaded: /opt/rocm/lib/libamdhip64.so.6: cannot open shared object file: No such file or directory"})");
  Fired f = Evaluate(run);
  EXPECT_TRUE(f.ids.count("probes.no-runtime"));
  EXPECT_FALSE(f.ids.count("probes.dead"));
  EXPECT_FALSE(f.ids.count("probes.no-device"));
}

}  // namespace
}  // namespace rd
