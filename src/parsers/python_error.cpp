#include "parsers/python_error.h"

#include <algorithm>
#include <cctype>

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

bool ExceptionName(std::string_view last, bool in_traceback) {
  if (EndsWith(last, "Error") || EndsWith(last, "Exception")) return in_traceback || (last != "Error" && last != "Exception");
  if (last == "KeyboardInterrupt" || last == "SystemExit") return true;
  // After a traceback any CamelCase class ends it: zipfile.BadZipFile, subprocess.CalledProcessError.
  return in_traceback && !last.empty() && std::isupper(static_cast<unsigned char>(last[0])) &&
         std::any_of(last.begin() + 1, last.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
}

// "RuntimeError: HIP error: …" at the start of an unindented line (a quoting backtick or '>'
// before it is fine). A chained "torch._inductor.exc.InductorError: RuntimeError: LLD failed"
// (ROCm/TheRock#1278) names both.
bool ExceptionLine(std::string_view raw, bool in_traceback, std::vector<PythonException>& out, size_t line) {
  if (raw.empty() || raw[0] == ' ' || raw[0] == '\t') return false;
  while (!raw.empty() && (raw[0] == '`' || raw[0] == '>')) raw.remove_prefix(raw[0] == '>' && raw.size() > 1 && raw[1] == ' ' ? 2 : 1);
  bool any = false;
  for (int depth = 0; depth < 3 && !raw.empty(); ++depth) {
    size_t colon = raw.find(':');
    std::string_view name = colon == std::string_view::npos ? Trim(raw) : raw.substr(0, colon);
    if (!IsIdentifierPath(name)) break;
    std::string_view last = name.substr(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
    // A module-qualified class ("zipfile.BadZipFile: Bad CRC-32 …", patientx/ComfyUI-Zluda#435)
    // is Python even without a traceback: lower-case module path, CamelCase class, a message.
    bool qualified = last.size() < name.size() && colon != std::string_view::npos &&
                     std::all_of(name.begin(), name.end() - static_cast<long>(last.size()),
                                 [](char c) { return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '.'; });
    if (!ExceptionName(last, in_traceback || depth > 0 || qualified)) break;
    std::string_view message = colon == std::string_view::npos ? "" : Trim(raw.substr(colon + 1));
    while (!message.empty() && message.back() == '`') message.remove_suffix(1);
    out.push_back({line, std::string(name), std::string(message.substr(0, 400))});
    any = true;
    raw = message;
  }
  return any;
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
  if (Contains(text, "Traceback (most recent call last)") || Contains(text, "cannot open shared object file") ||
      (Contains(text, "version `") && Contains(text, "' not found"))) {
    return true;
  }
  // The traceback's last line alone ("RuntimeError: Cuda extensions are being compiled …").
  if (!Contains(text, ": ")) return false;
  std::vector<PythonException> found;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size() && i < 2000 && found.empty(); ++i) ExceptionLine(lines[i], false, found, i);
  return !found.empty();
}

PythonError ParsePythonError(std::string_view text) {
  PythonError out;
  out.traceback = Contains(text, "Traceback (most recent call last)");
  auto lines = Split(text, '\n');
  bool in_traceback = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view raw = lines[i];
    if (auto loader = Loader(raw, i); loader && out.loader_errors.size() < 20) out.loader_errors.push_back(*loader);
    if (Contains(raw, "Traceback (most recent call last)")) in_traceback = true;
    if (out.exceptions.size() < 20) ExceptionLine(raw, in_traceback, out.exceptions, i);
  }
  return out;
}

}  // namespace rd
