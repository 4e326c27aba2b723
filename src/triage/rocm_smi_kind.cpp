// Pasted rocm-smi output: table, concise, --json, or its error text. smi.* facts as the live
// collector names them; a truncated table gives no device count.
#include "parsers/runtime_fact_emit.h"
#include "triage/triage.h"

namespace rd {

namespace {
bool Recognize(std::string_view text) { return LooksLikeRocmSmi(text); }

void Parse(std::string_view text, const PasteOrigin& /*origin*/, Facts& facts) {
  facts.Set("smi.source", "rocm-smi paste");
  EmitSmiOutputFacts(ParseRocmSmiOutput(text), [&](const std::string& path, nlohmann::json value, const std::string& excerpt) {
    facts.Set(path, std::move(value), {"paste:rocm-smi", excerpt});
  });
}
}  // namespace

PasteKind RocmSmiPasteKind() { return {"rocm-smi", Recognize, Parse}; }

}  // namespace rd
