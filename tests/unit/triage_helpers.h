#pragma once
/// Runs `triage` in-process on fixture pastes (tests/fixtures/triage/<name>.txt) with the rules in
/// rules/, so tests assert on facts and finding ids, not on text.
#include <set>
#include <string>
#include <vector>

#include "report/report.h"

namespace rd::testing {

std::string TriageFixture(const std::string& name);  ///< The text of tests/fixtures/triage/<name>.txt
/// Splits, recognises and evaluates `texts` (each with its own source name) as one triage run.
Report TriageTexts(const std::vector<std::pair<std::string, std::string>>& texts);
Report TriageFixtures(const std::vector<std::string>& names);

}  // namespace rd::testing
