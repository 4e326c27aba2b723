#include "core/pipeline.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

#include "system/live_system.h"

namespace rd {
namespace {

const std::vector<FactSpec> kNoFacts;

void Good(CollectContext&, Facts& facts) { facts.Set("os.id", "debian"); }
void Throws(CollectContext&, Facts& facts) {
  facts.Set("cpu.model", "half-written");
  throw std::runtime_error("parse failed in /proc/cpuinfo");
}
void Hangs(CollectContext&, Facts&) { std::this_thread::sleep_for(std::chrono::seconds(5)); }

TEST(PipelineTest, CrashAndTimeoutBecomeDeadSectionsWhileOthersReport) {
  std::vector<Collector> collectors = {
      {"good", "system", Good, &kNoFacts},
      {"throws", "gpu", Throws, &kNoFacts},
      {"hangs", "probes", Hangs, &kNoFacts},
  };
  auto start = std::chrono::steady_clock::now();
  Collection c = RunCollectors(std::make_shared<LiveSystem>(), nlohmann::json::object(), collectors,
                               PipelineOptions{std::chrono::milliseconds(200)});
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 2000);
  ASSERT_EQ(c.runs.size(), 3u);
  EXPECT_EQ(c.runs[0].status, CollectorStatus::Ok);
  EXPECT_EQ(c.runs[1].status, CollectorStatus::Crashed);
  EXPECT_NE(c.runs[1].message.find("parse failed in /proc/cpuinfo"), std::string::npos);
  EXPECT_EQ(c.runs[2].status, CollectorStatus::TimedOut);
  EXPECT_NE(c.runs[2].message.find("200 ms"), std::string::npos);
  EXPECT_EQ(c.facts.Get("os.id").state, FactState::Present);
  EXPECT_EQ(c.facts.Get("cpu.model").state, FactState::Unknown);  // a crashed collector's facts are dropped
}

void Slow(CollectContext&, Facts&) { std::this_thread::sleep_for(std::chrono::milliseconds(120)); }

// issue 14 item 5: the progress line hears who is still running, from the caller's thread only,
// at once (the first byte on a terminal) and then every tick, and never after the collection.
TEST(PipelineTest, OnWaitNamesTheCollectorsStillRunning) {
  std::vector<Collector> collectors = {{"good", "system", Good, &kNoFacts}, {"slow", "probes", Slow, &kNoFacts}};
  std::vector<std::vector<std::string>> calls;
  auto caller = std::this_thread::get_id();
  bool other_thread = false;
  PipelineOptions options{std::chrono::milliseconds(5000)};
  options.wait_tick = std::chrono::milliseconds(20);
  options.on_wait = [&](const std::vector<std::string>& running) {
    other_thread |= std::this_thread::get_id() != caller;
    calls.push_back(running);
  };
  Collection c = RunCollectors(std::make_shared<LiveSystem>(), nlohmann::json::object(), collectors, options);
  size_t after = calls.size();
  ASSERT_GE(after, 3u);  // the first call, then at least two ticks within 120 ms
  EXPECT_FALSE(other_thread);
  EXPECT_EQ(calls.back(), std::vector<std::string>{"slow"});
  for (const auto& running : calls) EXPECT_FALSE(running.empty());
  EXPECT_EQ(c.runs.size(), 2u);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(calls.size(), after);
}

}  // namespace
}  // namespace rd
