#include "report/json_report.h"

#include <algorithm>

#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

using nlohmann::json;

namespace {

json FindingToJson(const Finding& f) {
  json evidence = json::array();
  for (const auto& e : f.evidence) {
    json item = {{"fact", e.fact}, {"value", e.value}};
    if (!e.source.empty()) item["source"] = e.source;
    if (!e.excerpt.empty()) item["excerpt"] = e.excerpt;
    evidence.push_back(item);
  }
  json out = {{"id", f.rule_id}, {"section", f.section}, {"severity", SeverityName(f.severity)},
              {"title", f.title}, {"fix", f.fix}, {"explain", f.explain}, {"refs", f.refs},
              {"evidence", evidence}};
  if (f.element >= 0) out["element"] = f.element;
  if (!f.explained_by.empty()) out["explained_by"] = f.explained_by;
  return out;
}

Finding FindingFromJson(const json& j) {
  Finding f;
  f.rule_id = j.at("id").get<std::string>();
  f.section = j.value("section", "");
  ParseSeverity(j.value("severity", "info"), &f.severity);
  f.title = j.value("title", "");
  f.fix = j.value("fix", "");
  f.explain = j.value("explain", "");
  f.refs = j.value("refs", std::vector<std::string>{});
  f.element = j.value("element", -1);
  f.explained_by = j.value("explained_by", "");
  for (const auto& e : j.value("evidence", json::array())) {
    f.evidence.push_back({e.value("fact", ""), e.value("value", ""), e.value("source", ""), e.value("excerpt", "")});
  }
  return f;
}

}  // namespace

json ReportToJson(const Report& report) {
  json sections = json::array();
  for (const auto& s : SectionStatuses(report)) {
    json item = {{"id", s.id}, {"title", s.title}, {"mark", SectionMarkName(s.mark)}, {"summary", s.summary}};
    if (!s.dead_message.empty()) item["message"] = s.dead_message;
    if (!s.reason.empty()) item["reason"] = s.reason;
    if (s.required) item["required"] = true;
    sections.push_back(item);
  }
  json collectors = json::array();
  for (const auto& c : report.collectors) {
    collectors.push_back({{"name", c.name}, {"section", c.section}, {"status", CollectorStatusName(c.status)},
                          {"message", c.message}, {"elapsed_ms", c.elapsed_ms}});
  }
  json findings = json::array();
  for (const auto& f : report.findings) findings.push_back(FindingToJson(f));
  json not_evaluated = json::array();
  for (const auto& n : report.not_evaluated) not_evaluated.push_back({{"id", n.rule_id}, {"section", n.section}, {"reason", n.reason}});
  return {{"schema", kReportSchema},
          {"tool", {{"name", "rocm-doctor"}, {"version", report.tool_version}}},
          {"rules_version", report.rules_version},
          {"generated_at", report.generated_at},
          {"mode", report.mode},
          {"summary", {{"errors", CountFindings(report, Severity::Error)},
                       {"warnings", CountFindings(report, Severity::Warning)},
                       {"infos", CountFindings(report, Severity::Info)},
                       {"rules_loaded", report.rules_loaded},
                       {"rules_evaluated", report.rules_evaluated}}},
          {"sections", sections},
          {"collectors", collectors},
          {"facts", report.facts.ToJson()},
          {"findings", findings},
          {"not_evaluated", not_evaluated},
          {"rule_diagnostics", report.rule_diagnostics},
          {"timings", {{"collect_ms", report.timings.collect_ms}, {"evaluate_ms", report.timings.evaluate_ms},
                       {"total_ms", report.timings.total_ms}}}};
}

namespace {

// m4: the schema is a positive integer (the parser reads those as unsigned); a larger one than
// ours is refused as newer, whatever its size.
Result<bool> CheckSchema(const json& schema, const std::string& source_name) {
  if (!schema.is_number_unsigned() || schema.get<uint64_t>() == 0) {
    return Error{ErrorKind::Invalid, source_name + ": \"schema\" must be a positive integer, not " +
                                         schema.dump(-1, ' ', false, json::error_handler_t::replace)};
  }
  if (schema.get<uint64_t>() > static_cast<uint64_t>(kReportSchema)) {
    return Error{ErrorKind::Unsupported, source_name + ": report schema " + schema.dump() +
                                             " is newer than this rocm-doctor understands (" + std::to_string(kReportSchema) + ")"};
  }
  return true;
}

}  // namespace

Result<json> ParseReportText(const std::string& text, const std::string& source_name) {
  if (JsonNestingDepth(text) > kMaxReportDepth) {
    return Error{ErrorKind::Invalid, source_name + ": nested deeper than " + std::to_string(kMaxReportDepth) + " levels, not read"};
  }
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{ErrorKind::Invalid, source_name + ": not valid JSON"};
  return j;
}

Result<Report> ReportFromJson(const json& j, const std::string& source_name) {
  try {
    if (!j.is_object() || !j.contains("schema")) return Error{ErrorKind::Invalid, source_name + ": not a rocm-doctor report (no \"schema\")"};
    if (auto schema = CheckSchema(j["schema"], source_name); !schema) return schema.error();
    // m6: a report without facts must not evaluate to "every section ✓".
    const json* facts = j.contains("facts") ? &j["facts"] : nullptr;
    if (!facts || !facts->is_object() || !facts->contains("values") || !(*facts)["values"].is_object()) {
      return Error{ErrorKind::Invalid, source_name + ": no facts (\"facts.values\" must be an object)"};
    }
    Report report;
    if (j.contains("tool") && j["tool"].is_object()) report.tool_version = j["tool"].value("version", "");
    report.rules_version = j.value("rules_version", "");
    report.generated_at = j.value("generated_at", "");
    report.mode = j.value("mode", "");
    report.facts = Facts::FromJson(j.at("facts"));
    for (const auto& c : j.value("collectors", json::array())) {
      report.collectors.push_back({c.at("name").get<std::string>(), c.value("section", ""),
                                   CollectorStatusFromName(c.value("status", "ok")), c.value("message", ""),
                                   c.value("elapsed_ms", 0.0)});
    }
    for (const auto& f : j.value("findings", json::array())) report.findings.push_back(FindingFromJson(f));
    return report;
  } catch (const json::exception& e) {
    return Error{ErrorKind::Invalid, source_name + ": malformed report: " + PlainJsonError(e.what())};
  }
}

}  // namespace rd
