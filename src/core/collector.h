#pragma once
/// A collector reads one part of the world through System and writes facts. One per section
/// concept (src/collectors/<name>.cpp); they run concurrently, each with a time budget.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/facts.h"
#include "system/system.h"

namespace rd {

/// A fact a collector or paste kind declares it writes. The vocabulary itself is the catalog
/// (rules/facts.toml, core/fact_catalog.h); a test keeps these declarations in it.
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

// The registries (AllCollectors, AllFactSpecs) are in cli/registry.h: they combine higher layers.

}  // namespace rd
