#include "engine/rule_loader.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/fact_path.h"
#include "core/sections.h"
#include "engine/fact_catalog_loader.h"
#include "engine/template.h"
#include "engine/toml_document.h"
#include "engine/toml_json.h"
#include "system/local_files.h"
#include "util/json_fingerprint.h"
#include "util/regex.h"
#include "util/strings.h"
#include "util/terminal_text.h"
#include "util/version.h"

namespace rd {

namespace {

constexpr size_t kMaxRuleFileBytes = 4u << 20;
const std::set<std::string> kRuleKeys = {"id", "section", "severity", "for_each", "when",
                                         "title", "fix", "explain", "refs", "tickets", "explains"};

struct Parser {
  const std::string& file;
  RuleDatabase& db;
  bool ok = true;
  std::string not_evaluated;  ///< Set by Refuse: the rule loads, is listed, is never evaluated.

  void Fail(const toml::node& node, const std::string& message) {
    auto where = node.source().begin;
    db.diagnostics.push_back({file, static_cast<int>(where.line), static_cast<int>(where.column), message});
    ok = false;
  }
  // A lint problem that keeps the rule in the database, marked not evaluated with the reason, so
  // `check` lists it instead of dropping it silently.
  void Refuse(const toml::node& node, const std::string& message) {
    auto where = node.source().begin;
    db.diagnostics.push_back({file, static_cast<int>(where.line), static_cast<int>(where.column), message});
    if (not_evaluated.empty()) not_evaluated = message;
  }

  bool CheckFact(const toml::node& at, const std::string& fact) {
    if (!ParseFactPathOk(fact)) {
      Fail(at, "malformed fact path '" + fact + "'");
      return false;
    }
    if (!db.catalog.IsKnown(fact)) {
      Fail(at, "unknown fact '" + fact + "'" + SuggestFact(fact));
      return false;
    }
    return true;
  }

  static bool ParseFactPathOk(const std::string& fact);
  std::string SuggestFact(const std::string& fact) const;
  void CheckOperatorType(const toml::node& at, const Condition& c);
  void CheckForEach(const toml::node& at, const std::string& fact);
  void CheckStrings(const toml::node& node, const std::string& key);
  bool CheckOperand(const toml::node& at, const std::string& op, const nlohmann::json& operand, Condition& c);
  Condition ParseCondition(const toml::node& node, int depth);
  Condition ParseGroup(const toml::node& node, Condition::Kind kind, int depth);
  void ParseRule(const toml::table& table, const toml::node& at);
  void ParseSection(const toml::table& table, const toml::node& at);
  void ParseSectionCheck(const toml::node& node, SectionRequirements& section);
  void ParseSummaryPart(const toml::node& node, SectionRequirements& section);
};

bool Parser::ParseFactPathOk(const std::string& fact) { return ParseFactPath(fact).has_value(); }

std::string Parser::SuggestFact(const std::string& fact) const {
  std::string generic = GenericFactPath(fact), best;
  size_t best_distance = 4;
  for (const auto& entry : db.catalog.entries) {
    size_t d = EditDistance(generic, entry.path);
    if (d < best_distance) {
      best_distance = d;
      best = entry.path;
    }
  }
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

// issue 13: an operator that can never mean what it says on the catalog's type of the fact
// (lt on a bool, version_ge on an array, eq on an object) is a lint problem, not a rule that
// quietly never fires. Strings may hold numbers and versions (env values), so they pass.
void Parser::CheckOperatorType(const toml::node& at, const Condition& c) {
  std::string type = db.catalog.TypeOf(c.fact);
  if (type.empty() || c.op.empty() || c.op == "exists" || c.op == "missing") return;
  auto refuse = [&](const std::string& why) {
    Fail(at, "operator '" + c.op + "' " + why + ", but '" + c.fact + "' is of type " + type + " (rules/facts.toml)");
  };
  bool container = type == "array" || type == "object";
  bool numeric = type == "int" || type == "number";
  if ((c.op == "lt" || c.op == "le" || c.op == "gt" || c.op == "ge") && !numeric && type != "string") {
    return refuse("compares numbers");
  }
  if (c.op.rfind("version_", 0) == 0 && type != "string") return refuse("compares version strings");
  // matches on an array matches its text (any element): rules use it on gid and name lists.
  if (c.op == "matches" && (type == "object" || type == "bool")) return refuse("matches text");
  if (c.op == "contains" && (type == "object" || type == "bool" || numeric)) return refuse("looks into a string or an array");
  bool scalar_op = c.op == "eq" || c.op == "ne" || c.op == "in" || c.op == "not_in" || c.op == "eq_fact" || c.op == "ne_fact" ||
                   c.op == "in_fact" || c.op == "not_in_fact" || c.op == "in_data" || c.op == "not_in_data";
  if (scalar_op && container) return refuse("compares one value");
  if (c.op != "eq" && c.op != "ne" && c.op != "in" && c.op != "not_in") return;
  // The operand's own type against the fact's: eq = "true" on a bool, eq = 3 on a string.
  std::vector<nlohmann::json> operands = c.operand.is_array() ? c.operand.get<std::vector<nlohmann::json>>()
                                                               : std::vector<nlohmann::json>{c.operand};
  for (const auto& operand : operands) {
    if (type == "bool" && !operand.is_boolean()) return refuse("needs true or false here");
    if (numeric && !operand.is_number()) return refuse("needs a number here");
    if (type == "string" && !operand.is_string()) return refuse("needs a string here");
  }
}

// hostile-input report m11: for_each walks an array; on a string or object fact the rule can
// never mean what it says, so lint says so instead of the evaluator quietly doing nothing.
void Parser::CheckForEach(const toml::node& at, const std::string& fact) {
  if (!CheckFact(at, fact)) return;
  std::string type = db.catalog.TypeOf(fact);
  if (type != "array") Fail(at, "'for_each' needs an array fact, but '" + fact + "' is of type " + type);
}

// hostile-input report m11 / D5: rule text reaches the terminal (check, explain, rules list), so
// a control character in any string of a rule is a problem, located at that string's line.
void Parser::CheckStrings(const toml::node& node, const std::string& key) {
  if (const auto* text = node.as_string()) {
    if (auto bad = FirstTerminalUnsafe(text->get())) {
      Fail(node, "'" + key + "' holds " + *bad + ": rule text may hold no control character but \\n and \\t");
    }
  } else if (const auto* table = node.as_table()) {
    for (const auto& [name, value] : *table) CheckStrings(value, std::string(name.str()));
  } else if (const auto* array = node.as_array()) {
    for (const auto& value : *array) CheckStrings(value, key);
  }
}

bool Parser::CheckOperand(const toml::node& at, const std::string& op, const nlohmann::json& operand, Condition& c) {
  auto need = [&](bool good, const char* what) {
    if (!good) Fail(at, "operator '" + op + "' needs " + what);
    return good;
  };
  if (op == "eq" || op == "ne") return need(operand.is_primitive() && !operand.is_null(), "a string, number or boolean");
  if (op == "in" || op == "not_in") return need(operand.is_array(), "an array");
  if (op == "exists" || op == "missing") return need(operand.is_boolean(), "true or false");
  if (op == "lt" || op == "le" || op == "gt" || op == "ge") return need(operand.is_number(), "a number");
  if (op == "contains") return need(operand.is_primitive() && !operand.is_null(), "a string, number or boolean");
  if (op.rfind("version_", 0) == 0) {
    return need(operand.is_string() && ParseVersion(operand.get<std::string>()).has_value(), "a version string such as \"6.2.0\"");
  }
  if (op == "eq_fact" || op == "ne_fact" || op == "in_fact" || op == "not_in_fact") {
    return need(operand.is_string(), "a fact path") && CheckFact(at, operand.get<std::string>());
  }
  if (op == "in_data" || op == "not_in_data") {
    if (!need(operand.is_string(), "a data table path such as \"support.distros\"")) return false;
    auto segments = ParseFactPath(operand.get<std::string>());
    if (!segments) return need(false, "a data table path such as \"support.distros\"");
    const nlohmann::json* node = &db.data;
    for (const auto& s : *segments) {
      const auto* key = std::get_if<std::string>(&s);
      if (!key || !node->is_object() || !node->contains(*key)) return need(false, "an existing array in rules/data");
      node = &(*node)[*key];
    }
    return need(node->is_array(), "an existing array in rules/data");
  }
  if (op == "matches") {
    if (!need(operand.is_string(), "a regular expression string")) return false;
    const std::string& pattern = operand.get<std::string>();
    auto compiled = Regex::Compile(pattern);
    if (!compiled) {
      Fail(at, "bad regular expression '" + Printable(pattern, 200) + "': " + compiled.error().message +
                   " (RE2 syntax: no lookaround, no backreferences)");
      return false;
    }
    c.regex = *compiled;
    // RE2 runs it in linear time, but the same pattern hangs grep -P or Python re, where its
    // author will test it (hostile-input report D14).
    if (HasNestedUnboundedQuantifier(pattern)) {
      Refuse(at, "regular expression '" + Printable(pattern, 200) +
                     "': nested unbounded quantifier: catastrophic in backtracking engines (grep -P, Python re); "
                     "rewrite without it");
    }
    return true;
  }
  return true;
}

Condition Parser::ParseGroup(const toml::node& node, Condition::Kind kind, int depth) {
  Condition group;
  group.kind = kind;
  group.line = static_cast<int>(node.source().begin.line);
  if (kind == Condition::Kind::Not) {
    group.children.push_back(ParseCondition(node, depth + 1));
    return group;
  }
  const auto* array = node.as_array();
  if (!array || array->empty()) {
    Fail(node, "a condition group needs a non-empty array of conditions");
    return group;
  }
  for (const auto& child : *array) group.children.push_back(ParseCondition(child, depth + 1));
  return group;
}

Condition Parser::ParseCondition(const toml::node& node, int depth) {
  Condition c;
  c.line = static_cast<int>(node.source().begin.line);
  if (depth > 32) {
    Fail(node, "conditions nested deeper than 32 levels");
    return c;
  }
  const auto* table = node.as_table();
  if (!table) {
    Fail(node, "a condition must be a table like { fact = \"os.id\", eq = \"debian\" }");
    return c;
  }
  for (const char* group : {"all", "any", "not"}) {
    if (const auto* child = table->get(group)) {
      if (table->size() != 1) Fail(node, std::string("'") + group + "' must be the only key of its table");
      auto kind = std::string(group) == "all" ? Condition::Kind::All
                  : std::string(group) == "any" ? Condition::Kind::Any : Condition::Kind::Not;
      return ParseGroup(*child, kind, depth);
    }
  }
  c.kind = Condition::Kind::Leaf;
  const auto* fact = table->get_as<std::string>("fact");
  if (!fact) {
    Fail(node, "condition has no 'fact' (nor all/any/not)");
    return c;
  }
  c.fact = fact->get();
  CheckFact(*fact, c.fact);
  bool other_keys = false;  // an unknown operator already says what is wrong with the condition
  for (const auto& [key, value] : *table) {
    std::string name(key.str());
    if (name == "fact") continue;
    if (name == "if_unknown") {
      if (value.is_boolean()) c.if_unknown = value.as_boolean()->get();
      else Fail(value, "'if_unknown' must be true or false");
      continue;
    }
    other_keys = true;
    if (!c.op.empty()) {
      Fail(value, "condition has two operators ('" + c.op + "' and '" + name + "')");
      continue;
    }
    const auto& ops = ConditionOperators();
    if (std::find(ops.begin(), ops.end(), name) == ops.end()) {
      Fail(value, "unknown operator '" + name + "'");
      continue;
    }
    c.op = name;
    c.operand = TomlToJson(value);
    if (CheckOperand(value, name, c.operand, c) && ok) CheckOperatorType(value, c);
  }
  // hostile-input report m11: said even when the rule has another problem (it used to be `&& ok`).
  if (c.op.empty() && !other_keys) Fail(node, "condition on '" + c.fact + "' has no operator");
  return c;
}

void Parser::ParseRule(const toml::table& table, const toml::node& at) {
  Rule rule;
  rule.file = file;
  rule.line = static_cast<int>(at.source().begin.line);
  for (const auto& [key, value] : table) {
    if (!kRuleKeys.count(std::string(key.str()))) Fail(value, "unknown rule key '" + std::string(key.str()) + "'");
  }
  CheckStrings(table, "rule");
  auto text = [&](const char* key, bool required) -> std::string {
    const auto* node = table.get(key);
    if (!node) {
      if (required) Fail(at, std::string("rule has no '") + key + "'");
      return "";
    }
    if (!node->is_string()) {
      Fail(*node, std::string("'") + key + "' must be a string");
      return "";
    }
    return node->as_string()->get();
  };
  rule.id = text("id", true);
  static const Regex id_form = Regex::Literal("^[a-z0-9]+(\\.[a-z0-9][a-z0-9-]*)+$");
  if (!rule.id.empty() && !id_form.FullMatch(rule.id)) Fail(*table.get("id"), "rule id '" + rule.id + "' is not of the form area.name-with-dashes");
  rule.section = text("section", true);
  if (!rule.section.empty() && !FindSection(rule.section)) Fail(*table.get("section"), "unknown section '" + rule.section + "'");
  std::string severity = text("severity", true);
  if (!severity.empty() && !ParseSeverity(severity, &rule.severity)) Fail(*table.get("severity"), "severity must be error, warning or info, not '" + severity + "'");
  rule.for_each = text("for_each", false);
  if (!rule.for_each.empty()) CheckForEach(*table.get("for_each"), rule.for_each);
  rule.title = text("title", true);
  rule.fix = text("fix", false);
  rule.explain = text("explain", false);
  auto strings = [&](const char* key) {
    std::vector<std::string> out;
    const auto* node = table.get(key);
    if (!node) return out;
    const auto* array = node->as_array();
    if (!array) Fail(*node, std::string("'") + key + "' must be an array of strings");
    for (const auto& item : array ? *array : toml::array{}) {
      if (item.is_string()) out.push_back(item.as_string()->get());
      else Fail(item, std::string("'") + key + "' must be an array of strings");
    }
    return out;
  };
  rule.refs = strings("refs");
  rule.tickets = strings("tickets");
  rule.explains = strings("explains");
  for (size_t i = 0; i < rule.tickets.size(); ++i) {
    // A ticket is a public thread a reader can open: the rule's knowledge came from it.
    if (!StartsWith(rule.tickets[i], "https://")) Fail(*table.get("tickets")->as_array()->get(i), "'tickets' entries must be https:// URLs of public threads, not '" + rule.tickets[i] + "'");
  }
  if (const auto* when = table.get("when")) {
    rule.when = ParseGroup(*when, Condition::Kind::All, 0);
  } else {
    Fail(at, "rule has no 'when'");
  }
  for (const auto& field : {rule.title, rule.fix}) {
    for (const auto& ref : TemplateFacts(field)) {
      if (!ParseFactPath(ref) || !db.catalog.IsKnown(ref)) Fail(at, "template refers to unknown fact '{" + ref + "}'");
    }
  }
  rule.not_evaluated = not_evaluated;
  if (ok) db.rules.push_back(std::move(rule));
}

// issue 14 item 1: a section's ✓ is declared, as data, by what must be known and true for it.
void Parser::ParseSectionCheck(const toml::node& node, SectionRequirements& section) {
  const auto* table = node.as_table();
  if (!table) return Fail(node, "'check' must be an array of tables ([[section.check]])");
  static const std::set<std::string> keys = {"when", "reason", "otherwise"};
  for (const auto& [key, value] : *table) {
    if (!keys.count(std::string(key.str()))) Fail(value, "unknown section check key '" + std::string(key.str()) + "'");
  }
  SectionCheck check;
  check.file = file;
  check.line = static_cast<int>(node.source().begin.line);
  if (const auto* when = table->get("when")) check.when = ParseGroup(*when, Condition::Kind::All, 0);
  else Fail(node, "section check has no 'when'");
  const auto* reason = table->get_as<std::string>("reason");
  if (reason && !reason->get().empty()) check.reason = reason->get();
  else Fail(node, "section check has no 'reason' (what the report says when it does not hold)");
  static const std::map<std::string, SectionMark> marks = {{"unknown", SectionMark::Unknown},
                                                           {"not_applicable", SectionMark::NotApplicable},
                                                           {"warning", SectionMark::Warning},
                                                           {"error", SectionMark::Error}};
  if (const auto* otherwise = table->get("otherwise")) {
    auto it = otherwise->is_string() ? marks.find(otherwise->as_string()->get()) : marks.end();
    if (it == marks.end()) Fail(*otherwise, "'otherwise' must be unknown, not_applicable, warning or error");
    else check.otherwise = it->second;
  }
  section.checks.push_back(std::move(check));
}

void Parser::ParseSummaryPart(const toml::node& node, SectionRequirements& section) {
  const auto* table = node.as_table();
  if (!table) return Fail(node, "'summary' must be an array of tables ([[section.summary]])");
  for (const auto& [key, value] : *table) {
    if (key.str() != "text" && key.str() != "when") Fail(value, "unknown section summary key '" + std::string(key.str()) + "'");
  }
  SectionSummaryPart part;
  const auto* text = table->get_as<std::string>("text");
  if (!text || text->get().empty()) return Fail(node, "section summary part has no 'text'");
  part.text = text->get();
  for (const auto& ref : TemplateFacts(part.text)) {
    if (!ParseFactPath(ref) || !db.catalog.IsKnown(ref)) Fail(*text, "template refers to unknown fact '{" + ref + "}'");
  }
  if (const auto* when = table->get("when")) part.when = ParseGroup(*when, Condition::Kind::All, 0);
  section.summary.push_back(std::move(part));
}

void Parser::ParseSection(const toml::table& table, const toml::node& at) {
  static const std::set<std::string> keys = {"id", "required", "check", "summary"};
  for (const auto& [key, value] : table) {
    if (!keys.count(std::string(key.str()))) Fail(value, "unknown section key '" + std::string(key.str()) + "'");
  }
  CheckStrings(table, "section");
  SectionRequirements section;
  const auto* id = table.get_as<std::string>("id");
  if (!id) return Fail(at, "section has no 'id'");
  section.id = id->get();
  if (!FindSection(section.id)) Fail(*id, "unknown section '" + section.id + "'");
  if (const auto* required = table.get("required")) {
    if (required->is_boolean()) section.required = required->as_boolean()->get();
    else Fail(*required, "'required' must be true or false");
  }
  if (const auto* checks = table.get("check")) {
    if (const auto* array = checks->as_array()) {
      for (const auto& node : *array) ParseSectionCheck(node, section);
    } else {
      Fail(*checks, "'check' must be an array of tables ([[section.check]])");
    }
  }
  if (const auto* parts = table.get("summary")) {
    if (const auto* array = parts->as_array()) {
      for (const auto& node : *array) ParseSummaryPart(node, section);
    } else {
      Fail(*parts, "'summary' must be an array of tables ([[section.summary]])");
    }
  }
  if (!ok) return;
  auto same = std::find_if(db.sections.begin(), db.sections.end(), [&](const auto& s) { return s.id == section.id; });
  if (same != db.sections.end()) *same = std::move(section);  // a later --rules dir replaces
  else db.sections.push_back(std::move(section));
}

}  // namespace

const std::vector<std::string>& ConditionOperators() {
  static const std::vector<std::string> ops = {
      "eq", "ne", "in", "not_in", "matches", "contains", "exists", "missing", "lt", "le", "gt", "ge",
      "version_lt", "version_le", "version_gt", "version_ge", "version_eq", "eq_fact", "ne_fact",
      "in_fact", "not_in_fact", "in_data", "not_in_data"};
  return ops;
}

std::string Diagnostic::Format() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

void LoadRuleText(const std::string& text, const std::string& file, RuleDatabase& db) {
  auto root = ParseTomlDocument(text, file, db.diagnostics);
  if (!root) return;
  for (const auto& [name, value] : *root) {
    if (name.str() != "rule" && name.str() != "section") {
      db.diagnostics.push_back(DiagnosticAt(file, value, "unknown top-level key '" + std::string(name.str()) +
                                                             "' (rules are [[rule]] tables, section verdicts [[section]])"));
    }
  }
  if (const auto* sections = root->get_as<toml::array>("section")) {
    for (const auto& node : *sections) {
      Parser parser{file, db};
      if (const auto* table = node.as_table()) parser.ParseSection(*table, node);
      else parser.Fail(node, "'section' must be an array of tables ([[section]])");
    }
  }
  const auto* rules = root->get_as<toml::array>("rule");
  if (!rules) return;
  for (const auto& node : *rules) {
    Parser parser{file, db};
    if (const auto* table = node.as_table()) parser.ParseRule(*table, node);
    else parser.Fail(node, "'rule' must be an array of tables ([[rule]])");
  }
}

namespace {

void LoadDataTables(const std::string& dir, RuleDatabase& db) {
  auto names = ListLocalDir(dir);
  for (const auto& name : names.value_or({})) {
    if (!EndsWith(name, ".toml")) continue;
    std::string path = dir + "/" + name;
    auto text = ReadLocalFile(path, kMaxRuleFileBytes);
    if (!text) {
      db.diagnostics.push_back({path, 0, 0, text.error().message});
      continue;
    }
    if (auto root = ParseTomlDocument(*text, path, db.diagnostics)) db.data[name.substr(0, name.size() - 5)] = TomlToJson(*root);
  }
}

void LoadRuleDir(const std::string& dir, RuleDatabase& db) {
  auto names = ListLocalDir(dir);
  if (!names) {
    db.diagnostics.push_back({dir, 0, 0, names.error().message});
    return;
  }
  db.dirs.push_back(dir);
  if (auto version = ReadLocalFile(dir + "/VERSION", 256)) db.version = std::string(Trim(*version));
  RuleDatabase local;
  local.data = db.data;
  local.catalog = db.catalog;
  for (const auto& name : *names) {
    if (!EndsWith(name, ".toml") || name == kFactCatalogFile) continue;
    std::string path = dir + "/" + name;
    auto text = ReadLocalFile(path, kMaxRuleFileBytes);
    if (!text) {
      db.diagnostics.push_back({path, 0, 0, text.error().message});
      continue;
    }
    LoadRuleText(*text, path, local);
  }
  std::map<std::string, const Rule*> seen;
  for (const auto& rule : local.rules) {
    if (auto it = seen.find(rule.id); it != seen.end()) {
      local.diagnostics.push_back({rule.file, rule.line, 1, "duplicate rule id '" + rule.id + "' (first at " +
                                                             it->second->file + ":" + std::to_string(it->second->line) + ")"});
      continue;
    }
    seen[rule.id] = &rule;
    auto existing = std::find_if(db.rules.begin(), db.rules.end(), [&](const Rule& r) { return r.id == rule.id; });
    if (existing != db.rules.end()) *existing = rule;
    else db.rules.push_back(rule);
  }
  for (auto& section : local.sections) {
    auto same = std::find_if(db.sections.begin(), db.sections.end(), [&](const auto& s) { return s.id == section.id; });
    if (same != db.sections.end()) *same = std::move(section);
    else db.sections.push_back(std::move(section));
  }
  db.diagnostics.insert(db.diagnostics.end(), local.diagnostics.begin(), local.diagnostics.end());
}

// The catalog of a dir, when it has one (a --rules DIR of extra rules need not).
void LoadCatalog(const std::string& dir, RuleDatabase& db) {
  std::string path = dir + "/" + kFactCatalogFile;
  auto info = LocalStat(path);
  if (!info) return;
  auto text = ReadLocalFile(path, kMaxRuleFileBytes);
  if (!text) {
    db.diagnostics.push_back({path, 0, 0, text.error().message});
    return;
  }
  LoadFactCatalogText(*text, path, db);
}

// issue 14 item 3: an `explains` entry names a rule of any file, so it is checked once all loaded.
void CheckExplains(RuleDatabase& db) {
  std::set<std::string> ids;
  for (const auto& rule : db.rules) ids.insert(rule.id);
  for (const auto& rule : db.rules) {
    for (const auto& id : rule.explains) {
      if (id == rule.id) db.diagnostics.push_back({rule.file, rule.line, 1, "rule '" + rule.id + "' explains itself"});
      else if (!ids.count(id)) db.diagnostics.push_back({rule.file, rule.line, 1, "rule '" + rule.id + "' explains unknown rule '" + id + "'"});
    }
  }
}

}  // namespace

RuleDatabase LoadRules(const std::vector<std::string>& dirs, const std::vector<std::string>& catalog_dirs) {
  RuleDatabase db;
  db.version = "unversioned";
  // The catalog first: every rule's fact names are checked against it.
  for (const auto& dir : catalog_dirs) {
    if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) LoadCatalog(dir, db);
  }
  for (const auto& dir : dirs) LoadCatalog(dir, db);
  for (const auto& dir : dirs) LoadDataTables(dir + "/data", db);
  StampTableFingerprints(db.data);
  if (db.catalog.entries.empty() && !dirs.empty()) {
    db.diagnostics.push_back({dirs.front(), 0, 0, std::string("no fact catalog (") + kFactCatalogFile +
                                                      ") in these rule directories: every fact name is unknown"});
  }
  for (const auto& dir : dirs) LoadRuleDir(dir, db);
  CheckExplains(db);
  return db;
}

}  // namespace rd
