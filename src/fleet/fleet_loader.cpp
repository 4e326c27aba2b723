#include "fleet/fleet_loader.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <thread>

#include "report/json_report.h"
#include "system/local_files.h"
#include "util/json_depth.h"
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

bool IsStructural(char c) { return c == '"' || c == '{' || c == '}' || c == '[' || c == ']'; }

// The end of the JSON value starting at text[at] (after whitespace), or npos when it is not
// well formed. Only structure is checked (strings, escapes, nesting); the slices kept are then
// parsed for real.
size_t SkipValue(std::string_view text, size_t at) {
  at = text.find_first_not_of(" \t\r\n", at);
  if (at == std::string_view::npos) return at;
  if (text[at] == '"') {
    for (size_t i = at + 1; i < text.size();) {
      // memchr-fast to the next quote; it ends the string unless an odd run of backslashes escapes it.
      size_t quote = text.find('"', i);
      if (quote == std::string_view::npos) return quote;
      size_t slashes = 0;
      while (quote - slashes > at + 1 && text[quote - slashes - 1] == '\\') ++slashes;
      if (slashes % 2 == 0) return quote + 1;
      i = quote + 1;
    }
    return std::string_view::npos;
  }
  if (text[at] != '{' && text[at] != '[') {
    size_t end = text.find_first_of(",}] \t\r\n", at);
    return end == std::string_view::npos ? text.size() : end;
  }
  size_t depth = 0;
  for (size_t i = at; i < text.size(); ++i) {
    while (i < text.size() && !IsStructural(text[i])) ++i;  // find_first_of calls memchr per byte
    if (i == text.size()) return std::string_view::npos;
    char c = text[i];
    if (c == '"') {
      size_t end = SkipValue(text, i);
      if (end == std::string_view::npos) return end;
      i = end - 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

// The members of the JSON object `text` whose keys are in `wanted`, as (key, raw value) slices;
// nullopt when `text` is not a well-formed object.
std::optional<std::vector<std::pair<std::string, std::string_view>>> ObjectMembers(std::string_view text,
                                                                                   const std::set<std::string>& wanted) {
  std::vector<std::pair<std::string, std::string_view>> out;
  size_t at = text.find_first_not_of(" \t\r\n");
  if (at == std::string_view::npos || text[at] != '{') return std::nullopt;
  ++at;
  while (true) {
    at = text.find_first_not_of(" \t\r\n", at);
    if (at == std::string_view::npos) return std::nullopt;
    if (text[at] == '}') return out;
    size_t key_end = SkipValue(text, at);
    if (text[at] != '"' || key_end == std::string_view::npos) return std::nullopt;
    std::string key(text.substr(at + 1, key_end - at - 2));
    size_t colon = text.find_first_not_of(" \t\r\n", key_end);
    if (colon == std::string_view::npos || text[colon] != ':') return std::nullopt;
    size_t value_at = text.find_first_not_of(" \t\r\n", colon + 1);
    size_t value_end = SkipValue(text, colon + 1);
    if (value_end == std::string_view::npos) return std::nullopt;
    if (wanted.count(key)) out.emplace_back(key, text.substr(value_at, value_end - value_at));
    at = text.find_first_not_of(" \t\r\n", value_end);
    if (at == std::string_view::npos) return std::nullopt;
    if (text[at] == ',') ++at;
    else if (text[at] != '}') return std::nullopt;
  }
}

// Fleet compares fact values and findings. A report with 8 GPUs' amd-smi facts is ~200 KB, two
// thirds of it evidence, rules not evaluated, sections and timings (issue 18), and nlohmann's
// parser reads ~60 MB/s: the members fleet needs are cut out of the text first and only they are
// parsed (1,000 MI300X reports in under a second, bench/fleet_health_speed.sh). Anything not
// well formed takes the full parse, whose error the report names.
Result<nlohmann::json> ParseForFleet(const std::string& text, const std::string& path) {
  static const std::set<std::string> kTop = {"schema", "tool", "rules_version", "generated_at", "mode", "facts",
                                             "findings", "collectors", "fleet_schema"};
  static const std::set<std::string> kFacts = {"values", "absent"};
  auto parse = [](std::string_view slice) {
    return JsonDepthOk(slice) ? nlohmann::json::parse(slice, nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
  };
  if (auto top = ObjectMembers(text, kTop)) {
    nlohmann::json j = nlohmann::json::object();
    bool ok = true;
    for (const auto& [key, slice] : *top) {
      if (key == "facts") {
        auto facts = ObjectMembers(slice, kFacts);
        if (!facts) {
          ok = false;
          break;
        }
        nlohmann::json& f = j["facts"] = nlohmann::json::object();
        for (const auto& [fkey, fslice] : *facts) ok = ok && !(f[fkey] = parse(fslice)).is_discarded();
      } else {
        ok = ok && !(j[key] = parse(slice)).is_discarded();
      }
      if (!ok) break;
    }
    if (ok) return j;
  }
  return ParseReportText(text, path);
}

// nullopt: the file is an earlier `fleet -f json` output lying among the reports; not a node.
Result<std::optional<Report>> LoadOne(const std::string& path) {
  auto text = ReadLocalFile(path);
  if (!text) return text.error();
  auto parsed = ParseForFleet(*text, path);
  if (!parsed) return parsed.error();
  nlohmann::json j = std::move(parsed).value();
  if (j.is_object() && j.contains("fleet_schema")) return std::optional<Report>();
  // The fact tree is moved into the report, not copied by ReportFromJson (tens of KB a node).
  nlohmann::json values;
  if (j.is_object() && j.contains("facts") && j["facts"].is_object() && j["facts"].contains("values") && j["facts"]["values"].is_object()) {
    values = std::move(j["facts"]["values"]);
    j["facts"]["values"] = nlohmann::json::object();
  }
  auto report = ReportFromJson(j, path);
  if (!report) return report.error();
  // Fleet compares fact values and findings; the evidence map (about half of a report's memory)
  // is never shown, so a 10,000-node merge does not hold it (hostile-input report m13): a
  // well-formed report's evidence is not even parsed (ParseForFleet), a malformed one's dropped.
  Report node = std::move(report).value();
  if (values.is_object()) node.facts = Facts::FromParts(std::move(values), {}, node.facts.absent());
  else if (!node.facts.evidence().empty()) node.facts = Facts::FromParts(node.facts.tree(), {}, node.facts.absent());
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
