#include "parsers/compiler_log.h"

#include <algorithm>

#include "parsers/clang_verbose.h"
#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxErrors = 20;
constexpr size_t kMaxLine = 2048;

void AddUnique(std::vector<std::string>& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end() && list.size() < 100) list.push_back(value);
}

struct Pattern {
  Regex re;
  void (*apply)(CompilerLog& log, const RegexMatch& m);
};

const std::vector<Pattern>& Patterns() {
  static const std::vector<Pattern> patterns = {
      {Regex::Literal(R"(fatal error: '([^']+)' file not found)"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.missing_headers, m[1]); }},
      {Regex::Literal(R"(fatal error: ([^:\s]+): No such file or directory)"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.missing_headers, m[1]); }},
      {Regex::Literal(R"(unable to find library -l(\S+))"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.missing_libraries, m[1]); }},
      {Regex::Literal(R"(cannot find -l([^\s:]+))"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.missing_libraries, m[1]); }},
      {Regex::Literal(R"(use of undeclared identifier '([^']+)'(?:; did you mean '([^']+)')?)"),
       [](CompilerLog& log, const RegexMatch& m) {
         AddUnique(log.undeclared, m[1]);
         if (m.matched(2)) AddUnique(log.suggestions, m[2]);
       }},
      {Regex::Literal(R"(no (?:matching function for call to|member named) '([^']+)')"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.undeclared, m[1]); }},
      {Regex::Literal(R"(reference to __host__ function '[^']+' in __host__ __device__ function)"),
       [](CompilerLog& log, const RegexMatch&) { log.host_function_in_device = true; }},
      {Regex::Literal(R"(unrecognized command[- ]line option '--offload-arch=([^']+)')"),
       [](CompilerLog& log, const RegexMatch&) { log.offload_arch_to_gxx = true; }},
      {Regex::Literal(R"(invalid target ID '([^']+)')"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.bad_targets, m[1]); }},
      {Regex::Literal(R"([Uu]nsupported (?:CUDA|HIP) gpu architecture: (\S+))"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.bad_targets, m[1]); }},
      {Regex::Literal(R"(cannot find ROCm device library for (gfx[0-9a-z]+))"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.bad_targets, m[1]); }},
      {Regex::Literal(R"(error while loading shared libraries: ([^:]+):)"),
       [](CompilerLog& log, const RegexMatch& m) { AddUnique(log.missing_shared, m[1]); }},
  };
  return patterns;
}

}  // namespace

CompilerLog ParseCompilerLog(std::string_view text) {
  CompilerLog log;
  for (const auto& raw : SplitLines(text)) {
    std::string line = raw.size() > kMaxLine ? raw.substr(0, kMaxLine) : raw;
    bool is_error = line.find("error:") != std::string::npos || line.find("error while loading") != std::string::npos ||
                    line.find("cannot find -l") != std::string::npos;
    if (!is_error) continue;
    if (log.errors.size() < kMaxErrors) log.errors.push_back(std::string(Trim(line)).substr(0, 300));
    for (const auto& pattern : Patterns()) {
      if (auto m = pattern.re.Find(line)) pattern.apply(log, *m);
    }
  }
  ClangVerbose verbose = ParseClangVerbose(text);
  log.selected_gcc = verbose.selected_gcc;
  log.selected_gcc_version = verbose.selected_gcc_version;
  return log;
}

void EmitCompilerLogFacts(const CompilerLog& log, const std::function<void(const std::string&, nlohmann::json)>& emit) {
  emit("compile.errors", log.errors);
  if (!log.errors.empty()) emit("compile.first_error", log.errors.front());
  emit("compile.missing_headers", log.missing_headers);
  emit("compile.missing_libraries", log.missing_libraries);
  emit("compile.undeclared", log.undeclared);
  emit("compile.suggestions", log.suggestions);
  emit("compile.bad_targets", log.bad_targets);
  emit("compile.bad_target_count", static_cast<int>(log.bad_targets.size()));
  emit("compile.missing_shared", log.missing_shared);
  emit("compile.host_function_in_device", log.host_function_in_device);
  emit("compile.offload_arch_to_gxx", log.offload_arch_to_gxx);
}

}  // namespace rd
