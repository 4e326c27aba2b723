#include "engine/evaluator.h"

#include <algorithm>
#include <map>
#include <optional>
#include <variant>

#include "core/fact_path.h"
#include "engine/template.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

using nlohmann::json;

namespace {

// RE2 is linear in the subject; the bound keeps a 20 MB fact times every `matches` rule cheap.
constexpr size_t kMaxRegexSubject = 1u << 20;

std::string Scoped(const std::string& path, const std::string& for_each, const std::string& element) {
  if (for_each.empty() || element.empty()) return path;
  if (path == for_each) return element;
  if (path.rfind(for_each + ".", 0) == 0) return element + path.substr(for_each.size());
  return path;
}

bool ScalarEquals(const json& fact, const json& operand) {
  if (fact.is_number() && operand.is_number()) return fact.get<double>() == operand.get<double>();
  return FactValueText(fact) == FactValueText(operand);
}

std::optional<double> AsNumber(const json& value) {
  if (value.is_number()) return value.get<double>();
  if (value.is_string()) {
    try {
      size_t used = 0;
      double d = std::stod(value.get<std::string>(), &used);
      if (used == value.get<std::string>().size()) return d;
    } catch (...) {
    }
  }
  return std::nullopt;
}

const json* DataArray(const json& data, const std::string& path) {
  auto segments = ParseFactPath(path);
  if (!segments) return nullptr;
  const json* node = &data;
  for (const auto& s : *segments) {
    const auto* key = std::get_if<std::string>(&s);
    if (!key || !node->is_object() || !node->contains(*key)) return nullptr;
    node = &(*node)[*key];
  }
  return node->is_array() ? node : nullptr;
}

bool InArray(const json& value, const json& array) {
  return std::any_of(array.begin(), array.end(), [&](const json& item) { return ScalarEquals(value, item); });
}

Truth FromBool(bool b) { return b ? Truth::True : Truth::False; }

// The leaf operators once the fact is known to be present.
Truth ApplyOperator(const Condition& c, const json& value, const Facts& facts, const json& data,
                    const std::string& for_each, const std::string& element, std::vector<std::string>& used,
                    std::string& unknown_reason) {
  const std::string& op = c.op;
  if (op == "exists") return FromBool(c.operand.get<bool>());
  if (op == "missing") return FromBool(!c.operand.get<bool>());
  if (op == "eq") return FromBool(ScalarEquals(value, c.operand));
  if (op == "ne") return FromBool(!ScalarEquals(value, c.operand));
  if (op == "in") return FromBool(InArray(value, c.operand));
  if (op == "not_in") return FromBool(!InArray(value, c.operand));
  if (op == "contains") {
    if (value.is_array()) return FromBool(InArray(c.operand, value));
    return FromBool(FactValueText(value).find(FactValueText(c.operand)) != std::string::npos);
  }
  if (op == "matches") {
    std::string subject = FactValueText(value).substr(0, kMaxRegexSubject);
    return FromBool(c.regex && c.regex->Search(subject));
  }
  if (op == "lt" || op == "le" || op == "gt" || op == "ge") {
    auto number = AsNumber(value);
    if (!number) {
      unknown_reason = "'" + c.fact + "' is not a number";
      return Truth::Unknown;
    }
    double operand = c.operand.get<double>();
    if (op == "lt") return FromBool(*number < operand);
    if (op == "le") return FromBool(*number <= operand);
    if (op == "gt") return FromBool(*number > operand);
    return FromBool(*number >= operand);
  }
  if (op.rfind("version_", 0) == 0) {
    auto cmp = CompareVersions(FactValueText(value), c.operand.get<std::string>());
    if (!cmp) {
      unknown_reason = "'" + c.fact + "' (" + FactValueText(value) + ") is not a version";
      return Truth::Unknown;
    }
    if (op == "version_lt") return FromBool(*cmp < 0);
    if (op == "version_le") return FromBool(*cmp <= 0);
    if (op == "version_gt") return FromBool(*cmp > 0);
    if (op == "version_ge") return FromBool(*cmp >= 0);
    return FromBool(*cmp == 0);
  }
  if (op == "eq_fact" || op == "ne_fact") {
    std::string other = Scoped(c.operand.get<std::string>(), for_each, element);
    auto lookup = facts.Get(other);
    if (lookup.state != FactState::Present) {
      unknown_reason = lookup.state == FactState::Unknown ? lookup.reason : "'" + other + "' is not present";
      return Truth::Unknown;
    }
    used.push_back(other);
    bool equal = ScalarEquals(value, *lookup.value);
    return FromBool(op == "eq_fact" ? equal : !equal);
  }
  if (op == "in_fact" || op == "not_in_fact") {
    // The value against a list another fact holds (gpus.gfx in frameworks.torch.gfx_targets).
    // A list its collector did not produce (a CPU build has no gfx targets) makes both false.
    std::string other = Scoped(c.operand.get<std::string>(), for_each, element);
    auto lookup = facts.Get(other);
    if (lookup.state == FactState::Unknown) {
      unknown_reason = lookup.reason.empty() ? "'" + other + "' is unknown" : lookup.reason;
      return Truth::Unknown;
    }
    if (lookup.state == FactState::NotPresent) return Truth::False;
    used.push_back(other);
    bool in = lookup.value->is_array() ? InArray(value, *lookup.value) : ScalarEquals(value, *lookup.value);
    return FromBool(op == "in_fact" ? in : !in);
  }
  if (op == "in_data" || op == "not_in_data") {
    const json* array = DataArray(data, c.operand.get<std::string>());
    if (!array) {
      unknown_reason = "data table '" + c.operand.get<std::string>() + "' is missing";
      return Truth::Unknown;
    }
    bool in = InArray(value, *array);
    return FromBool(op == "in_data" ? in : !in);
  }
  unknown_reason = "unknown operator '" + op + "'";
  return Truth::Unknown;
}

// Whether walking `segments` down the tree meets an array where a key is asked for: the cheap
// test that spares most leaves (no array on their path) the element expansion below.
bool CrossesAnArray(const json& tree, const std::vector<PathSegment>& segments) {
  const json* node = &tree;
  for (const auto& segment : segments) {
    if (const auto* key = std::get_if<std::string>(&segment)) {
      if (node->is_array()) return true;
      if (!node->is_object()) return false;
      auto it = node->find(*key);
      if (it == node->end()) return false;
      node = &*it;
    } else {
      size_t index = std::get<size_t>(segment);
      if (!node->is_array() || index >= node->size()) return false;
      node = &(*node)[index];
    }
  }
  return false;
}

// "python.exceptions.type" outside a for_each over python.exceptions crosses that array without an
// index: the concrete path of each element ("python.exceptions[0].type", …; nested arrays too),
// or nullopt when the path crosses no array. Bounded: a hostile paste's arrays stay cheap.
std::optional<std::vector<std::string>> ElementPaths(const Facts& facts, const std::vector<PathSegment>& segments) {
  constexpr size_t kMaxElements = 1024;
  if (!CrossesAnArray(facts.tree(), segments)) return std::nullopt;
  std::vector<std::vector<PathSegment>> current = {{}};
  bool crossed = false;
  for (const auto& segment : segments) {
    std::vector<std::vector<PathSegment>> next;
    for (auto& prefix : current) {
      if (std::holds_alternative<std::string>(segment) && !prefix.empty()) {
        auto found = facts.Get(prefix);
        if (found.value && found.value->is_array()) {
          crossed = true;
          for (size_t i = 0; i < found.value->size() && next.size() < kMaxElements; ++i) {
            auto element = prefix;
            element.push_back(i);
            element.push_back(segment);
            next.push_back(std::move(element));
          }
          continue;
        }
      }
      prefix.push_back(segment);
      next.push_back(std::move(prefix));
    }
    current = std::move(next);
  }
  if (!crossed) return std::nullopt;
  std::vector<std::string> out;
  for (const auto& p : current) out.push_back(FormatFactPath(p));
  return out;
}

// `lookup` is facts.Get(path), done by the caller (which has the path parsed already).
Truth EvaluateConcreteLeaf(const Condition& c, const std::string& path, const FactLookup& lookup, const Facts& facts,
                           const json& data, const std::string& for_each, const std::string& element,
                           std::vector<std::string>& used, std::string& unknown_reason);

// A path through an array holds when it holds for some element (`exists`: some element has it;
// `missing`: none has), so `{ fact = "python.exceptions.type", eq = "RuntimeError" }` means "a
// RuntimeError was raised" and `not` over it "none was" — before, such a leaf read the array as
// a missing key and was silently false.
Truth EvaluateAnyElement(const Condition& c, const std::vector<std::string>& paths, const Facts& facts, const json& data,
                         const std::string& for_each, const std::string& element, std::vector<std::string>& used,
                         std::string& unknown_reason) {
  if (c.op == "missing") {
    Condition exists = c;
    exists.op = "exists";
    exists.operand = true;
    Truth any = EvaluateAnyElement(exists, paths, facts, data, for_each, element, used, unknown_reason);
    return any == Truth::Unknown ? any : FromBool((any == Truth::True) != c.operand.get<bool>());
  }
  bool unknown = false;
  for (const auto& path : paths) {
    std::string reason;
    Truth t = EvaluateConcreteLeaf(c, path, facts.Get(path), facts, data, for_each, element, used, reason);
    if (t == Truth::True) return t;
    if (t == Truth::Unknown) {
      unknown = true;
      unknown_reason = reason;
    }
  }
  return unknown ? Truth::Unknown : Truth::False;
}

Truth EvaluateLeaf(const Condition& c, const Facts& facts, const json& data, const std::string& for_each,
                   const std::string& element, std::vector<std::string>& used, std::string& unknown_reason) {
  std::string path = Scoped(c.fact, for_each, element);
  auto segments = ParseFactPath(path);  // once: for the array test and for the lookup
  if (!segments) return EvaluateConcreteLeaf(c, path, facts.Get(path), facts, data, for_each, element, used, unknown_reason);
  if (auto paths = ElementPaths(facts, *segments)) return EvaluateAnyElement(c, *paths, facts, data, for_each, element, used, unknown_reason);
  return EvaluateConcreteLeaf(c, path, facts.Get(*segments), facts, data, for_each, element, used, unknown_reason);
}

Truth EvaluateConcreteLeaf(const Condition& c, const std::string& path, const FactLookup& lookup, const Facts& facts,
                           const json& data, const std::string& for_each, const std::string& element,
                           std::vector<std::string>& used, std::string& unknown_reason) {
  if (lookup.state == FactState::Unknown) {
    unknown_reason = lookup.reason.empty() ? "'" + path + "' is unknown" : lookup.reason;
    return Truth::Unknown;
  }
  if (lookup.state == FactState::NotPresent) {
    // Its collector ran and the thing is not there (an unset variable): a definite answer.
    // Only `missing` holds; every comparison is false, so a rule about a value never fires
    // on the absence of that value.
    if (c.op == "missing") return FromBool(c.operand.get<bool>());
    if (c.op == "exists") return FromBool(!c.operand.get<bool>());
    return Truth::False;
  }
  used.push_back(path);
  return ApplyOperator(c, *lookup.value, facts, data, for_each, element, used, unknown_reason);
}

}  // namespace

std::string FactValueText(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::string out;
    for (const auto& item : value) out += (out.empty() ? "" : ", ") + FactValueText(item);
    return out;
  }
  if (value.is_number_float()) return value.dump();
  // An object or array element from a paste may hold bytes that are not UTF-8: a plain dump()
  // throws on them, which ended a triage with "internal error" and no report (fuzz_triage).
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

Truth EvaluateCondition(const Condition& c, const Facts& facts, const json& data, const std::string& for_each,
                        const std::string& element, std::vector<std::string>& used, std::string& unknown_reason) {
  switch (c.kind) {
    case Condition::Kind::Leaf: {
      std::string reason;
      Truth t = EvaluateLeaf(c, facts, data, for_each, element, used, reason);
      if (t == Truth::Unknown && c.if_unknown) return *c.if_unknown ? Truth::True : Truth::False;
      if (unknown_reason.empty()) unknown_reason = reason;
      return t;
    }
    case Condition::Kind::Not: {
      Truth t = EvaluateCondition(c.children.at(0), facts, data, for_each, element, used, unknown_reason);
      return t == Truth::Unknown ? t : (t == Truth::True ? Truth::False : Truth::True);
    }
    case Condition::Kind::All:
    case Condition::Kind::Any: {
      bool all = c.kind == Condition::Kind::All;
      bool unknown = false;
      for (const auto& child : c.children) {
        std::string reason;
        Truth t = EvaluateCondition(child, facts, data, for_each, element, used, reason);
        if (t == Truth::Unknown) {
          unknown = true;
          if (unknown_reason.empty()) unknown_reason = reason;
        } else if ((t == Truth::False) == all) {
          return t;  // all: one False decides; any: one True decides
        }
      }
      return unknown ? Truth::Unknown : (all ? Truth::True : Truth::False);
    }
  }
  return Truth::Unknown;
}

namespace {

// One finding per distinct message: a paste that repeats the same loader error eight times (one
// array element each) gets the finding once, with the evidence of every repeat (up to 8 lines).
void CollapseRepeats(std::vector<Finding>& findings) {
  std::vector<Finding> kept;
  std::map<std::string, size_t> seen;
  for (auto& f : findings) {
    std::string key = f.rule_id + '\x1f' + f.title + '\x1f' + f.fix;
    auto [it, fresh] = seen.emplace(key, kept.size());
    if (fresh) {
      kept.push_back(std::move(f));
      continue;
    }
    auto& into = kept[it->second].evidence;
    for (auto& e : f.evidence) {
      bool dup = false;
      for (const auto& have : into) dup = dup || (have.source == e.source && have.excerpt == e.excerpt);
      if (!dup && into.size() < 8) into.push_back(std::move(e));
    }
  }
  findings = std::move(kept);
}

// issue 14 item 4, ux-review U16 and U4: a fix line whose value is not known (absent, or empty)
// is left out rather than printed as "(unknown)", "<gid>" or "found at: )": a command with a
// hole is a syntax error or does something else.
//
// issue 14 item 9 (`rocm-doctor fix` writes these lines into a script) and hostile-input D5: a
// value that would change what a command does in sh (a line break, ; & | $ ` quotes,
// redirections, globs, #) comes from an odd or hostile fact (a snapshot, a report, a file name);
// such a line is left out like a hole. In a comment line only a line break could escape.
bool FitsFixLine(const std::string& line, const std::string& value) {
  bool comment = Trim(line).substr(0, 1) == "#";
  return value.find_first_of(comment ? "\n\r" : "\n\r;&|<>$`\\\"'(){}*?[]!#") == std::string::npos;
}

std::string RenderFixTemplate(const std::string& fix, const std::function<std::optional<std::string>(const std::string&)>& lookup) {
  std::string out;
  for (const auto& line : SplitLines(fix)) {
    bool complete = true;
    for (const auto& ref : TemplateRefs(line)) {
      auto value = lookup(ref.path);
      if (!value && ref.fallback) continue;  // said in words instead
      complete = complete && value && !value->empty() && FitsFixLine(line, *value);
    }
    if (complete) out += (out.empty() ? "" : "\n") + RenderTemplate(line, lookup);
  }
  return out;
}

// issue 14 item 3, ux-review U7: one root cause, one finding. A finding whose rule explains
// another's is its cause; causes chain (nomodeset -> amdgpu not loaded -> rocminfo failed) and
// every consequence is folded under the root. A cycle leaves both findings standing.
void FoldConsequences(std::vector<Finding>& findings) {
  std::map<std::string, std::string> cause_of;  // rule id -> the first firing rule that explains it
  for (const auto& f : findings) {
    for (const auto& id : f.explains) {
      if (id != f.rule_id) cause_of.emplace(id, f.rule_id);
    }
  }
  auto root = [&](const std::string& id) {
    std::string at = id;
    for (size_t hops = 0; hops <= cause_of.size(); ++hops) {
      auto it = cause_of.find(at);
      if (it == cause_of.end()) return at;
      at = it->second;
      if (at == id) return id;  // a cycle: nobody is the root
    }
    return id;
  };
  for (auto& f : findings) {
    std::string cause = root(f.rule_id);
    if (cause != f.rule_id) f.explained_by = cause;
  }
}

Finding MakeFinding(const Rule& rule, const Facts& facts, const std::string& element, int index,
                    const std::vector<std::string>& used) {
  auto lookup = [&](const std::string& path) -> std::optional<std::string> {
    auto found = facts.Get(Scoped(path, rule.for_each, element));
    if (found.state != FactState::Present) return std::nullopt;
    return FactValueText(*found.value);
  };
  Finding finding{rule.id, rule.section, rule.severity, RenderTemplate(rule.title, lookup),
                  RenderFixTemplate(rule.fix, lookup), rule.explain, rule.refs, {}, index, rule.explains};
  for (const auto& path : used) {
    if (std::any_of(finding.evidence.begin(), finding.evidence.end(), [&](const auto& e) { return e.fact == path; })) continue;
    auto value = facts.Get(path);
    FindingEvidence evidence{path, value.value ? FactValueText(*value.value) : "", "", ""};
    if (const auto* ev = facts.EvidenceFor(path)) {
      evidence.source = ev->source;
      evidence.excerpt = ev->excerpt;
    }
    finding.evidence.push_back(std::move(evidence));
  }
  return finding;
}

}  // namespace

Evaluation EvaluateRules(const RuleDatabase& db, const Facts& facts, const std::set<std::string>& ignored) {
  Evaluation out;
  for (const auto& rule : db.rules) {
    if (ignored.count(rule.id)) continue;
    if (!rule.not_evaluated.empty()) {
      out.not_evaluated.push_back({rule.id, rule.section, rule.not_evaluated});
      continue;
    }
    std::vector<std::string> elements = {""};
    if (!rule.for_each.empty()) {
      auto array = facts.Get(rule.for_each);
      if (array.state == FactState::Unknown) {
        out.not_evaluated.push_back({rule.id, rule.section, array.reason});
        continue;
      }
      elements.clear();
      if (array.value && array.value->is_array()) {
        for (size_t i = 0; i < array.value->size(); ++i) elements.push_back(rule.for_each + "[" + std::to_string(i) + "]");
      }
    }
    bool decided = elements.empty();  // an empty array is a definite "nothing to check"
    for (size_t i = 0; i < elements.size(); ++i) {
      std::vector<std::string> used;
      std::string reason;
      Truth t = EvaluateCondition(rule.when, facts, db.data, rule.for_each, elements[i], used, reason);
      decided = decided || t != Truth::Unknown;
      if (t == Truth::True) {
        out.findings.push_back(MakeFinding(rule, facts, elements[i], rule.for_each.empty() ? -1 : static_cast<int>(i), used));
      } else if (t == Truth::Unknown) {
        out.not_evaluated.push_back({rule.id, rule.section, elements[i].empty() ? reason : elements[i] + ": " + reason});
      }
    }
    if (decided) ++out.rules_evaluated;
  }
  CollapseRepeats(out.findings);
  FoldConsequences(out.findings);
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const Finding& a, const Finding& b) { return a.severity > b.severity; });
  return out;
}

}  // namespace rd
