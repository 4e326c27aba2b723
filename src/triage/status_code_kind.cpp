// hipError_t / hsa_status_t decoding (pitfalls.md #11, #18, #46), tables in rules/data.
#include "parsers/status_codes.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

// The row of rules/data/<table>.toml with this name (or, without a name, this number).
const nlohmann::json* Lookup(const nlohmann::json* data, const char* table, const StatusMention& m) {
  if (!data || !data->contains(table) || !(*data)[table].contains("codes")) return nullptr;
  for (const auto& row : (*data)[table]["codes"]) {
    if (!row.is_object()) continue;
    if (!m.name.empty() ? row.value("name", "") == m.name
                        : (m.code && row.contains("code") && row["code"].is_number_integer() && row["code"] == *m.code)) {
      return &row;
    }
  }
  return nullptr;
}

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  for (const auto& m : ParseStatusCodes(text)) {
    Evidence ev = PasteLine(origin, m.line, m.message);
    std::string at = "status_codes[" + std::to_string(NextIndex(facts, "status_codes")) + "]";
    facts.Set(at + ".family", m.family, ev);
    const nlohmann::json* row = Lookup(origin.data, m.family == "hip" ? "hip_errors" : "hsa_status", m);
    std::string name = row ? row->value("name", m.name) : m.name;
    if (!name.empty()) facts.Set(at + ".name", name, ev);
    if (row && row->contains("code")) facts.Set(at + ".code", (*row)["code"], ev);
    else if (m.code) facts.Set(at + ".code", *m.code, ev);
    if (row && !row->value("meaning", "").empty()) facts.Set(at + ".meaning", row->value("meaning", ""), ev);
    facts.Set(at + ".known", row != nullptr, ev);
    facts.Set(at + ".message", m.message, ev);
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"status_codes", "array", "hipError_t / hsa_status_t values quoted in a paste, decoded"},
      {"status_codes.family", "string", "hip | hsa"},
      {"status_codes.name", "string", "hipErrorNoDevice / HSA_STATUS_ERROR_OUT_OF_RESOURCES …"},
      {"status_codes.code", "int", "Numeric value (rules/data/hip_errors.toml, hsa_status.toml)"},
      {"status_codes.meaning", "string", "What the header says the value means"},
      {"status_codes.known", "bool", "The name or number is in the decode table"},
      {"status_codes.message", "string", "The line it was quoted in"},
  };
  return specs;
}

}  // namespace

PasteKind StatusCodeKind() { return {"hip-hsa-status", LooksLikeStatusCodes, Parse, &Specs()}; }

}  // namespace rd
