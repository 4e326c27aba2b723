#pragma once
/// Where a rendered report goes: stdout or `-o FILE`. One place for check, probe, triage and
/// fleet, so every command detects a failed write (hostile-input report D21) and writes files
/// the same way (D1, D9, m10).
#include <string>

#include "cli/check_command.h"
#include "cli/io.h"
#include "report/renderers.h"

namespace rd {

/// Writes `text`; returns 0, or kExitUsage after a message naming the output and the cause.
/// `redacted`: the text was redacted (a new -o file then follows the umask; else it is 0600).
int WriteReportText(const std::string& text, const OutputOptions& options, bool redacted, Io& io);

/// Colour and width of the text report (issue 14 item 5): colour only on a decorated terminal
/// (cli/io.h Decorated) and not into a file; wrapping at --width, else at the terminal's width
/// (80 when it does not say), and not at all when piped or written to a file.
TextOptions TextOptionsFor(const OutputOptions& options, const Io& io);

/// Writes to io.out and checks that it arrived (a full disk, /dev/full, a closed stdout).
int WriteStandardOutput(const std::string& text, Io& io);

}  // namespace rd
