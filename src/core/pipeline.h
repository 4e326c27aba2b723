#pragma once
/// collect -> facts: runs collectors concurrently, each with a time budget. One that throws or
/// overruns becomes a "crashed"/"timed out" section while the rest still report.
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/collector.h"
#include "core/facts.h"

namespace rd {

enum class CollectorStatus { Ok, Crashed, TimedOut };
const char* CollectorStatusName(CollectorStatus status);
CollectorStatus CollectorStatusFromName(const std::string& name);

struct CollectorRun {
  std::string name;
  std::string section;
  CollectorStatus status = CollectorStatus::Ok;
  std::string message;  ///< For Crashed/TimedOut: what happened.
  double elapsed_ms = 0;
};

struct Collection {
  Facts facts;
  std::vector<CollectorRun> runs;
};

struct PipelineOptions {
  std::chrono::milliseconds collector_budget{10000};
  bool quick = false;                   ///< CollectContext::quick
  std::vector<std::string> extra_libs;  ///< CollectContext::extra_libs
  std::vector<std::string> pythons;     ///< CollectContext::pythons
  bool no_compile = false;              ///< CollectContext::no_compile
  /// Called on the caller's thread when the collectors start and every `wait_tick` while some
  /// are still running, with their names in registry order (issue 14 item 5: the progress line).
  /// Never called from a collector thread, so it may write to the terminal without a lock.
  std::function<void(const std::vector<std::string>& running)> on_wait;
  std::chrono::milliseconds wait_tick{100};
};

Collection RunCollectors(std::shared_ptr<System> system, const nlohmann::json& data,
                         const std::vector<Collector>& collectors, const PipelineOptions& options);

}  // namespace rd
