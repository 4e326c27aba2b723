#include "parsers/python_error.h"

#include <cctype>
#include <optional>

#include "util/strings.h"

namespace rd {

namespace {

bool IsIdentifierPath(std::string_view s) {
  if (s.empty() || s.size() > 120 || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return false;
  }
  return true;
}

// "RuntimeError: HIP error: …" at the start of an unindented line.
bool ExceptionLine(std::string_view raw, PythonException& e) {
  if (raw.empty() || raw[0] == ' ' || raw[0] == '\t') return false;
  size_t colon = raw.find(':');
  std::string_view name = colon == std::string_view::npos ? Trim(raw) : raw.substr(0, colon);
  if (!IsIdentifierPath(name)) return false;
  std::string_view last = name.substr(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
  if (!(EndsWith(last, "Error") || EndsWith(last, "Exception") || last == "KeyboardInterrupt" || last == "SystemExit")) {
    return false;
  }
  e.type = std::string(name);
  e.message = colon == std::string_view::npos ? "" : std::string(Trim(raw.substr(colon + 1)).substr(0, 400));
  return true;
}

// The file name ending just before `marker` ("…/libamdhip64.so.6: cannot open …").
std::string LibraryBefore(std::string_view s, size_t marker) {
  std::string_view head = s.substr(0, marker);
  while (!head.empty() && (head.back() == ':' || head.back() == ' ')) head.remove_suffix(1);
  size_t start = head.find_last_of(" '\"(");
  std::string_view path = start == std::string_view::npos ? head : head.substr(start + 1);
  size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::optional<LoaderError> Loader(std::string_view s, size_t line) {
  LoaderError e{line, "", "", "", std::string(s.substr(0, 400))};
  if (size_t at = s.find("cannot open shared object file"); at != std::string_view::npos) {
    e.library = LibraryBefore(s, at);
  } else if (size_t v = s.find("version `"); v != std::string_view::npos && Contains(s, "' not found")) {
    size_t end = s.find('\'', v + 9);
    e.missing_version = std::string(s.substr(v + 9, end - v - 9));
    e.library = LibraryBefore(s, v);
  } else {
    return std::nullopt;
  }
  if (size_t req = s.find("(required by "); req != std::string_view::npos) {
    std::string_view rest = s.substr(req + 13);
    e.required_by = std::string(rest.substr(0, rest.find(')')));
  }
  return e;
}

}  // namespace

bool LooksLikePythonError(std::string_view text) {
  return Contains(text, "Traceback (most recent call last)") || Contains(text, "cannot open shared object file") ||
         (Contains(text, "version `") && Contains(text, "' not found"));
}

PythonError ParsePythonError(std::string_view text) {
  PythonError out;
  out.traceback = Contains(text, "Traceback (most recent call last)");
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view raw = lines[i];
    if (auto loader = Loader(raw, i); loader && out.loader_errors.size() < 20) out.loader_errors.push_back(*loader);
    PythonException e{i, "", ""};
    if (ExceptionLine(raw, e) && out.exceptions.size() < 20) out.exceptions.push_back(std::move(e));
  }
  return out;
}

}  // namespace rd
