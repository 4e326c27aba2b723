// libFuzzer target over the whole triage entry point: split, recognise every kind, parse,
// evaluate the real rules and render all three report formats (redacting JSON and Markdown).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

#include "cli/check_command.h"
#include "engine/rule_loader.h"
#include "report/renderers.h"
#include "report/redaction.h"
#include "triage/triage.h"

namespace {
// The rules to fuzz with (see below).
const rd::RuleDatabase& Rules() {
  static const rd::RuleDatabase db = [] {
    // $ROCM_DOCTOR_RULES first (a copy of the tree on another machine, run_parallel.sh's worker
    // folders), then the source tree it was built from, then ./rules.
    const char* env = std::getenv("ROCM_DOCTOR_RULES");
    rd::RuleDatabase rules = rd::LoadRules({env && *env ? env : ROCM_DOCTOR_SOURCE_DIR "/rules"});
    if (rules.rules.empty()) rules = rd::LoadRules({"rules"});
    if (rules.rules.empty()) std::abort();  // fuzzing without rules would test nothing
    return rules;
  }();
  return db;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto pieces = rd::SplitPaste(text, "fuzz.txt");
  rd::Facts facts = rd::TriageFacts(pieces, &Rules().data);
  rd::Report report = rd::EvaluateReport(std::move(facts), {}, Rules(), {});
  report.mode = "triage";
  (void)rd::RenderText(report, {});
  // Redaction scans every string with a dozen patterns: the slowest step. It runs on one input
  // in 16 (chosen by content, so a crash reproduces) to keep 10 million executions affordable.
  size_t hash = std::hash<std::string>{}(text);
  if (hash % 16 == 0) {
    rd::Report redacted = rd::RedactReport(report);
    (void)rd::RenderJson(redacted);
    (void)rd::RenderMarkdown(redacted);
  }
  return 0;
}
