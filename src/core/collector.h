#pragma once
/// A collector reads one part of the world through System and writes facts. One per section
/// concept (src/collectors/<name>.cpp); they run concurrently, each with a time budget.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/facts.h"
#include "system/system.h"

namespace rd {

/// A fact a collector may produce, for `rules lint` (unknown fact names) and docs/facts.md.
struct FactSpec {
  const char* path;  ///< Generic path: "os.id", "gpus.gfx", "env.*" (any key below env).
  const char* type;  ///< string | int | bool | number | array | object
  const char* description;
};

/// What a collector may use besides the world: the data tables of rules/data (never the rules).
struct CollectContext {
  System& system;
  const nlohmann::json& data;  ///< rules/data/*.toml, keyed by file stem.
  bool quick = false;          ///< --quick: run no child process (imports, compilers, probes).
  std::vector<std::string> extra_libs;  ///< `check --lib PATH`: more libraries to resolve.
  std::vector<std::string> pythons;     ///< `check --python PATH`: interpreters examined first.
  bool no_compile = false;              ///< `check --no-compile`: skip the hipcc compile check.
};

struct Collector {
  const char* name;     ///< "os", "environment" …
  const char* section;  ///< Section whose mark a crash or timeout of this collector sets.
  void (*collect)(CollectContext& context, Facts& facts);
  const std::vector<FactSpec>* facts;
};

/// Every collector of `check`, in no particular order (they run concurrently).
const std::vector<Collector>& AllCollectors();
/// Every fact spec, from collectors and from triage-only facts.
std::vector<FactSpec> AllFactSpecs();
/// True when a rule may refer to `path` (matched on its generic form, `env.*` patterns honoured).
bool IsKnownFact(const std::string& path);

}  // namespace rd
