#pragma once
#include <string>
#include <vector>

namespace rd {

enum class Severity { Info, Warning, Error };
const char* SeverityName(Severity severity);
bool ParseSeverity(const std::string& text, Severity* out);

/// A fact a finding rests on, with its provenance (shown with -v and in JSON/Markdown).
struct FindingEvidence {
  std::string fact;
  std::string value;
  std::string source;
  std::string excerpt;
};

struct Finding {
  std::string rule_id;
  std::string section;
  Severity severity = Severity::Info;
  std::string title;
  std::string fix;
  std::string explain;
  std::vector<std::string> refs;
  std::vector<FindingEvidence> evidence;
  int element = -1;  ///< Index into the rule's for_each array, -1 when none.
  /// Rule ids this finding is the root cause of (the rule's `explains`, issue 14 item 3).
  std::vector<std::string> explains = {};
  /// Non-empty: a consequence of that finding's rule. It is shown folded under its cause, is
  /// not counted and does not mark its section; its fix cannot help while the cause stands.
  std::string explained_by = {};
};

/// A rule that could not be decided because a fact it needs is absent, and why.
struct NotEvaluated {
  std::string rule_id;
  std::string section;
  std::string reason;
};

}  // namespace rd
