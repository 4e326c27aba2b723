#include "engine/fact_catalog_loader.h"

#include <algorithm>
#include <set>

#include <toml++/toml.h>

#include "core/fact_path.h"
#include "engine/toml_document.h"
#include "util/strings.h"
#include "util/terminal_text.h"

namespace rd {

namespace {

const std::set<std::string> kEntryKeys = {"path", "type", "unit", "meaning", "sources"};

bool Listed(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// A generic path: segments of a fact path without indexes; a last segment "*" makes a pattern.
bool GenericPathOk(const std::string& path) {
  std::string plain = path.size() > 2 && path.compare(path.size() - 2, 2, ".*") == 0 ? path.substr(0, path.size() - 2) : path;
  return !plain.empty() && ParseFactPath(plain).has_value() && GenericFactPath(plain) == plain;
}

struct EntryParser {
  const std::string& file;
  RuleDatabase& db;
  bool ok = true;

  void Fail(const toml::node& node, const std::string& message) {
    auto where = node.source().begin;
    db.diagnostics.push_back({file, static_cast<int>(where.line), static_cast<int>(where.column), message});
    ok = false;
  }

  std::string Text(const toml::table& table, const toml::node& at, const char* key, bool required) {
    const auto* node = table.get(key);
    if (!node) {
      if (required) Fail(at, std::string("fact entry has no '") + key + "'");
      return "";
    }
    const auto* text = node->as_string();
    if (!text) {
      Fail(*node, std::string("fact entry's '") + key + "' must be a string");
      return "";
    }
    // Meanings reach the terminal (rules facts): the same rule as rule text (hostile-input D5).
    if (auto bad = FirstTerminalUnsafe(text->get())) Fail(*node, std::string("'") + key + "' holds " + *bad);
    return text->get();
  }

  void Parse(const toml::table& table, const toml::node& at) {
    FactEntry entry;
    entry.file = file;
    entry.line = static_cast<int>(at.source().begin.line);
    for (const auto& [key, value] : table) {
      if (!kEntryKeys.count(std::string(key.str()))) Fail(value, "unknown fact entry key '" + std::string(key.str()) + "'");
    }
    entry.path = Text(table, at, "path", true);
    if (!entry.path.empty() && !GenericPathOk(entry.path)) {
      Fail(*table.get("path"), "fact path '" + Printable(entry.path, 200) + "' is not a generic path (os.id, gpus.gfx, env.*)");
    }
    entry.type = Text(table, at, "type", true);
    if (!entry.type.empty() && !Listed(FactTypes(), entry.type)) {
      Fail(*table.get("type"), "fact type '" + Printable(entry.type, 60) + "' is not one of string, int, bool, number, array, object");
    }
    entry.unit = Text(table, at, "unit", false);
    if (!entry.unit.empty() && !Listed(FactUnits(), entry.unit)) {
      Fail(*table.get("unit"), "unit '" + Printable(entry.unit, 60) + "' is not a catalog unit (bytes, MiB, GT/s, GB/s, ms, W, °C, %, cores)");
    }
    if (!entry.unit.empty() && entry.type != "int" && entry.type != "number") {
      Fail(*table.get("unit"), "a unit needs an int or number fact, '" + entry.path + "' is " + entry.type);
    }
    entry.meaning = Text(table, at, "meaning", true);
    if (const auto* sources = table.get("sources")) {
      const auto* array = sources->as_array();
      if (!array || array->empty()) Fail(*sources, "'sources' must be a non-empty array of strings");
      for (const auto& source : array ? *array : toml::array{}) {
        if (source.is_string()) entry.sources.push_back(source.as_string()->get());
        else Fail(source, "'sources' must be a non-empty array of strings");
      }
    } else {
      Fail(at, "fact entry has no 'sources'");
    }
    if (ok) db.catalog.Put(std::move(entry));
  }
};

}  // namespace

void LoadFactCatalogText(const std::string& text, const std::string& file, RuleDatabase& db) {
  auto root = ParseTomlDocument(text, file, db.diagnostics);
  if (!root) return;
  RejectOtherTopLevelKeys(*root, file, "fact", "facts are [[fact]] tables", db.diagnostics);
  const auto* facts = root->get_as<toml::array>("fact");
  if (!facts) {
    if (const auto* node = root->get("fact")) db.diagnostics.push_back(DiagnosticAt(file, *node, "'fact' must be an array of tables ([[fact]])"));
    return;
  }
  std::set<std::string> seen;
  for (const auto& node : *facts) {
    EntryParser parser{file, db};
    const auto* table = node.as_table();
    if (!table) {
      parser.Fail(node, "'fact' must be an array of tables ([[fact]])");
      continue;
    }
    const auto* path = table->get_as<std::string>("path");
    if (path && !seen.insert(path->get()).second) {
      parser.Fail(node, "duplicate fact '" + path->get() + "': one entry per fact");
      continue;
    }
    parser.Parse(*table, node);
  }
}

}  // namespace rd
