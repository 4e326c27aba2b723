#include "fleet/fleet_loader.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <optional>
#include <thread>

#include "report/json_report.h"
#include "system/local_files.h"
#include "util/strings.h"

namespace rd {

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string Stem(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
  return EndsWith(name, ".json") ? name.substr(0, name.size() - 5) : name;
}

// Directories expand to their *.json files; anything else is taken as a report path.
std::vector<std::string> ExpandInputs(const std::vector<std::string>& inputs, std::vector<UnreadableReport>& bad) {
  std::vector<std::string> files;
  for (const auto& input : inputs) {
    auto info = LocalStat(input);
    if (!info || info->type != FileType::Directory) {
      files.push_back(input);
      continue;
    }
    auto entries = ListLocalDir(input);
    if (!entries) {
      bad.push_back({Stem(input), input, entries.error().message});
      continue;
    }
    std::vector<std::string> names = *entries;
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
      if (EndsWith(name, ".json")) files.push_back(input + (EndsWith(input, "/") ? "" : "/") + name);
    }
  }
  return files;
}

// nullopt: the file is an earlier `fleet -f json` output lying among the reports; not a node.
Result<std::optional<Report>> LoadOne(const std::string& path) {
  auto text = ReadLocalFile(path);
  if (!text) return text.error();
  auto parsed = ParseReportText(*text, path);
  if (!parsed) return parsed.error();
  const auto& j = *parsed;
  if (j.is_object() && j.contains("fleet_schema")) return std::optional<Report>();
  auto report = ReportFromJson(j, path);
  if (!report) return report.error();
  // Fleet compares fact values and findings; the evidence map (about half of a report's memory)
  // is never shown, so a 10,000-node merge does not hold it (hostile-input report m13).
  Report node = std::move(report).value();
  node.facts = Facts::FromParts(node.facts.tree(), {}, node.facts.absent());
  return std::optional<Report>(std::move(node));
}

}  // namespace

std::string NodeName(const Report& report, const std::string& path) {
  FactLookup host = report.facts.Get("host.hostname");
  if (host.state == FactState::Present && host.value->is_string()) {
    std::string name = host.value->get<std::string>();
    if (!name.empty() && name.front() != '<') return name;  // "<redacted>" is not a name.
  }
  return Stem(path);
}

std::vector<std::string> ParseNodeList(const std::string& text) {
  std::vector<std::string> nodes;
  for (const auto& line : Split(text, '\n')) {
    std::string node(Trim(line.substr(0, line.find('#'))));
    if (!node.empty()) nodes.push_back(node);
  }
  return nodes;
}

LoadedFleet LoadFleetReports(const std::vector<std::string>& inputs) {
  LoadedFleet fleet;
  std::vector<std::string> files = ExpandInputs(inputs, fleet.unreadable);
  std::vector<std::optional<Result<std::optional<Report>>>> results(files.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < files.size(); i = next++) results[i] = LoadOne(files[i]);
  };
  size_t thread_count = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8);
  std::vector<std::thread> threads;
  for (size_t t = 1; t < std::min(thread_count, files.size()); ++t) threads.emplace_back(worker);
  worker();
  for (auto& thread : threads) thread.join();
  std::map<std::string, std::string> seen;  // node -> file
  for (size_t i = 0; i < files.size(); ++i) {
    auto& result = *results[i];
    if (!result) {
      fleet.unreadable.push_back({Stem(files[i]), files[i], result.error().message});
      continue;
    }
    if (!result->has_value()) continue;
    const Report& report = **result;
    std::string node = NodeName(report, files[i]);
    if (auto [it, fresh] = seen.emplace(node, files[i]); !fresh) {
      fleet.unreadable.push_back({node, files[i], files[i] + ": a second report for node " + node + " (first: " + it->second + ")"});
      continue;
    }
    fleet.nodes.push_back({node, files[i], std::move(*std::move(result).value())});
  }
  return fleet;
}

}  // namespace rd
