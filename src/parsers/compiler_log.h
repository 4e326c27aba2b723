#pragma once
/// Errors in hipcc / clang / g++ / ld output, reduced to what rules key on.
/// pitfalls.md #13 (offload targets), #38 ('cmath' not found, -lstdc++), #39 (host/device libstdc++).
#include <functional>
#include <string>

#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

namespace rd {

struct CompilerLog {
  std::vector<std::string> errors;             ///< "error:" lines, first 20, shortened.
  std::vector<std::string> missing_headers;    ///< "'cmath' file not found" -> cmath
  std::vector<std::string> missing_libraries;  ///< "-lstdc++" not found -> stdc++
  std::vector<std::string> undeclared;         ///< "use of undeclared identifier 'X'" -> X
  std::vector<std::string> suggestions;        ///< "did you mean 'Y'" -> Y (same order as seen)
  std::vector<std::string> bad_targets;        ///< GPU targets the compiler rejected.
  std::vector<std::string> missing_shared;     ///< "error while loading shared libraries: X"
  bool host_function_in_device = false;        ///< "reference to __host__ function … in __host__ __device__"
  bool offload_arch_to_gxx = false;            ///< g++ got --offload-arch (HIP code compiled by g++)
  std::string selected_gcc;                    ///< From -v output inside the log, if any.
  std::string selected_gcc_version;
  bool any_error() const { return !errors.empty(); }
};

CompilerLog ParseCompilerLog(std::string_view text);

/// The compile.* facts of a log, as (path, value) pairs: the compile check and the triage kind
/// name them the same way through this one mapping.
void EmitCompilerLogFacts(const CompilerLog& log, const std::function<void(const std::string&, nlohmann::json)>& emit);

}  // namespace rd
