// Pasted rocminfo output (whole, partial, coloured): the same rocminfo.* facts as the live
// collector. Counts only from a complete listing (parsers/runtime_fact_emit.cpp).
#include "parsers/runtime_fact_emit.h"
#include "triage/triage.h"

namespace rd {

namespace {
bool Recognize(std::string_view text) { return LooksLikeRocminfo(text); }

void Parse(std::string_view text, const PasteOrigin& /*origin*/, Facts& facts) {
  EmitRocminfoFacts(ParseRocminfo(text), [&](const std::string& path, nlohmann::json value, const std::string& excerpt) {
    facts.Set(path, std::move(value), {"paste:rocminfo", excerpt});
  });
}
}  // namespace

PasteKind RocminfoPasteKind() { return {"rocminfo", Recognize, Parse}; }

}  // namespace rd
