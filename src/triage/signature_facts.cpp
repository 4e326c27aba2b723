#include "triage/signature_facts.h"

#include <algorithm>
#include <map>
#include <memory>

#include "util/json_fingerprint.h"
#include "util/keyed_cache.h"

namespace rd {

std::shared_ptr<const SignatureTable> SignatureTableFor(const nlohmann::json* data) {
  // Keyed by the tables' content fingerprint: neither a copy nor a dump of them per paste.
  static KeyedCache<SignatureTable> cache;
  uint64_t key = 0;
  if (data && data->is_object()) {
    for (const auto& item : data->items()) {
      const std::string& name = item.key();
      if (name.rfind("signatures", 0) == 0) key = key * 31 + TableFingerprint(*data, name) + std::hash<std::string>{}(name);
    }
  }
  return cache.Get(std::to_string(key), [&] {
    nlohmann::json tables = nlohmann::json::object();
    if (data && data->is_object()) {
      for (const auto& [name, root] : data->items()) {
        if (name.rfind("signatures", 0) == 0) tables[name] = root;
      }
    }
    return LoadSignatureTable(&tables);
  });
}

void AddSignatureFacts(const PastePiece& piece, const PasteOrigin& origin, const SignatureTable& table, Facts& facts) {
  auto hits = MatchSignatures(table, piece.text);
  if (hits.empty()) return;
  auto known = facts.Get("triage.signatures");
  nlohmann::json ids = known.value && known.value->is_array() ? *known.value : nlohmann::json::array();
  for (const auto& hit : hits) {
    const std::string& id = table.signatures[hit.signature].id;
    if (std::find(ids.begin(), ids.end(), id) != ids.end()) continue;  // the first piece that shows it
    ids.push_back(id);
    Evidence ev = PasteLine(origin, hit.line, hit.line_text);
    facts.Set("triage.signature_text." + id, hit.value, ev);
  }
  facts.Set("triage.signatures", ids, {"paste:" + piece.source, "known error strings (rules/data/signatures*.toml)"});
}

const std::vector<FactSpec>& SignatureFactSpecs() {
  static const std::vector<FactSpec> specs = {
      {"triage.signatures", "array", "Ids of the known error strings (rules/data/signatures*.toml) seen on some line"},
      {"triage.signature_text.*", "string", "Per signature id: its first capture group, else the matched text"},
  };
  return specs;
}

}  // namespace rd
