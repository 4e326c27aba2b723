#pragma once
/// Python tracebacks and dynamic-loader errors: the exception that ended a traceback, and
/// "libX.so: cannot open shared object file", "version `GLIBCXX_3.4.30' not found (required by …)",
/// "error while loading shared libraries" (pitfalls.md: loader errors name the missing piece).
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct PythonException {
  size_t line;
  std::string type;     ///< RuntimeError, ImportError, torch.OutOfMemoryError …
  std::string message;
};

struct LoaderError {
  size_t line;
  std::string library;          ///< libamdhip64.so.6, or the library that lacks a version
  std::string missing_version;  ///< GLIBCXX_3.4.30 / GLIBC_2.38, when that is the problem
  std::string required_by;      ///< The object that needed it, when named
  std::string message;
};

struct PythonError {
  bool traceback = false;
  std::vector<PythonException> exceptions;
  std::vector<LoaderError> loader_errors;
};

bool LooksLikePythonError(std::string_view text);
PythonError ParsePythonError(std::string_view text);

}  // namespace rd
