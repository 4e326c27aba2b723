#include "triage/frameworks_kinds.h"
#include "triage/triage.h"

namespace rd {

PasteKind RocminfoPasteKind();
PasteKind RocmSmiPasteKind();
PasteKind LddKind();
PasteKind CompilerLogKind();

// Kinds register here, one line each, most specific first. Each kind lives in its own file
// (src/triage/<kind>_kind.cpp) and its parser in src/parsers/.
const std::vector<PasteKind>& AllPasteKinds() {
  static const std::vector<PasteKind> kinds = {
      RocmSmiPasteKind(),
      RocminfoPasteKind(),
      CollectEnvKind(),
      RuntimeErrorLogKind(),
      LddKind(),
      CompilerLogKind(),
  };
  return kinds;
}

const std::vector<FactSpec>& TriageFactSpecs() {
  static const std::vector<FactSpec> specs = [] {
    std::vector<FactSpec> all = {
      {"triage.pieces", "array", "Each piece of a triaged paste"},
      {"triage.pieces.kind", "string", "The recognised kind of the piece, or unknown"},
      {"triage.pieces.source", "string", "File and line range of the piece"},
      {"triage.pieces.lines", "int", "Line count of the piece"},
    };
    const auto& frameworks = FrameworksTriageFacts();
    all.insert(all.end(), frameworks.begin(), frameworks.end());
    return all;
  }();
  return specs;
}

}  // namespace rd
