#pragma once
#include <cstddef>
#include <string>

#include "report/report.h"

namespace rd {

struct TextOptions {
  bool color = false;    ///< Only on a TTY, without NO_COLOR or TERM=dumb (decided by the caller).
  bool verbose = false;  ///< -v: facts with their sources, rules not evaluated.
  size_t width = 0;      ///< Wrap prose at this many columns; 0: no wrapping (piped, no --width).
  bool ascii = false;    ///< A terminal whose locale is not UTF-8: [ok] [XX] - -> instead of ✓ ✗ · → (ux-review p1).
};

/// flutter-doctor style: one mark per section (✓ ! ✗ ☠ ? –), each problem with its fix under it;
/// prose wrapped at `width` with hanging indents, fix commands never wrapped (issue 14 item 5).
std::string RenderText(const Report& report, const TextOptions& options);
/// For tickets: summary table, findings with fixes, evidence and facts in <details>.
std::string RenderMarkdown(const Report& report);
/// Pretty JSON (schema in docs/report-schema.md).
std::string RenderJson(const Report& report);

}  // namespace rd
