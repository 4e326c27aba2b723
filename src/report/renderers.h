#pragma once
#include <string>

#include "report/report.h"

namespace rd {

struct TextOptions {
  bool color = false;    ///< Only on a TTY and without NO_COLOR (decided by the caller).
  bool verbose = false;  ///< -v: facts with their sources, rules not evaluated.
};

/// flutter-doctor style: one mark per section (✓ ! ✗ ☠), each problem with its fix under it.
std::string RenderText(const Report& report, const TextOptions& options);
/// For tickets: summary table, findings with fixes, evidence and facts in <details>.
std::string RenderMarkdown(const Report& report);
/// Pretty JSON (schema in docs/report-schema.md).
std::string RenderJson(const Report& report);

}  // namespace rd
