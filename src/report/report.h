#pragma once
/// Everything a renderer needs, and what the JSON report stores (docs/report-schema.md).
#include <string>
#include <vector>

#include "core/facts.h"
#include "core/finding.h"
#include "core/pipeline.h"
#include "core/sections.h"
#include "engine/section_verdicts.h"

namespace rd {

inline constexpr int kReportSchema = 1;

struct Timings {
  double collect_ms = 0, evaluate_ms = 0, total_ms = 0;
};

struct Report {
  std::string tool_version;
  std::string rules_version;
  std::string generated_at;  ///< UTC, ISO 8601.
  std::string mode;          ///< live | replay <dir> | from <generated_at> | triage
  Facts facts;
  std::vector<CollectorRun> collectors;
  std::vector<Finding> findings;
  std::vector<NotEvaluated> not_evaluated;
  std::vector<std::string> rule_diagnostics;
  size_t rules_loaded = 0, rules_evaluated = 0;
  Timings timings;
  /// The sections' own checks (rules/sections.toml); empty for triage, where a part the paste
  /// does not show is not "could not check".
  std::vector<SectionVerdict> verdicts;
};

const char* SectionMarkName(SectionMark mark);

struct SectionStatus {
  std::string id, title, summary;
  SectionMark mark = SectionMark::Absent;
  std::string dead_message;  ///< When a collector of the section crashed or timed out.
  std::string reason;        ///< Why "?" or "–" (or the check that made it ! / ✗).
  bool required = false;     ///< "?" here counts for --fail-on.
};

/// Sections in report order with their marks; sections nothing was collected for are Absent.
std::vector<SectionStatus> SectionStatuses(const Report& report);
/// Fact roots ("os", "env" …) that belong to a section, from the collectors' fact catalogs.
std::vector<std::string> SectionFactRoots(const std::string& section);
size_t CountFindings(const Report& report, Severity severity);
/// How many of these sections have this mark (the footer's counts).
size_t CountMarks(const std::vector<SectionStatus>& sections, SectionMark mark);
/// Required sections that could not be checked ("?"): they count as warnings for --fail-on.
size_t CountRequiredUnknown(const std::vector<SectionStatus>& sections);

}  // namespace rd
