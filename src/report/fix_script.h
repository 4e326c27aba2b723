#pragma once
/// `rocm-doctor fix` (issue 14 item 9): the fixes of a report's findings as one POSIX sh script,
/// root causes first, each command under its finding's id and title. Only what the report holds
/// is written: a fix line whose template had a hole was already dropped by the engine
/// (RenderFixTemplate), and a finding left without a command is listed, never guessed.
#include <string>
#include <vector>

#include "report/report.h"

namespace rd {

/// One line of a finding's fix, as the script treats it.
enum class FixLineKind {
  Command,     ///< Run by the script (and by `fix --run`, after a yes).
  ShellState,  ///< export/unset/cd/…: changes only the shell it runs in, so it is the user's to type.
  Comment,     ///< Advice, written as `# …` in the rule.
};

struct FixLine {
  FixLineKind kind = FixLineKind::Comment;
  std::string text;  ///< As the rule wrote it, filled; a comment keeps its leading '#'.
};

/// The fix of one finding, and the findings it explains (their own fixes cannot help yet).
struct FixStep {
  const Finding* finding = nullptr;
  std::vector<FixLine> lines;
  std::vector<const Finding*> consequences;
};

struct FixPlan {
  std::vector<FixStep> steps;      ///< Findings with a command or a shell-state line, causes first.
  std::vector<FixStep> unfixable;  ///< Findings without one (their lines are comments at most).
};

/// Where the report came from and when, for the script's header.
struct FixScriptOrigin {
  std::string source;        ///< "this machine (host node7)", "snapshot tests/fixtures/x", "report r.json"
  std::string generated_at;  ///< The report's UTC time.
  std::string tool_version, rules_version;
};

/// Splits a filled fix into lines and decides what each one is.
std::vector<FixLine> ClassifyFixLines(const std::string& fix);
/// The report's findings in script order: root causes (findings others are explained by) first,
/// then errors, warnings and notes, each in report order. A consequence is no step of its own.
FixPlan PlanFixes(const Report& report);
/// The script: `#!/bin/sh`, `set -eu`, the header, one block per step, the unfixable list.
std::string RenderFixScript(const FixPlan& plan, const FixScriptOrigin& origin);
/// A string made fit for one comment line: controls and line breaks become spaces, and what
/// TerminalSafe would replace is replaced (a title or a path from a hostile report, D5).
std::string CommentText(const std::string& text);

}  // namespace rd
