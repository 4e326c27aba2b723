#include <algorithm>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "engine/evaluator.h"
#include "report/renderers.h"
#include "util/terminal_text.h"
#include "util/text_wrap.h"

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

// issue 14 item 5 (ux-review U11): prose is wrapped at the width with a hanging indent; fix
// commands are never wrapped, so that they stay copy-pasteable. Each piece of content is made
// terminal-safe before it is measured (a replaced byte is one '?' column), and TerminalText
// cleans it again (idempotent) when it is appended.
class Printer {
 public:
  Printer(TerminalText& out, size_t width) : out_(out), width_(width) {}

  static Span Plain(std::string_view text) { return {TerminalSafe(text), ""}; }
  static Span Paint(std::string_view text, std::string_view sgr) { return {TerminalSafe(text), std::string(sgr)}; }

  /// `hanging`: the column continuation lines start at (under the text after a mark or bullet).
  void Wrapped(const SpanLine& line, size_t hanging) {
    for (const auto& piece : WrapSpans(line, width_, hanging)) Emit(piece);
  }
  /// A line of a fix: a command goes out whole, however long; a `# comment` line is prose and
  /// wraps with "# " on each continuation; a command's trailing "  # comment" that does not fit
  /// goes onto its own comment line below the command.
  void FixLine(std::string_view indent, std::string_view line) {
    if (!width_ || DisplayWidth(indent) + DisplayWidth(line) <= width_) return Emit({Plain(std::string(indent) + std::string(line))});
    if (line.rfind('#', 0) == 0) return Comment(indent, line);
    size_t hash = TrailingComment(line);
    if (hash == std::string_view::npos) return Emit({Plain(std::string(indent) + std::string(line))});
    std::string_view command = line.substr(0, hash);
    command = command.substr(0, command.find_last_not_of(' ') + 1);
    Emit({Plain(std::string(indent) + std::string(command))});
    Comment(std::string(DisplayWidth(indent), ' '), line.substr(hash));
  }
  TerminalText& out() { return out_; }

 private:
  void Emit(const SpanLine& line) {
    for (const auto& span : line) {
      if (span.sgr.empty()) out_ << span.text;
      else out_ << Painted{span.text, span.sgr};
    }
    out_ << "\n";
  }
  // "# text" wrapped as comments: "# " starts every line and stays with the first word after
  // it (a URL alone does not leave a bare "#" line behind). Two spaces hold its place while the
  // text is wrapped, as the indent the wrapper keeps.
  void Comment(std::string_view indent, std::string_view comment) {
    std::string_view text = comment.substr(1);
    text.remove_prefix(std::min(text.find_first_not_of(' '), text.size()));
    size_t hanging = DisplayWidth(indent) + 2;
    auto lines = WrapSpans({Plain(std::string(indent) + "  " + std::string(text))}, width_, hanging);
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].empty()) continue;
      lines[i].front().text.replace(i == 0 ? indent.size() : hanging - 2, 2, "# ");
      Emit(lines[i]);
    }
  }
  // The "#" of a trailing comment: after two spaces and outside quotes (the rules' convention,
  // "cmd    # why"); npos when there is none.
  static size_t TrailingComment(std::string_view line) {
    bool single = false, dbl = false;
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (c == '\'' && !dbl) single = !single;
      else if (c == '"' && !single) dbl = !dbl;
      else if (c == '#' && !single && !dbl && i >= 2 && line[i - 1] == ' ' && line[i - 2] == ' ') return i;
    }
    return std::string_view::npos;
  }

  TerminalText& out_;
  size_t width_;
};

SpanLine FindingLine(std::string_view indent, const Finding& f) {
  return {Printer::Plain(indent), Printer::Paint(SeveritySymbol(f.severity), SeverityColor(f.severity)),
          Printer::Plain(" " + f.title + "  "), Printer::Paint("[" + f.rule_id + "]", "2")};
}

std::string EvidenceText(const FindingEvidence& e) {
  return fmt::format("{} = {}{}", e.fact, e.value, e.source.empty() ? "" : "  (" + e.source + ")");
}

// issue 14 item 3: the consequences of a root cause, one line each, without their fixes (they
// cannot help while the cause stands); -v adds their evidence.
void RenderConsequences(const Report& report, const Finding& cause, bool verbose, Printer& out) {
  bool first = true;
  for (const auto& f : report.findings) {
    if (f.explained_by != cause.rule_id) continue;
    if (first) out.Wrapped({Printer::Plain("      This also explains:")}, 8);
    first = false;
    out.Wrapped(FindingLine("        ", f), 10);
    if (!verbose) continue;
    for (const auto& e : f.evidence) out.Wrapped({Printer::Paint("          " + EvidenceText(e), "2")}, 12);
  }
}

void RenderFinding(const Finding& f, bool verbose, Printer& out) {
  out.Wrapped(FindingLine("    ", f), 6);
  if (!f.fix.empty()) {
    // ux-review m12: no prefix on a command line: a triple-click copy of "→ sudo …" gave
    // "bash: →: command not found". The 8-column indent alone sets the fix apart.
    for (size_t start = 0; start <= f.fix.size();) {
      size_t end = f.fix.find('\n', start);
      if (end == std::string::npos) end = f.fix.size();
      out.FixLine("        ", std::string_view(f.fix).substr(start, end - start));
      start = end + 1;
    }
  }
  if (!verbose) return;
  for (const auto& e : f.evidence) out.Wrapped({Printer::Paint("        " + EvidenceText(e), "2")}, 10);
}

void RenderSectionFacts(const Report& report, const std::string& section, Printer& out) {
  for (const auto& root : SectionFactRoots(section)) {
    if (!report.facts.tree().contains(root)) continue;
    for (const auto& [key, value] : report.facts.tree()[root].items()) {
      std::string path = root + "." + key;
      const auto* ev = report.facts.EvidenceFor(path);
      std::string text = value.is_structured() ? value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                                                : FactValueText(value);
      if (text.size() > 160) text = text.substr(0, 157) + "...";
      out.Wrapped({Printer::Paint(fmt::format("      · {} = {}{}", path, text, ev ? "  (" + ev->source + ")" : ""), "2")}, 8);
    }
  }
  for (const auto& [path, reason] : report.facts.absent()) {
    for (const auto& root : SectionFactRoots(section)) {
      if (path.rfind(root, 0) == 0) out.Wrapped({Printer::Paint(fmt::format("      · {} absent: {}", path, reason), "2")}, 8);
    }
  }
}

// triage: one line per piece of the paste, so the reader sees what was understood and what not.
void RenderPieces(const Report& report, Printer& out) {
  auto pieces = report.facts.Get("triage.pieces");
  if (!pieces.value || !pieces.value->is_array()) return;
  for (const auto& piece : *pieces.value) {
    if (!piece.is_object()) continue;
    std::string also;
    if (piece.contains("also") && piece["also"].is_array()) {
      for (const auto& kind : piece["also"]) also += " +" + FactValueText(kind);
    }
    out.Wrapped({Printer::Paint(fmt::format("      · {}  {}{}", piece.value("source", ""), piece.value("kind", ""), also), "2")}, 8);
  }
}

// The footer's section counts (issue 14 item 1): "9 sections: 5 ✓ 1 ✗ 2 ? 1 –", each count in
// its mark's colour (ux-review p3).
void AppendMarkCounts(const std::vector<SectionStatus>& sections, SpanLine& line) {
  line.push_back(Printer::Plain(fmt::format("{} section{}:", sections.size(), sections.size() == 1 ? "" : "s")));
  for (auto mark : {SectionMark::Ok, SectionMark::Warning, SectionMark::Error, SectionMark::Dead, SectionMark::Unknown,
                    SectionMark::NotApplicable}) {
    size_t n = CountMarks(sections, mark);
    if (!n) continue;
    line.push_back(Printer::Plain(" "));
    line.push_back(Printer::Paint(fmt::format("{} {}", n, MarkSymbol(mark)), MarkColor(mark)));
  }
}

Span Count(size_t n, const char* noun, const char* sgr) {
  std::string text = fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
  return n ? Printer::Paint(text, sgr) : Printer::Plain(text);
}

void RenderSection(const Report& report, const SectionStatus& section, const TextOptions& options, Printer& out) {
  // issue 14 item 1: "–" says why there was nothing to check, "?" what could not be read.
  SpanLine head = {Printer::Plain("["), Printer::Paint(MarkSymbol(section.mark), MarkColor(section.mark)),
                   Printer::Plain("] "), Printer::Paint(section.title, "1")};
  if (section.mark == SectionMark::NotApplicable) head.push_back(Printer::Plain(" — not checked: " + section.reason));
  else if (!section.summary.empty()) head.push_back(Printer::Plain(" — " + section.summary));
  out.Wrapped(head, 4);
  if (section.mark == SectionMark::Unknown) {
    out.Wrapped({Printer::Plain("    "), Printer::Paint("?", "34"), Printer::Plain(" could not check: " + section.reason)}, 6);
  }
  bool has_findings = std::any_of(report.findings.begin(), report.findings.end(),
                                  [&](const auto& f) { return f.section == section.id && f.explained_by.empty(); });
  if ((section.mark == SectionMark::Error || section.mark == SectionMark::Warning) && !has_findings && !section.reason.empty()) {
    out.Wrapped({Printer::Plain("    "), Printer::Paint(MarkSymbol(section.mark), MarkColor(section.mark)),
                 Printer::Plain(" " + section.reason)}, 6);
  }
  if (!section.dead_message.empty()) {
    out.Wrapped({Printer::Plain("    "), Printer::Paint("☠", "35"), Printer::Plain(" " + section.dead_message)}, 6);
  }
  for (const auto& f : report.findings) {
    if (f.section != section.id || !f.explained_by.empty()) continue;
    RenderFinding(f, options.verbose, out);
    RenderConsequences(report, f, options.verbose, out);
  }
  if (section.id == "paste") RenderPieces(report, out);
  else if (options.verbose) RenderSectionFacts(report, section.id, out);
}

void RenderFooter(const Report& report, const std::vector<SectionStatus>& sections, Printer& out) {
  size_t errors = CountFindings(report, Severity::Error), warnings = CountFindings(report, Severity::Warning),
         infos = CountFindings(report, Severity::Info);
  out.out() << "\n";
  // Before the totals: the last line stays the one summary line scripts read.
  // m13: a crashed or timed-out view (☠) could not check its section either.
  if (size_t unknown = CountMarks(sections, SectionMark::Unknown) + CountMarks(sections, SectionMark::Dead)) {
    out.Wrapped({Printer::Paint(fmt::format("{} section{} could not be checked (? ☠): the reasons are above", unknown,
                                            unknown == 1 ? "" : "s"), "34")}, 2);
  }
  SpanLine totals = {errors ? Count(errors, "error", "31") : Printer::Paint("no errors", "32"), Printer::Plain(", "),
                     Count(warnings, "warning", "33"), Printer::Plain(", "), Count(infos, "note", "36"), Printer::Plain(" · ")};
  AppendMarkCounts(sections, totals);
  totals.push_back(Printer::Plain(fmt::format(" · {} rules, {} not evaluated · {:.0f} ms", report.rules_loaded,
                                              report.not_evaluated.size(), report.timings.total_ms)));
  out.Wrapped(totals, 2);
}

// ux-review p1: under LC_ALL=C a terminal shows the UTF-8 marks as garbage; the report's own
// glyphs get ASCII stand-ins (text from the machine keeps its bytes).
std::string AsciiMarks(std::string text) {
  static const std::pair<const char*, const char*> kGlyphs[] = {
      {"[✓]", "[ok]"}, {"[✗]", "[XX]"}, {"[☠]", "[**]"}, {"[–]", "[--]"}, {"✓", "ok"}, {"✗", "x"}, {"☠", "**"},
      {" — ", " - "}, {" · ", " - "}, {"•", "*"}, {"→", "->"}, {"…", "..."}, {"–", "-"}, {"—", "-"}, {"·", "-"}};
  for (const auto& [glyph, ascii] : kGlyphs) {
    for (size_t at = text.find(glyph); at != std::string::npos; at = text.find(glyph, at + std::strlen(ascii))) {
      text.replace(at, std::strlen(glyph), ascii);
    }
  }
  return text;
}

}  // namespace

std::string RenderText(const Report& report, const TextOptions& options) {
  TerminalText text(options.color);
  Printer out(text, options.width);
  out.Wrapped({Printer::Plain(fmt::format("rocm-doctor {} · rules {}{}", report.tool_version, report.rules_version,
                                          report.mode == "live" || report.mode.empty() ? "" : " · " + report.mode))}, 2);
  text << "\n";
  auto sections = SectionStatuses(report);
  for (const auto& section : sections) RenderSection(report, section, options, out);
  if (!report.rule_diagnostics.empty()) text << "\n";
  for (const auto& d : report.rule_diagnostics) {
    out.Wrapped({Printer::Paint("!", "33"), Printer::Plain(" rule file problem: " + d)}, 2);
  }
  if (options.verbose && !report.not_evaluated.empty()) {
    text << "\nNot evaluated (facts absent):\n";
    for (const auto& n : report.not_evaluated) out.Wrapped({Printer::Plain(fmt::format("  {} — {}", n.rule_id, n.reason))}, 4);
  }
  RenderFooter(report, sections, out);
  return options.ascii ? AsciiMarks(text.str()) : text.str();
}

}  // namespace rd
