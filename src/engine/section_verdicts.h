#pragma once
/// rules/sections.toml + facts -> what each section could check (issue 14 item 1). Pure: no I/O.
#include <string>
#include <vector>

#include "core/facts.h"
#include "engine/rule.h"

namespace rd {

/// The verdict of a section's own checks, before findings: Ok when every check held, else the
/// first check that did not (Unknown: "?", NotApplicable: "–", Warning, Error) with its reason.
struct SectionVerdict {
  std::string id;
  SectionMark mark = SectionMark::Ok;
  std::string reason;
  bool required = false;
  /// The section's summary parts that apply, rendered and joined with " · " (may be empty).
  std::string summary;
};

std::vector<SectionVerdict> EvaluateSections(const RuleDatabase& db, const Facts& facts);

}  // namespace rd
