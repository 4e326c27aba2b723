#pragma once
/// The one-line progress indicator on stderr while the collectors' children run (issue 14 item
/// 5, ux-review U8): the screen is no longer blank for the seconds a torch import or the hipcc
/// compile check takes. Only on a terminal that takes decoration (not piped, no NO_COLOR, not
/// TERM=dumb); drawn over itself with CR and erased before the report prints.
#include <chrono>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

/// What a collector waits for, in words ("hipcc compile check"); empty for a collector that
/// only reads files (it is counted, not named).
std::string_view WaitLabel(std::string_view collector);

/// "waiting 2.1 s for: hipcc compile check, python imports (torch) +3 views", cut with "…" to
/// fit in `width - 1` columns (a line that reaches the last column wraps on some terminals, and
/// CR then redraws only its second half). Pure: the text of the line.
std::string ProgressText(const std::vector<std::string>& running, double elapsed_s, size_t width);

class ProgressLine {
 public:
  /// `enabled`: stderr is a terminal that takes decoration; `width`: its columns (0: 80).
  ProgressLine(std::ostream& err, bool enabled, size_t width);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// Draws the line over the previous one (PipelineOptions::on_wait).
  void Show(const std::vector<std::string>& running);
  /// Draws "WHAT …" (a step before the collectors start, such as "loading rules").
  void Status(std::string_view what);
  /// Erases the line; the report then starts at column 0 of a clean line.
  void Clear();

 private:
  void Raw(const std::string& text);

  std::ostream& err_;
  bool enabled_;
  size_t width_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace rd
