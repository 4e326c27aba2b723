// llm_runtime.app from any line of a paste when no application log kind named it (issue 13
// item 3: evidence from any fragment). An `ollama run` line, an OLLAMA_* setting, the
// ollama/ollama image or ollama's Go log format says "ollama" as surely as a whole server log;
// rules about ollama's bundled ROCm then apply to the pasted traceback beside it. Which
// signatures count for which app is data: rules/data/apps.toml [[app_evidence]].
#include "derive/derive.h"
#include "derive/fact_reads.h"

namespace rd {

namespace {

// The first of `ids` that matched some line, or "".
std::string FirstSeen(const nlohmann::json& seen, const nlohmann::json& ids) {
  if (!ids.is_array()) return "";
  for (const auto& id : ids) {
    if (id.is_string() && HasString(seen, id.get<std::string>())) return id.get<std::string>();
  }
  return "";
}

struct Pick {
  std::string app, signature;
};

// Strong evidence: the first app in table order with any. Weak (a name in prose): only when
// exactly one app is named, so "works in ollama, fails in llama.cpp" decides nothing.
Pick PickApp(const nlohmann::json& seen, const nlohmann::json& rows) {
  for (const auto& row : rows) {
    if (auto id = FirstSeen(seen, row.value("strong", nlohmann::json::array())); !id.empty()) return {Field(row, "app"), id};
  }
  Pick named;
  for (const auto& row : rows) {
    auto id = FirstSeen(seen, row.value("named", nlohmann::json::array()));
    if (id.empty()) continue;
    if (!named.app.empty()) return {};
    named = {Field(row, "app"), id};
  }
  return named;
}

}  // namespace

void DeriveLlmApp(Facts& facts, const nlohmann::json& data) {
  if (!FactText(facts, "llm_runtime.app").empty()) return;  // a log kind said whose log it is
  const nlohmann::json& seen = FactArray(facts, "triage.signatures");
  const nlohmann::json& apps = DataTable(data, "apps");
  auto rows = apps.find("app_evidence");
  if (seen.empty() || rows == apps.end() || !rows->is_array()) return;
  Pick pick = PickApp(seen, *rows);
  if (pick.app.empty()) return;
  Evidence ev;
  if (const Evidence* at = facts.EvidenceFor("triage.signature_text." + pick.signature)) ev = *at;
  if (ev.source.empty()) ev.source = "derive:app_evidence";
  facts.Set("llm_runtime.app", pick.app, ev);
  facts.Set("llm_runtime.app_evidence", pick.signature, ev);
}

}  // namespace rd
