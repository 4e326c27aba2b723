// Paste kind: hipcc / clang / g++ / ld error logs. Produces the compile.* facts of the compile
// check (and toolchain.selected_gcc.* when the log has -v output). pitfalls.md #13, #38, #39.
#include <regex>

#include "parsers/compiler_log.h"
#include "triage/triage.h"

namespace rd {

namespace {

bool RecognizeCompilerLog(std::string_view text) {
  std::string head(text.substr(0, 256 * 1024));
  bool error = head.find("error:") != std::string::npos || head.find("cannot find -l") != std::string::npos;
  for (const char* marker : {"fatal error:", "ld.lld:", "/usr/bin/ld:", "clang", "hipcc", "undeclared identifier",
                             "offload-arch", ".hip:", ".cpp:", ".cu:", ".h:"}) {
    if (error && head.find(marker) != std::string::npos) return true;
  }
  // "file.cpp:12:5: error: …" from any compiler
  static const std::regex kLocated(R"((^|\n)[^\s:]+:\d+:\d+: (fatal )?error: )");
  return error && std::regex_search(head, kLocated);
}

void ParseCompilerLogPaste(std::string_view text, Facts& facts) {
  CompilerLog log = ParseCompilerLog(text);
  Evidence ev{"paste:compiler log", log.errors.empty() ? "" : log.errors.front()};
  facts.Set("compile.ok", !log.any_error(), ev);
  facts.Set("compile.errors", log.errors, ev);
  if (!log.errors.empty()) facts.Set("compile.first_error", log.errors.front(), ev);
  facts.Set("compile.missing_headers", log.missing_headers, ev);
  facts.Set("compile.missing_libraries", log.missing_libraries, ev);
  facts.Set("compile.undeclared", log.undeclared, ev);
  facts.Set("compile.suggestions", log.suggestions, ev);
  facts.Set("compile.bad_targets", log.bad_targets, ev);
  facts.Set("compile.bad_target_count", static_cast<int>(log.bad_targets.size()), ev);
  facts.Set("compile.missing_shared", log.missing_shared, ev);
  facts.Set("compile.host_function_in_device", log.host_function_in_device, ev);
  facts.Set("compile.offload_arch_to_gxx", log.offload_arch_to_gxx, ev);
  if (!log.selected_gcc.empty()) {
    facts.Set("toolchain.selected_gcc.dir", log.selected_gcc, ev);
    facts.Set("toolchain.selected_gcc.version", log.selected_gcc_version, ev);
  }
}

}  // namespace

PasteKind CompilerLogKind() { return {"compiler-log", RecognizeCompilerLog, ParseCompilerLogPaste}; }

}  // namespace rd
