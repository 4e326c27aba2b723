#pragma once
/// The fact catalog (rules/facts.toml, loaded with the rules): every fact a rule may use, by
/// generic path, with its type, unit, meaning and the sources that write it. One vocabulary for
/// every source (issue 13): `rules lint`, `rules facts`, docs/facts.md and `check --from`'s type
/// check all read this, not the collectors' FactSpec declarations.
#include <string>
#include <vector>

namespace rd {

struct FactEntry {
  std::string path;     ///< Generic path: "os.id", "gpus.gfx", "env.*" (any key below env).
  std::string type;     ///< string | int | bool | number | array | object
  std::string unit;     ///< bytes, GT/s, ms, W, °C, % …; empty when it has none. Fixed per fact.
  std::string meaning;  ///< One line.
  std::vector<std::string> sources;  ///< collector:NAME, paste:KIND, triage, derive.
  std::string file;     ///< Where it was declared (facts.toml), for diagnostics.
  int line = 0;
};

/// The types a catalog entry may have.
const std::vector<std::string>& FactTypes();
/// The units a catalog entry may have (one name per unit: bytes, never KB and B and bytes).
const std::vector<std::string>& FactUnits();

struct FactCatalog {
  std::vector<FactEntry> entries;  ///< Sorted by path after loading; one entry per path.

  /// The entry for a fact path (canonical or generic): its own, or an `env.*` pattern's.
  const FactEntry* Find(const std::string& path) const;
  /// True when a rule may refer to `path`: an entry, a key below a `.*` pattern, or a prefix
  /// of known facts (`libs`, an object).
  bool IsKnown(const std::string& path) const;
  /// The entry's type; "object" for a prefix of known facts; "" when unknown.
  std::string TypeOf(const std::string& path) const;
  /// Adds or replaces (same path) an entry; keeps `entries` sorted.
  void Put(FactEntry entry);
};

}  // namespace rd
