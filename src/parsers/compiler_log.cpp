#include "parsers/compiler_log.h"

#include <algorithm>
#include <regex>

#include "parsers/clang_verbose.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxErrors = 20;
constexpr size_t kMaxLine = 2048;

void AddUnique(std::vector<std::string>& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end() && list.size() < 100) list.push_back(value);
}

struct Pattern {
  std::regex re;
  void (*apply)(CompilerLog& log, const std::smatch& m);
};

const std::vector<Pattern>& Patterns() {
  static const std::vector<Pattern> patterns = {
      {std::regex(R"(fatal error: '([^']+)' file not found)"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.missing_headers, m[1]); }},
      {std::regex(R"(fatal error: ([^:\s]+): No such file or directory)"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.missing_headers, m[1]); }},
      {std::regex(R"(unable to find library -l(\S+))"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.missing_libraries, m[1]); }},
      {std::regex(R"(cannot find -l([^\s:]+))"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.missing_libraries, m[1]); }},
      {std::regex(R"(use of undeclared identifier '([^']+)'(?:; did you mean '([^']+)')?)"),
       [](CompilerLog& log, const std::smatch& m) {
         AddUnique(log.undeclared, m[1]);
         if (m[2].matched) AddUnique(log.suggestions, m[2]);
       }},
      {std::regex(R"(no (?:matching function for call to|member named) '([^']+)')"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.undeclared, m[1]); }},
      {std::regex(R"(reference to __host__ function '[^']+' in __host__ __device__ function)"),
       [](CompilerLog& log, const std::smatch&) { log.host_function_in_device = true; }},
      {std::regex(R"(unrecognized command[- ]line option '--offload-arch=([^']+)')"),
       [](CompilerLog& log, const std::smatch&) { log.offload_arch_to_gxx = true; }},
      {std::regex(R"(invalid target ID '([^']+)')"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.bad_targets, m[1]); }},
      {std::regex(R"([Uu]nsupported (?:CUDA|HIP) gpu architecture: (\S+))"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.bad_targets, m[1]); }},
      {std::regex(R"(cannot find ROCm device library for (gfx[0-9a-z]+))"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.bad_targets, m[1]); }},
      {std::regex(R"(error while loading shared libraries: ([^:]+):)"),
       [](CompilerLog& log, const std::smatch& m) { AddUnique(log.missing_shared, m[1]); }},
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
      std::smatch m;
      if (std::regex_search(line, m, pattern.re)) pattern.apply(log, m);
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
