#pragma once
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "util/result.h"

namespace rd {

/// The report as JSON (schema kReportSchema, docs/report-schema.md). Not redacted here.
nlohmann::json ReportToJson(const Report& report);
/// Reads back what ReportToJson wrote (for check --from and fleet); Error names what is wrong.
Result<Report> ReportFromJson(const nlohmann::json& j, const std::string& source_name);

}  // namespace rd
