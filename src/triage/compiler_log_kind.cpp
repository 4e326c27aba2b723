// Paste kind: hipcc / clang / g++ / ld error logs. Produces the compile.* facts of the compile
// check (and toolchain.selected_gcc.* when the log has -v output). pitfalls.md #13, #38, #39.
#include "parsers/compiler_log.h"
#include "triage/triage.h"
#include "util/regex.h"

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
  static const Regex kLocated = Regex::Literal(R"((^|\n)[^\s:]+:\d+:\d+: (fatal )?error: )");
  return error && kLocated.Search(head);
}

void ParseCompilerLogPaste(std::string_view text, const PasteOrigin& /*origin*/, Facts& facts) {
  CompilerLog log = ParseCompilerLog(text);
  Evidence ev{"paste:compiler log", log.errors.empty() ? "" : log.errors.front()};
  facts.Set("compile.ok", !log.any_error(), ev);
  EmitCompilerLogFacts(log, [&](const std::string& path, nlohmann::json value) { facts.Set(path, std::move(value), ev); });
  if (!log.selected_gcc.empty()) {
    facts.Set("toolchain.selected_gcc.dir", log.selected_gcc, ev);
    facts.Set("toolchain.selected_gcc.version", log.selected_gcc_version, ev);
  }
}

}  // namespace

PasteKind CompilerLogKind() { return {"compiler-log", RecognizeCompilerLog, ParseCompilerLogPaste}; }

}  // namespace rd
