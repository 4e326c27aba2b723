#include "core/pipeline.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

namespace rd {

const char* CollectorStatusName(CollectorStatus status) {
  switch (status) {
    case CollectorStatus::Ok: return "ok";
    case CollectorStatus::Crashed: return "crashed";
    case CollectorStatus::TimedOut: return "timed-out";
  }
  return "ok";
}

CollectorStatus CollectorStatusFromName(const std::string& name) {
  if (name == "crashed") return CollectorStatus::Crashed;
  if (name == "timed-out") return CollectorStatus::TimedOut;
  return CollectorStatus::Ok;
}

namespace {

using Clock = std::chrono::steady_clock;

// Counts finished collectors, so that the pipeline can wake when any of them is done.
struct DoneCount {
  std::mutex mutex;
  std::condition_variable cv;
  size_t done = 0;
};

// Shared between the pipeline and one collector thread; the thread may outlive the pipeline
// when it overruns (a thread cannot be killed), so everything it touches is owned here.
struct Slot {
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  Facts facts;
  CollectorRun run;
  nlohmann::json data;
  std::shared_ptr<System> system;
  PipelineOptions options;
  std::shared_ptr<DoneCount> count;
};

void RunOne(std::shared_ptr<Slot> slot, Collector collector) {
  auto start = Clock::now();
  Facts facts;
  CollectorRun run{collector.name, collector.section, CollectorStatus::Ok, "", 0};
  try {
    CollectContext context{*slot->system, slot->data, slot->options.quick, slot->options.extra_libs,
                           slot->options.pythons, slot->options.no_compile};
    collector.collect(context, facts);
  } catch (const std::exception& e) {
    run.status = CollectorStatus::Crashed;
    run.message = std::string("collector '") + collector.name + "' failed: " + e.what();
  } catch (...) {
    run.status = CollectorStatus::Crashed;
    run.message = std::string("collector '") + collector.name + "' failed with an unknown exception";
  }
  run.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  std::lock_guard<std::mutex> lock(slot->mutex);
  if (run.status == CollectorStatus::Ok) slot->facts = std::move(facts);  // half-done facts lie
  slot->run = std::move(run);
  // Drop this thread's hold on the System before saying "done": the pipeline's caller then owns
  // the last reference, and LiveSystem's destructor (which removes the children's private temp
  // dir) runs when check returns, not in this thread after main has already called _Exit.
  slot->system.reset();
  slot->done = true;
  slot->done_cv.notify_all();
  {
    std::lock_guard<std::mutex> count_lock(slot->count->mutex);
    ++slot->count->done;
  }
  slot->count->cv.notify_all();
}

std::vector<std::string> StillRunning(const std::vector<std::shared_ptr<Slot>>& slots, const std::vector<Collector>& collectors) {
  std::vector<std::string> running;
  for (size_t i = 0; i < slots.size(); ++i) {
    std::lock_guard<std::mutex> lock(slots[i]->mutex);
    if (!slots[i]->done) running.push_back(collectors[i].name);
  }
  return running;
}

// With an on_wait observer: wake every tick until all are done or the budget is spent, and say
// who is still running. Without one this returns at once and the per-slot waits below do it.
void WaitWithProgress(DoneCount& count, const std::vector<std::shared_ptr<Slot>>& slots,
                      const std::vector<Collector>& collectors, Clock::time_point deadline,
                      const PipelineOptions& options) {
  if (!options.on_wait) return;
  for (;;) {
    auto running = StillRunning(slots, collectors);
    if (running.empty() || Clock::now() >= deadline) return;
    options.on_wait(running);
    std::unique_lock<std::mutex> lock(count.mutex);
    size_t seen = count.done;
    count.cv.wait_until(lock, std::min(deadline, Clock::now() + options.wait_tick),
                        [&] { return count.done != seen; });
  }
}

}  // namespace

Collection RunCollectors(std::shared_ptr<System> system, const nlohmann::json& data,
                         const std::vector<Collector>& collectors, const PipelineOptions& options) {
  std::vector<std::shared_ptr<Slot>> slots;
  auto count = std::make_shared<DoneCount>();
  for (const auto& collector : collectors) {
    auto slot = std::make_shared<Slot>();
    slot->system = system;
    slot->data = data;
    slot->options = options;
    slot->options.on_wait = nullptr;  // only the caller's thread reports progress
    slot->count = count;
    slots.push_back(slot);
    // Under a tight address-space limit (ulimit -v) a thread cannot be made: run that collector
    // here instead of failing the whole check with "Resource temporarily unavailable" (m3).
    try {
      std::thread(RunOne, slot, collector).detach();
    } catch (const std::system_error&) {
      RunOne(slot, collector);
    }
  }
  Collection collection;
  auto deadline = Clock::now() + options.collector_budget;
  WaitWithProgress(*count, slots, collectors, deadline, options);
  for (size_t i = 0; i < slots.size(); ++i) {
    auto& slot = *slots[i];
    std::unique_lock<std::mutex> lock(slot.mutex);
    if (!slot.done_cv.wait_until(lock, deadline, [&] { return slot.done; })) {
      auto budget = std::chrono::duration_cast<std::chrono::milliseconds>(options.collector_budget).count();
      collection.runs.push_back({collectors[i].name, collectors[i].section, CollectorStatus::TimedOut,
                                 std::string("collector '") + collectors[i].name + "' did not finish within " +
                                     std::to_string(budget) + " ms; its facts are missing",
                                 static_cast<double>(budget)});
      continue;
    }
    collection.facts.Merge(slot.facts);
    collection.runs.push_back(slot.run);
  }
  return collection;
}

}  // namespace rd
