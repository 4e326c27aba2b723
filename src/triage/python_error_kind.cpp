// Python tracebacks and loader errors ("cannot open shared object file", "version `GLIBCXX_…'
// not found"). `ldd` output belongs to the libraries kind; these facts live under loader.errors.
#include "parsers/python_error.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  PythonError parsed = ParsePythonError(text);
  for (const auto& e : parsed.exceptions) {
    Evidence ev = PasteLine(origin, e.line, e.type + (e.message.empty() ? "" : ": " + e.message));
    std::string at = "python.exceptions[" + std::to_string(NextIndex(facts, "python.exceptions")) + "]";
    facts.Set(at + ".type", e.type, ev);
    facts.Set(at + ".message", e.message, ev);
    facts.Set(at + ".traceback", parsed.traceback, ev);
  }
  for (const auto& e : parsed.loader_errors) {
    Evidence ev = PasteLine(origin, e.line, e.message);
    std::string at = "loader.errors[" + std::to_string(NextIndex(facts, "loader.errors")) + "]";
    facts.Set(at + ".library", e.library, ev);
    if (!e.missing_version.empty()) facts.Set(at + ".missing_version", e.missing_version, ev);
    if (!e.required_by.empty()) facts.Set(at + ".required_by", e.required_by, ev);
    facts.Set(at + ".message", e.message, ev);
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"python.exceptions", "array", "Exceptions that end pasted Python tracebacks"},
      {"python.exceptions.type", "string", "Exception class (RuntimeError, ImportError …)"},
      {"python.exceptions.message", "string", "Exception message"},
      {"python.exceptions.traceback", "bool", "The piece holds a full traceback"},
      {"loader.errors", "array", "Dynamic loader errors quoted in a paste"},
      {"loader.errors.library", "string", "Library that could not be opened or lacks a symbol version"},
      {"loader.errors.missing_version", "string", "GLIBCXX_3.4.30 / GLIBC_2.38 … that the library lacks"},
      {"loader.errors.required_by", "string", "Object that needed it"},
      {"loader.errors.message", "string", "The error line"},
  };
  return specs;
}

}  // namespace

PasteKind PythonErrorKind() { return {"python-error", LooksLikePythonError, Parse, &Specs()}; }

}  // namespace rd
