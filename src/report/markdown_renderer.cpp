#include <fmt/format.h>

#include <algorithm>

#include "engine/evaluator.h"
#include "report/json_report.h"
#include "report/renderers.h"
#include "util/terminal_text.h"

namespace rd {

namespace {

const char* MarkEmoji(SectionMark mark) {
  switch (mark) {
    case SectionMark::Ok: return "✓";
    case SectionMark::Warning: return "!";
    case SectionMark::Error: return "✗";
    case SectionMark::Dead: return "☠";
    case SectionMark::Absent: return "";
    case SectionMark::Unknown: return "?";
    case SectionMark::NotApplicable: return "–";
  }
  return "";
}

// Table cells: a pipe or newline in a value must not break the table.
std::string Cell(std::string text) {
  for (size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2)) text.replace(at, 1, "\\|");
  for (auto& c : text) {
    if (c == '\n') c = ' ';
  }
  return text;
}

void RenderConsequences(const std::vector<Finding>& findings, const Finding& cause, std::string& out) {
  std::string list;
  for (const auto& f : findings) {
    if (f.explained_by == cause.rule_id) list += fmt::format("- {} {} (`{}`)\n", SeverityName(f.severity), Cell(f.title), f.rule_id);
  }
  if (!list.empty()) out += "This also explains (no separate fix while the cause stands):\n\n" + list + "\n";
}

void RenderFinding(const Finding& f, std::string& out) {
  out += fmt::format("### {} {}: {}\n\n`{}` · section {}\n\n", f.severity == Severity::Error ? "✗" : f.severity == Severity::Warning ? "!" : "•",
                     SeverityName(f.severity), f.title, f.rule_id, f.section);
  if (!f.fix.empty()) out += fmt::format("**Fix:**\n\n```sh\n{}\n```\n\n", f.fix);
  if (!f.evidence.empty()) {
    out += "<details><summary>Evidence</summary>\n\n| fact | value | source |\n|---|---|---|\n";
    for (const auto& e : f.evidence) out += fmt::format("| `{}` | {} | {} |\n", e.fact, Cell(e.value), Cell(e.source));
    out += "\n</details>\n\n";
  }
  if (!f.refs.empty()) {
    out += "References: ";
    for (size_t i = 0; i < f.refs.size(); ++i) out += (i ? " · " : "") + f.refs[i];
    out += "\n\n";
  }
}

// issue 14 item 6, ux-review U10: a ticket body must paste into a GitHub issue (65,536
// characters); 72,657 for an 8×MI300X node did not. What matters comes first and is always
// there (summary, could-not-check list, key facts, findings); the folded parts are added only
// while they fit, and the full facts are replaced by "attach report.json" when they do not.
constexpr size_t kMarkdownBudget = 60000;

std::string SectionsTable(const std::vector<SectionStatus>& sections) {
  std::string out = "| | Section | Summary |\n|---|---|---|\n";
  for (const auto& s : sections) {
    std::string cell = !s.dead_message.empty() ? s.dead_message
                       : s.mark == SectionMark::NotApplicable ? "not checked: " + s.reason
                       : s.mark == SectionMark::Unknown ? "could not check: " + s.reason + (s.summary.empty() ? "" : " · " + s.summary)
                                                        : s.summary;
    out += fmt::format("| {} | {} | {} |\n", MarkEmoji(s.mark), s.title, Cell(cell));
  }
  return out;
}

// What the reader of the ticket must not take for "fine": "?" and ☠ sections, and "–" ones.
std::string NotCheckedList(const std::vector<SectionStatus>& sections) {
  std::string could_not, not_applicable;
  for (const auto& s : sections) {
    if (s.mark == SectionMark::Unknown) could_not += fmt::format("- **{}**: {}\n", s.title, Cell(s.reason));
    if (s.mark == SectionMark::Dead) could_not += fmt::format("- **{}**: {}\n", s.title, Cell(s.dead_message));
    if (s.mark == SectionMark::NotApplicable) not_applicable += fmt::format("- {}: {}\n", s.title, Cell(s.reason));
  }
  std::string out;
  if (!could_not.empty()) out += "**Could not check:**\n\n" + could_not + "\n";
  if (!not_applicable.empty()) out += "**Not checked (not applicable):**\n\n" + not_applicable + "\n";
  return out;
}

// The facts a maintainer asks for first, inline (the rest is folded or attached).
std::string KeyFacts(const Report& report) {
  static const std::vector<std::pair<const char*, const char*>> keys = {
      {"OS", "os.pretty_name"}, {"Kernel", "kernel.release"}, {"Platform", "summary.platform"},
      {"GPUs", "summary.gpu"}, {"Driver", "summary.driver"}, {"ROCm", "rocm.release"},
      {"HIP (hipcc)", "toolchain.hip_version"}, {"PyTorch", "frameworks.torch.version"},
      {"PyTorch build", "frameworks.torch.build"}};
  std::string rows;
  for (const auto& [label, path] : keys) {
    auto v = report.facts.Get(path);
    if (!v.value || v.value->is_null() || v.value->is_structured()) continue;
    std::string text = FactValueText(*v.value);
    if (!text.empty()) rows += fmt::format("| {} | {} |\n", label, Cell(text));
  }
  return rows.empty() ? "" : "| Key fact | Value |\n|---|---|\n" + rows + "\n";
}

std::string FactsDetails(const Report& report, size_t room) {
  nlohmann::json facts = report.facts.ToJson();
  auto dump = [](const nlohmann::json& j, int indent) { return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace); };
  auto folded = [](const std::string& summary, const std::string& body) {
    return "<details><summary>" + summary + "</summary>\n\n```json\n" + body + "\n```\n\n</details>\n";
  };
  // Whole, then without evidence (findings carry their own), then compact, then attach.
  for (const auto& candidate : {folded("All facts", dump(facts, 2)),
                                folded("All facts", dump({{"values", facts["values"]}, {"absent", facts["absent"]}}, 1)),
                                folded("All facts", dump({{"values", facts["values"]}, {"absent", facts["absent"]}}, -1))}) {
    if (candidate.size() <= room) return candidate;
  }
  return "<details><summary>All facts</summary>\n\nThe facts do not fit in a ticket: attach the JSON report "
         "(`rocm-doctor check -f json -o report.json`).\n\n</details>\n";
}

std::string NotEvaluatedDetails(const Report& report, size_t room) {
  if (report.not_evaluated.empty()) return "";
  std::string head = "\n<details><summary>Rules not evaluated</summary>\n\n", tail = "\n</details>\n", body;
  size_t shown = 0;
  for (const auto& n : report.not_evaluated) {
    std::string line = fmt::format("- `{}`: {}\n", n.rule_id, n.reason);
    if (head.size() + body.size() + line.size() + tail.size() + 80 > room) break;
    body += line;
    ++shown;
  }
  if (shown < report.not_evaluated.size()) body += fmt::format("- … and {} more (`check -v` or the JSON report)\n", report.not_evaluated.size() - shown);
  std::string out = head + body + tail;
  return out.size() <= room ? out : "";
}

std::string Markdown(const Report& report) {
  auto sections = SectionStatuses(report);
  std::string out = fmt::format("## rocm-doctor report\n\nrocm-doctor {} · rules {} · {} · generated {}\n\n",
                                report.tool_version, report.rules_version, report.mode, report.generated_at);
  out += SectionsTable(sections);
  out += fmt::format("\n**{} error(s), {} warning(s), {} note(s)**\n\n", CountFindings(report, Severity::Error),
                     CountFindings(report, Severity::Warning), CountFindings(report, Severity::Info));
  out += NotCheckedList(sections);
  out += KeyFacts(report);
  for (const auto& f : report.findings) {
    if (!f.explained_by.empty()) continue;
    RenderFinding(f, out);
    RenderConsequences(report.findings, f, out);
  }
  // The must-have part alone can exceed the budget only with thousands of findings: cut it
  // at a line and say so, rather than produce a body GitHub refuses.
  constexpr const char* kCut = "\n\n… (cut to fit a ticket: attach the JSON report, `rocm-doctor check -f json -o report.json`)\n";
  if (out.size() > kMarkdownBudget) {
    out.resize(out.rfind('\n', kMarkdownBudget - 200));
    return out + kCut;
  }
  std::string rules = NotEvaluatedDetails(report, std::min<size_t>(12000, (kMarkdownBudget - out.size()) / 3));
  out += FactsDetails(report, kMarkdownBudget - out.size() - rules.size());
  out += rules;
  return out;
}

}  // namespace

// hostile-input report D5: a Markdown report is read with `cat` as often as in a browser; no
// colour here, so the finished string is sanitised as a whole.
std::string RenderMarkdown(const Report& report) { return TerminalSafe(Markdown(report)); }

std::string RenderJson(const Report& report) { return ReportToJson(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"; }

}  // namespace rd
