#include "cli/signature_lint.h"

#include <set>

#include "engine/template.h"
#include "parsers/error_signatures.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr std::string_view kTextPrefix = "triage.signature_text.";

void CheckCondition(const Condition& c, const Rule& rule, const std::set<std::string>& ids, std::vector<Diagnostic>& out) {
  for (const auto& child : c.children) CheckCondition(child, rule, ids, out);
  if (c.kind != Condition::Kind::Leaf) return;
  std::string named;
  if (c.fact == "triage.signatures" && c.op == "contains" && c.operand.is_string()) named = c.operand.get<std::string>();
  else if (StartsWith(c.fact, kTextPrefix)) named = c.fact.substr(kTextPrefix.size());
  if (!named.empty() && !ids.count(named)) {
    out.push_back({rule.file, c.line, 0, "rule " + rule.id + ": no error signature '" + named + "' in rules/data/signatures*.toml"});
  }
}

void CheckTemplate(const std::string& text, const Rule& rule, const std::set<std::string>& ids, std::vector<Diagnostic>& out) {
  // TemplateRefs parses "{path|fallback}" and "{path:MiB}" as the renderer does.
  for (const auto& ref : TemplateRefs(text)) {
    if (!StartsWith(ref.path, kTextPrefix)) continue;
    std::string named = ref.path.substr(kTextPrefix.size());
    if (!ids.count(named)) out.push_back({rule.file, rule.line, 0, "rule " + rule.id + ": template names no error signature '" + named + "'"});
  }
}

}  // namespace

std::vector<Diagnostic> SignatureDiagnostics(const RuleDatabase& db) {
  std::vector<Diagnostic> out;
  SignatureTable table = LoadSignatureTable(&db.data);
  for (const auto& p : table.problems) out.push_back({"rules/data", 0, 0, p});
  std::set<std::string> ids;
  for (const auto& s : table.signatures) ids.insert(s.id);
  for (const auto& rule : db.rules) {
    CheckCondition(rule.when, rule, ids, out);
    CheckTemplate(rule.title, rule, ids, out);
    CheckTemplate(rule.fix, rule, ids, out);
  }
  return out;
}

}  // namespace rd
