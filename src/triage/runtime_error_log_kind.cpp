// Triage kind: runtime error logs (PyTorch, rocBLAS, HIP runtime, ollama) -> log.* facts for the
// runtime.* and rocblas.* rules (pitfalls.md #8, #9, #10, #12, #44).
#include "parsers/runtime_error_log.h"
#include "triage/frameworks_kinds.h"

namespace rd {

namespace {

void ParseLog(std::string_view text, const PasteOrigin& /*origin*/, Facts& facts) {
  RuntimeErrorLog log = ParseRuntimeErrorLog(text);
  Evidence ev{"paste", log.lines.empty() ? "" : log.lines.front()};
  facts.Set("log.no_binary_for_gpu", log.no_binary_for_gpu, ev);
  facts.Set("log.invalid_device_function", log.invalid_device_function, ev);
  facts.Set("log.tensile_missing", log.tensile_missing, ev);
  if (!log.tensile_arch.empty()) facts.Set("log.tensile_arch", log.tensile_arch, ev);
  facts.Set("log.missing_isas", log.missing_isas, ev);
  facts.Set("log.xnack_in_missing_isa", log.xnack_mentioned, ev);
  facts.Set("log.ollama_unsupported_gfx", log.ollama_unsupported, ev);
  facts.Set("log.lines", log.lines, ev);
}

}  // namespace

PasteKind RuntimeErrorLogKind() { return {"runtime_error_log", LooksLikeRuntimeErrorLog, ParseLog}; }

}  // namespace rd
