// clinfo / rocm-clinfo: each OpenCL device's board name and reported gfx target, a GPU listing the
// derive stage merges into gpus[] like rocminfo's agents.
#include "parsers/clinfo.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  auto lines = SplitLines(text);
  for (const auto& d : ParseClinfo(text)) {
    std::string at = "clinfo.devices[" + std::to_string(NextIndex(facts, "clinfo.devices")) + "]";
    Evidence ev = PasteLine(origin, d.line, d.line < lines.size() ? lines[d.line] : "");
    if (!d.gfx.empty()) facts.Set(at + ".gfx", d.gfx, ev);
    if (!d.board_name.empty()) facts.Set(at + ".marketing_name", d.board_name, ev);
    facts.SetEvidence(at, ev);
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"clinfo.devices", "array", "OpenCL devices of a pasted clinfo / rocm-clinfo"},
      {"clinfo.devices.gfx", "string", "gfx target the OpenCL runtime reports (Name / Device Name)"},
      {"clinfo.devices.marketing_name", "string", "Board name"},
  };
  return specs;
}

}  // namespace

PasteKind ClinfoKind() { return {"clinfo", LooksLikeClinfo, Parse, &Specs()}; }

}  // namespace rd
