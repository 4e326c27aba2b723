// One name for "the loader cannot find this library": a pasted Python ImportError writes
// loader.errors[], ldd output and the live library resolver write libs.missing[]. Rules about a
// particular library (libatomic, librocm_sysdeps_*, libamdhip64 under a system Python) read
// loader.errors, so every missing library also appears there, marked `from = "libs.missing"`.
#include <set>

#include "derive/derive.h"
#include "derive/fact_reads.h"

namespace rd {

void DeriveLoaderErrors(Facts& facts) {
  const auto& missing = FactArray(facts, "libs.missing");
  if (missing.empty()) return;
  std::set<std::string> known;
  size_t next = 0;
  for (const auto& e : FactArray(facts, "loader.errors")) {
    known.insert(Field(e, "library"));
    ++next;
  }
  const Evidence* listed = facts.EvidenceFor("libs.missing");
  for (const auto& m : missing) {
    std::string name = Field(m, "name");
    if (name.empty() || !known.insert(name).second || next >= 64) continue;
    std::string at = "loader.errors[" + std::to_string(next++) + "]";
    Evidence ev = listed ? *listed : Evidence{"derived", "libs.missing"};
    facts.Set(at + ".library", name, ev);
    if (std::string by = Field(m, "needed_by"); !by.empty()) facts.Set(at + ".required_by", by, ev);
    facts.Set(at + ".message", name + " => not found", ev);
    facts.Set(at + ".from", "libs.missing", ev);
  }
}

}  // namespace rd
