// libFuzzer target over the whole triage entry point: split, recognise every kind, parse,
// evaluate the real rules and render all three report formats (redacting JSON and Markdown).
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/check_command.h"
#include "engine/rule_loader.h"
#include "report/renderers.h"
#include "report/redaction.h"
#include "triage/triage.h"

namespace {
const rd::RuleDatabase& Rules() {
  static const rd::RuleDatabase db = rd::LoadRules({ROCM_DOCTOR_SOURCE_DIR "/rules"});
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
  rd::Report redacted = rd::RedactReport(report);
  (void)rd::RenderJson(redacted);
  (void)rd::RenderMarkdown(redacted);
  return 0;
}
