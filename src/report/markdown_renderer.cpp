#include <fmt/format.h>

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

std::string Markdown(const Report& report) {
  std::string out = fmt::format("## rocm-doctor report\n\nrocm-doctor {} · rules {} · {} · generated {}\n\n",
                                report.tool_version, report.rules_version, report.mode, report.generated_at);
  out += "| | Section | Summary |\n|---|---|---|\n";
  for (const auto& s : SectionStatuses(report)) {
    std::string cell = !s.dead_message.empty() ? s.dead_message
                       : s.mark == SectionMark::NotApplicable ? "not checked: " + s.reason
                       : s.mark == SectionMark::Unknown ? "could not check: " + s.reason + (s.summary.empty() ? "" : " · " + s.summary)
                                                        : s.summary;
    out += fmt::format("| {} | {} | {} |\n", MarkEmoji(s.mark), s.title, Cell(cell));
  }
  out += fmt::format("\n**{} error(s), {} warning(s), {} note(s)**\n\n", CountFindings(report, Severity::Error),
                     CountFindings(report, Severity::Warning), CountFindings(report, Severity::Info));
  for (const auto& f : report.findings) RenderFinding(f, out);
  out += "<details><summary>All facts</summary>\n\n```json\n" + report.facts.ToJson().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n```\n\n</details>\n";
  if (!report.not_evaluated.empty()) {
    out += "\n<details><summary>Rules not evaluated</summary>\n\n";
    for (const auto& n : report.not_evaluated) out += fmt::format("- `{}`: {}\n", n.rule_id, n.reason);
    out += "\n</details>\n";
  }
  return out;
}

}  // namespace

// hostile-input report D5: a Markdown report is read with `cat` as often as in a browser; no
// colour here, so the finished string is sanitised as a whole.
std::string RenderMarkdown(const Report& report) { return TerminalSafe(Markdown(report)); }

std::string RenderJson(const Report& report) { return ReportToJson(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"; }

}  // namespace rd
