#include <algorithm>

#include <fmt/format.h>

#include "engine/evaluator.h"
#include "report/renderers.h"
#include "util/terminal_text.h"

namespace rd {

namespace {

// hostile-input report D5: every string of a report may come from someone else (a paste, a
// --from report, a rule file), so the whole text is built in one TerminalText: content is
// sanitised as it is appended and colour codes are added around already-clean content. There is
// no std::string `out` here to append to unsanitised.
using Painted = TerminalText::Painted;

const char* MarkSymbol(SectionMark mark) {
  switch (mark) {
    case SectionMark::Ok: return "✓";
    case SectionMark::Warning: return "!";
    case SectionMark::Error: return "✗";
    case SectionMark::Dead: return "☠";
    case SectionMark::Absent: return " ";
    case SectionMark::Unknown: return "?";
    case SectionMark::NotApplicable: return "–";
  }
  return " ";
}

const char* MarkColor(SectionMark mark) {
  switch (mark) {
    case SectionMark::Ok: return "32";
    case SectionMark::Warning: return "33";
    case SectionMark::Error: return "31";
    case SectionMark::Dead: return "35";
    case SectionMark::Absent: return "0";
    case SectionMark::Unknown: return "34";
    case SectionMark::NotApplicable: return "2";
  }
  return "0";
}

const char* SeveritySymbol(Severity s) { return s == Severity::Error ? "✗" : s == Severity::Warning ? "!" : "•"; }
const char* SeverityColor(Severity s) { return s == Severity::Error ? "31" : s == Severity::Warning ? "33" : "36"; }

// issue 14 item 3: the consequences of a root cause, one line each, without their fixes (they
// cannot help while the cause stands); -v adds their evidence.
void RenderConsequences(const Report& report, const Finding& cause, bool verbose, TerminalText& out) {
  bool first = true;
  for (const auto& f : report.findings) {
    if (f.explained_by != cause.rule_id) continue;
    if (first) out << "      This also explains:\n";
    first = false;
    out << "        " << Painted{SeveritySymbol(f.severity), SeverityColor(f.severity)} << " " << f.title << "  "
        << Painted{"[" + f.rule_id + "]", "2"} << "\n";
    if (!verbose) continue;
    for (const auto& e : f.evidence) {
      out << Painted{fmt::format("          {} = {}{}\n", e.fact, e.value, e.source.empty() ? "" : "  (" + e.source + ")"), "2"};
    }
  }
}

void RenderFinding(const Finding& f, bool verbose, TerminalText& out) {
  out << "    " << Painted{SeveritySymbol(f.severity), SeverityColor(f.severity)} << " " << f.title << "  "
      << Painted{"[" + f.rule_id + "]", "2"} << "\n";
  if (!f.fix.empty()) {
    bool first = true;
    for (size_t start = 0; start <= f.fix.size();) {
      size_t end = f.fix.find('\n', start);
      if (end == std::string::npos) end = f.fix.size();
      out << fmt::format("      {} {}\n", first ? "→" : " ", f.fix.substr(start, end - start));
      first = false;
      start = end + 1;
    }
  }
  if (!verbose) return;
  for (const auto& e : f.evidence) {
    out << Painted{fmt::format("        {} = {}{}\n", e.fact, e.value, e.source.empty() ? "" : "  (" + e.source + ")"), "2"};
  }
}

void RenderSectionFacts(const Report& report, const std::string& section, TerminalText& out) {
  for (const auto& root : SectionFactRoots(section)) {
    if (!report.facts.tree().contains(root)) continue;
    for (const auto& [key, value] : report.facts.tree()[root].items()) {
      std::string path = root + "." + key;
      const auto* ev = report.facts.EvidenceFor(path);
      std::string text = value.is_structured() ? value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                                                : FactValueText(value);
      if (text.size() > 160) text = text.substr(0, 157) + "...";
      out << Painted{fmt::format("      · {} = {}{}\n", path, text, ev ? "  (" + ev->source + ")" : ""), "2"};
    }
  }
  for (const auto& [path, reason] : report.facts.absent()) {
    for (const auto& root : SectionFactRoots(section)) {
      if (path.rfind(root, 0) == 0) out << Painted{fmt::format("      · {} absent: {}\n", path, reason), "2"};
    }
  }
}

// triage: one line per piece of the paste, so the reader sees what was understood and what not.
void RenderPieces(const Report& report, TerminalText& out) {
  auto pieces = report.facts.Get("triage.pieces");
  if (!pieces.value || !pieces.value->is_array()) return;
  for (const auto& piece : *pieces.value) {
    if (!piece.is_object()) continue;
    std::string also;
    if (piece.contains("also") && piece["also"].is_array()) {
      for (const auto& kind : piece["also"]) also += " +" + FactValueText(kind);
    }
    out << Painted{fmt::format("      · {}  {}{}\n", piece.value("source", ""), piece.value("kind", ""), also), "2"};
  }
}

// The footer's section counts (issue 14 item 1): "9 sections: 5 ✓ 1 ✗ 2 ? 1 –".
std::string MarkCounts(const std::vector<SectionStatus>& sections) {
  std::string out = fmt::format("{} section{}:", sections.size(), sections.size() == 1 ? "" : "s");
  for (auto mark : {SectionMark::Ok, SectionMark::Warning, SectionMark::Error, SectionMark::Dead, SectionMark::Unknown,
                    SectionMark::NotApplicable}) {
    if (size_t n = CountMarks(sections, mark)) out += fmt::format(" {} {}", n, MarkSymbol(mark));
  }
  return out;
}

}  // namespace

std::string RenderText(const Report& report, const TextOptions& options) {
  TerminalText out(options.color);
  out << fmt::format("rocm-doctor {} · rules {}{}\n\n", report.tool_version, report.rules_version,
                     report.mode == "live" || report.mode.empty() ? "" : " · " + report.mode);
  auto sections = SectionStatuses(report);
  for (const auto& section : sections) {
    out << "[" << Painted{MarkSymbol(section.mark), MarkColor(section.mark)} << "] " << section.title;
    // issue 14 item 1: "–" says why there was nothing to check, "?" what could not be read.
    if (section.mark == SectionMark::NotApplicable) out << " — not checked: " << section.reason;
    else if (!section.summary.empty()) out << " — " << section.summary;
    out << "\n";
    if (section.mark == SectionMark::Unknown) out << "    " << Painted{"?", "34"} << " could not check: " << section.reason << "\n";
    bool has_findings = std::any_of(report.findings.begin(), report.findings.end(),
                                    [&](const auto& f) { return f.section == section.id && f.explained_by.empty(); });
    if ((section.mark == SectionMark::Error || section.mark == SectionMark::Warning) && !has_findings && !section.reason.empty()) {
      out << "    " << Painted{MarkSymbol(section.mark), MarkColor(section.mark)} << " " << section.reason << "\n";
    }
    if (!section.dead_message.empty()) out << "    " << Painted{"☠", "35"} << " " << section.dead_message << "\n";
    for (const auto& f : report.findings) {
      if (f.section != section.id || !f.explained_by.empty()) continue;
      RenderFinding(f, options.verbose, out);
      RenderConsequences(report, f, options.verbose, out);
    }
    if (section.id == "paste") RenderPieces(report, out);
    else if (options.verbose) RenderSectionFacts(report, section.id, out);
  }
  for (const auto& d : report.rule_diagnostics) out << "\n" << Painted{"!", "33"} << " rule file problem: " << d;
  if (!report.rule_diagnostics.empty()) out << "\n";
  if (options.verbose && !report.not_evaluated.empty()) {
    out << "\nNot evaluated (facts absent):\n";
    for (const auto& n : report.not_evaluated) out << fmt::format("  {} — {}\n", n.rule_id, n.reason);
  }
  size_t errors = CountFindings(report, Severity::Error), warnings = CountFindings(report, Severity::Warning),
         infos = CountFindings(report, Severity::Info);
  out << "\n";
  // Before the totals: the last line stays the one summary line scripts read.
  // m13: a crashed or timed-out view (☠) could not check its section either.
  if (size_t unknown = CountMarks(sections, SectionMark::Unknown) + CountMarks(sections, SectionMark::Dead)) {
    out << Painted{fmt::format("{} section{} could not be checked (? ☠): the reasons are above\n", unknown, unknown == 1 ? "" : "s"), "34"};
  }
  out << (errors ? Painted{fmt::format("{} error{}", errors, errors == 1 ? "" : "s"), "31"} : Painted{"no errors", "32"});
  out << fmt::format(", {} warning{}, {} note{} · {} · {} rules, {} not evaluated · {:.0f} ms\n", warnings,
                     warnings == 1 ? "" : "s", infos, infos == 1 ? "" : "s", MarkCounts(sections), report.rules_loaded,
                     report.not_evaluated.size(), report.timings.total_ms);

  return out.str();
}

}  // namespace rd
