#include "report/report.h"

#include <algorithm>

#include "core/sections.h"
#include "engine/evaluator.h"
#include "util/strings.h"

namespace rd {

const char* SectionMarkName(SectionMark mark) {
  switch (mark) {
    case SectionMark::Ok: return "ok";
    case SectionMark::Warning: return "warning";
    case SectionMark::Error: return "error";
    case SectionMark::Dead: return "dead";
    case SectionMark::Absent: return "absent";
    case SectionMark::Unknown: return "unknown";
    case SectionMark::NotApplicable: return "not_applicable";
  }
  return "absent";
}

std::vector<std::string> SectionFactRoots(const std::string& section) {
  const SectionInfo* info = FindSection(section);
  if (!info) return {};
  return {info->roots.begin(), info->roots.end()};
}

size_t CountFindings(const Report& report, Severity severity) {
  // A consequence is counted once, with its cause (issue 14 item 3).
  return static_cast<size_t>(std::count_if(report.findings.begin(), report.findings.end(), [&](const Finding& f) {
    return f.severity == severity && f.explained_by.empty();
  }));
}

size_t CountMarks(const std::vector<SectionStatus>& sections, SectionMark mark) {
  return static_cast<size_t>(std::count_if(sections.begin(), sections.end(), [&](const auto& s) { return s.mark == mark; }));
}

size_t CountRequiredUnknown(const std::vector<SectionStatus>& sections) {
  return static_cast<size_t>(std::count_if(sections.begin(), sections.end(),
                                            [](const auto& s) { return s.required && s.mark == SectionMark::Unknown; }));
}

namespace {
bool SectionHasFacts(const Report& report, const std::string& section) {
  const auto& tree = report.facts.tree();
  // An empty object is not something collected: triage writes env = {} ("no assignment in the
  // paste"), and a paste that shows no variable must not print "[✓] Environment".
  for (const auto& root : SectionFactRoots(section)) {
    auto it = tree.find(root);
    if (it != tree.end() && !((it->is_object() || it->is_array()) && it->empty())) return true;
  }
  const SectionInfo* info = FindSection(section);
  for (const char* collector : info ? info->collectors : std::vector<const char*>{}) {
    if (tree.contains("summary") && tree["summary"].contains(collector)) return true;
  }
  return false;
}
// issue 14 item 1: a finding's mark and the section's own checks combine, worst first:
// ☠ > ✗ > ? > ! > – > ✓. "?" outranks "!" because a caveat on what was read says nothing about
// what could not be read (U2: unreadable-sys had one warning and nine unread files).
int Rank(SectionMark mark) {
  switch (mark) {
    case SectionMark::Dead: return 6;
    case SectionMark::Error: return 5;
    case SectionMark::Unknown: return 4;
    case SectionMark::Warning: return 3;
    case SectionMark::NotApplicable: return 2;
    case SectionMark::Ok: return 1;
    case SectionMark::Absent: return 0;
  }
  return 0;
}

// A warning or an error finding outranks "–": a section with a problem in it is applicable.
void ApplyVerdict(const Report& report, SectionStatus& status) {
  for (const auto& verdict : report.verdicts) {
    if (verdict.id != status.id) continue;
    status.required = verdict.required;
    if (!verdict.summary.empty() && status.mark != SectionMark::Absent) {
      status.summary += (status.summary.empty() ? "" : " · ") + verdict.summary;
    }
    if (verdict.mark == SectionMark::Ok || Rank(verdict.mark) < Rank(status.mark)) continue;
    status.mark = verdict.mark;
    status.reason = verdict.reason;
  }
}

}  // namespace

std::vector<SectionStatus> SectionStatuses(const Report& report) {
  std::vector<SectionStatus> out;
  for (const auto& info : AllSections()) {
    SectionStatus status{info.id, info.title, "", SectionMark::Absent, ""};
    // The section's line joins the one-line summaries its collectors wrote (summary.<name>).
    for (const char* collector : info.collectors) {
      auto summary = report.facts.Get(std::string("summary.") + collector);
      if (summary.value && summary.value->is_string() && !summary.value->get<std::string>().empty()) {
        status.summary += (status.summary.empty() ? "" : " · ") + summary.value->get<std::string>();
      }
    }
    if (info.id == std::string("paste")) {
      auto pieces = report.facts.Get("triage.summary");
      if (pieces.value && pieces.value->is_string()) status.summary = pieces.value->get<std::string>();
    }
    bool ran = SectionHasFacts(report, info.id);
    for (const auto& run : report.collectors) {
      if (run.section != info.id) continue;
      ran = true;
      if (run.status != CollectorStatus::Ok) {
        status.mark = SectionMark::Dead;
        status.dead_message += (status.dead_message.empty() ? "" : "; ") + run.message;
      }
    }
    bool has_findings = false;
    for (const auto& f : report.findings) {
      if (f.section != info.id || !f.explained_by.empty()) continue;
      has_findings = true;
      if (status.mark == SectionMark::Dead) continue;
      if (f.severity == Severity::Error) status.mark = SectionMark::Error;
      else if (f.severity == Severity::Warning && status.mark != SectionMark::Error) status.mark = SectionMark::Warning;
    }
    if (status.mark == SectionMark::Absent && (ran || has_findings)) status.mark = SectionMark::Ok;
    // A section nothing was collected for still shows when its checks say why (m15: --no-probes).
    ApplyVerdict(report, status);
    if (status.mark != SectionMark::Absent) out.push_back(status);
  }
  return out;
}

}  // namespace rd
