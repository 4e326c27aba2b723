#include "report/fix_script.h"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "util/strings.h"
#include "util/terminal_text.h"

namespace rd {

namespace {

// Builtins that change the shell they run in: in a script (or a `/bin/sh -c` child of --run)
// they end with it, so "fixed" would be a lie (issue 14 item 9: a wrong fix is worse than none).
bool ChangesOnlyItsShell(std::string_view line) {
  size_t end = line.find_first_of(" \t;&|");
  std::string_view word = line.substr(0, end);
  static const std::set<std::string_view> kBuiltins = {"export", "unset", "cd", "source", ".", "alias", "umask", "ulimit"};
  if (kBuiltins.count(word)) return true;
  // A bare assignment ("ROCR_VISIBLE_DEVICES=0", optionally followed by a comment).
  size_t eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  for (char c : word.substr(0, eq)) {
    if (!(c == '_' || std::isalnum(static_cast<unsigned char>(c)))) return false;
  }
  if (std::isdigit(static_cast<unsigned char>(word[0]))) return false;
  std::string_view rest = end == std::string_view::npos ? "" : Trim(line.substr(end));
  return rest.empty() || rest[0] == '#';
}

int SeverityRank(Severity s) { return s == Severity::Error ? 0 : s == Severity::Warning ? 1 : 2; }

bool HasAction(const FixStep& step) {
  return std::any_of(step.lines.begin(), step.lines.end(), [](const FixLine& l) { return l.kind != FixLineKind::Comment; });
}

std::string Heading(const Finding& f) {
  return CommentText(fmt::format("{} [{}]: {}", f.rule_id, SeverityName(f.severity), f.title));
}

void RenderConsequences(const FixStep& step, const std::string& indent, std::string& out) {
  for (const auto* c : step.consequences) {
    out += indent + CommentText(fmt::format("also explains {}: {} (its own fix cannot help while this stands)", c->rule_id, c->title)) + "\n";
  }
}

void RenderStep(const FixStep& step, size_t number, std::string& out) {
  out += fmt::format("\n# {}. {}\n", number, Heading(*step.finding));
  RenderConsequences(step, "#    ", out);
  for (const auto& line : step.lines) {
    switch (line.kind) {
      case FixLineKind::Command: out += line.text + "\n"; break;
      case FixLineKind::ShellState: out += "# in your shell: " + CommentText(line.text) + "\n"; break;
      case FixLineKind::Comment: out += CommentText(line.text) + "\n"; break;
    }
  }
}

void RenderUnfixable(const std::vector<FixStep>& unfixable, std::string& out) {
  if (unfixable.empty()) return;
  out += "\n# Not fixable automatically (no command exact for this machine):\n";
  for (const auto& step : unfixable) {
    const Finding& f = *step.finding;
    out += "#   " + CommentText(fmt::format("{} {} — see `rocm-doctor explain {}`", f.rule_id, f.title, f.rule_id)) + "\n";
    RenderConsequences(step, "#     ", out);
    for (const auto& line : step.lines) out += "#     " + CommentText(line.text) + "\n";
  }
}

}  // namespace

std::string CommentText(const std::string& text) {
  std::string flat = text;
  for (char& c : flat) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return TerminalSafe(flat);
}

std::vector<FixLine> ClassifyFixLines(const std::string& fix) {
  std::vector<FixLine> lines;
  for (const auto& raw : SplitLines(fix)) {
    std::string line(Trim(raw));
    if (line.empty()) continue;
    if (line[0] == '#') {
      lines.push_back({FixLineKind::Comment, line});
    } else if (auto bad = FirstTerminalUnsafe(line)) {
      // A control character in a command came from a fact value (a hostile snapshot or report,
      // D5): the command is not the one the rule meant, so it is left out, not cleaned up.
      lines.push_back({FixLineKind::Comment, "# (a command of this fix was left out: it holds " + *bad + ")"});
    } else {
      lines.push_back({ChangesOnlyItsShell(line) ? FixLineKind::ShellState : FixLineKind::Command, line});
    }
  }
  return lines;
}

FixPlan PlanFixes(const Report& report) {
  std::set<std::string> causes;
  for (const auto& f : report.findings) {
    if (!f.explained_by.empty()) causes.insert(f.explained_by);
  }
  std::vector<const Finding*> order;
  for (const auto& f : report.findings) {
    if (f.explained_by.empty()) order.push_back(&f);
  }
  std::stable_sort(order.begin(), order.end(), [&](const Finding* a, const Finding* b) {
    bool ca = causes.count(a->rule_id), cb = causes.count(b->rule_id);
    if (ca != cb) return ca;
    return SeverityRank(a->severity) < SeverityRank(b->severity);
  });
  FixPlan plan;
  std::set<std::string> folded;  // a cause that fired for several elements lists its consequences once
  for (const Finding* f : order) {
    FixStep step{f, ClassifyFixLines(f->fix), {}};
    if (folded.insert(f->rule_id).second) {
      for (const auto& c : report.findings) {
        if (c.explained_by == f->rule_id) step.consequences.push_back(&c);
      }
    }
    (HasAction(step) ? plan.steps : plan.unfixable).push_back(std::move(step));
  }
  return plan;
}

std::string RenderFixScript(const FixPlan& plan, const FixScriptOrigin& origin) {
  std::string out = "#!/bin/sh\n";
  out += "# " + CommentText(fmt::format("rocm-doctor fix: the fixes of the findings of {}, checked {}", origin.source, origin.generated_at)) + "\n";
  out += "# " + CommentText(fmt::format("(rocm-doctor {}, rules {}).", origin.tool_version, origin.rules_version)) + "\n";
  out += "# The values below were read on that machine: run this there, and read every step first.\n";
  out += "# `rocm-doctor fix --run` runs the commands one at a time and asks before each one.\n";
  out += "# \"in your shell\" lines change the environment of the shell that runs them, which a\n";
  out += "# script cannot do for you: type them yourself (or put them in ~/.profile).\n";
  out += "set -eu\n";
  if (plan.steps.empty() && plan.unfixable.empty()) out += "\n# No findings: nothing to fix.\n";
  for (size_t i = 0; i < plan.steps.size(); ++i) RenderStep(plan.steps[i], i + 1, out);
  RenderUnfixable(plan.unfixable, out);
  return out;
}

}  // namespace rd
