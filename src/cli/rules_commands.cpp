#include "cli/rules_commands.h"
#include "cli/signature_lint.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/exit_status.h"
#include "engine/rule_loader.h"
#include "util/strings.h"
#include "util/terminal_text.h"
#include "util/text_wrap.h"

namespace rd {

namespace {

// hostile-input report D5: every handler here prints what rule files say (titles, ids, explain
// and fix text, lint diagnostics that quote them), and a --rules DIR is anyone's. So each one
// starts with a SafeIo, which sanitises io.out and io.err while the handler runs.
struct SafeIo {
  TerminalSafeScope out, err;
  explicit SafeIo(Io& io) : out(io.out), err(io.err) {}
};

}  // namespace

int RunRulesList(const std::vector<std::string>& dirs, Io& io) {
  SafeIo safe(io);
  RuleDatabase db = LoadRules(dirs);
  auto rules = db.rules;
  std::sort(rules.begin(), rules.end(), [](const Rule& a, const Rule& b) { return a.id < b.id; });
  // ux-review p6: lines reached 322 columns on a terminal; there the title wraps under its id,
  // hanging at column 4. Piped (grep, scripts) each rule stays one line.
  size_t width = io.stdout_is_tty ? (io.stdout_columns ? io.stdout_columns : 80) : 0;
  for (const auto& rule : rules) {
    std::string line = fmt::format("{:<48} {:<8} {:<12} {}", rule.id, SeverityName(rule.severity), rule.section, rule.title);
    if (width > 0 && DisplayWidth(line) > width) {
      line = fmt::format("{} {} {}\n", rule.id, SeverityName(rule.severity), rule.section) +
             WrapPlain("    " + rule.title, width, 4);
    }
    io.out << line << "\n";
  }
  io.out << fmt::format("{} rules (version {}) from {}\n", rules.size(), db.version, Join(db.dirs, ", "));
  for (const auto& d : db.diagnostics) io.err << d.Format() << "\n";
  return db.diagnostics.empty() ? kExitHealthy : kExitUsage;
}

int RunRulesLint(const std::vector<std::string>& dirs, const std::vector<std::string>& catalog_dirs, Io& io) {
  SafeIo safe(io);
  RuleDatabase db = LoadRules(dirs, catalog_dirs);
  for (auto& d : SignatureDiagnostics(db)) db.diagnostics.push_back(std::move(d));
  for (const auto& d : db.diagnostics) io.out << d.Format() << "\n";
  io.out << fmt::format("{} rules loaded, {} problem{}\n", db.rules.size(), db.diagnostics.size(),
                        db.diagnostics.size() == 1 ? "" : "s");
  return db.diagnostics.empty() ? kExitHealthy : kExitUsage;
}

// The catalog (rules/facts.toml) as the Markdown table of docs/facts.md.
int RunRulesFacts(const std::vector<std::string>& dirs, Io& io) {
  SafeIo safe(io);
  RuleDatabase db = LoadRules(dirs);
  io.out << "| fact | type | unit | meaning | sources |\n|---|---|---|---|---|\n";
  for (const auto& entry : db.catalog.entries) {
    io.out << fmt::format("| `{}` | {} | {} | {} | {} |\n", entry.path, entry.type, entry.unit, entry.meaning,
                          Join(entry.sources, ", "));
  }
  bool catalog_ok = !db.catalog.entries.empty();
  for (const auto& d : db.diagnostics) {  // the catalog's own problems; the rules' are `rules lint`'s
    if (!EndsWith(d.file, "facts.toml") && !db.catalog.entries.empty()) continue;
    io.err << d.Format() << "\n";
    catalog_ok = false;
  }
  return catalog_ok ? kExitHealthy : kExitUsage;
}

namespace {

// ", did you mean 'gpu.none-found'?" for a near miss, "" otherwise.
std::string DidYouMean(const RuleDatabase& db, const std::string& id) {
  std::string best;
  size_t best_distance = std::max<size_t>(3, id.size() / 3) + 1;
  for (const auto& rule : db.rules) {
    size_t d = EditDistance(id, rule.id);
    if (d < best_distance) {
      best_distance = d;
      best = rule.id;
    }
  }
  return best.empty() ? "" : ", did you mean '" + best + "'?";
}

}  // namespace

bool IgnoredRulesExist(const RuleDatabase& db, const std::set<std::string>& ignored, Io& io) {
  bool ok = true;
  for (const auto& id : ignored) {
    if (std::any_of(db.rules.begin(), db.rules.end(), [&](const Rule& r) { return r.id == id; })) continue;
    io.err << "rocm-doctor: --ignore: unknown rule '" << id << "'" << DidYouMean(db, id) << "\n";
    ok = false;
  }
  return ok;
}

int RunExplain(const std::vector<std::string>& dirs, const std::string& id, Io& io) {
  SafeIo safe(io);
  RuleDatabase db = LoadRules(dirs);
  auto it = std::find_if(db.rules.begin(), db.rules.end(), [&](const Rule& r) { return r.id == id; });
  if (it == db.rules.end()) {
    io.err << "rocm-doctor: unknown rule '" << id << "'" << DidYouMean(db, id) << "\n";
    return kExitUsage;
  }
  const Rule& rule = *it;
  io.out << fmt::format("{} ({}, section {})\n{}:{}\n\n{}\n", rule.id, SeverityName(rule.severity), rule.section,
                        rule.file, rule.line, rule.title);
  if (!rule.explain.empty()) io.out << "\n" << std::string(Trim(rule.explain)) << "\n";
  // ux-review m9: every fix line indented alike (the first one only was).
  if (!rule.fix.empty()) {
    io.out << "\nFix:\n";
    for (const auto& line : SplitLines(rule.fix)) io.out << "  " << line << "\n";
  }
  if (!rule.refs.empty()) {
    io.out << "\nReferences:\n";
    for (const auto& ref : rule.refs) io.out << "  " << ref << "\n";
  }
  if (!rule.tickets.empty()) {
    io.out << "\nLearned from:\n";
    for (const auto& ticket : rule.tickets) io.out << "  " << ticket << "\n";
  }
  return kExitHealthy;
}

}  // namespace rd
