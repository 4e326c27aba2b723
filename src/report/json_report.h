#pragma once
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "util/json_depth.h"
#include "util/result.h"

namespace rd {

/// The report as JSON (schema kReportSchema, docs/report-schema.md). Not redacted here.
nlohmann::json ReportToJson(const Report& report);
/// Reports nested deeper than this are refused: every later step (redaction, rendering, copies)
/// recurses, and 30,000 levels in a 61 KB attachment crashed them (hostile-input D11, D18).
inline constexpr size_t kMaxReportDepth = kMaxJsonDepth;
/// Parses a report file's text: not JSON, or nested deeper than kMaxReportDepth, is an Error
/// naming `source_name`.
Result<nlohmann::json> ParseReportText(const std::string& text, const std::string& source_name);
/// Reads back what ReportToJson wrote (for check --from and fleet); Error names what is wrong.
Result<Report> ReportFromJson(const nlohmann::json& j, const std::string& source_name);

}  // namespace rd
