#pragma once
/// Replays a fixture folder through every collector and today's rules, in-process, and gives
/// the structured report to assert on (finding ids, severities, fact values), not on text.
#include <set>
#include <string>

#include "core/facts.h"
#include "report/report.h"

namespace rd::testing {

std::string FixturePath(const std::string& scenario);
/// Replays tests/fixtures/<scenario> with the rules in rules/; fails the test if it can't load.
Report ReplayScenario(const std::string& scenario);
/// Same for an arbitrary snapshot folder.
Report ReplayFolder(const std::string& dir);
/// The facts a replay of `dir` collects and derives, without evaluating the rules (catalog checks).
Facts ReplayFacts(const std::string& dir);
std::set<std::string> FindingIds(const Report& report);
/// The value of a fact as text ("" when not present).
std::string FactText(const Report& report, const std::string& path);

}  // namespace rd::testing
