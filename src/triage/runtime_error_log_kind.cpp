// Triage kind: runtime error logs (PyTorch, rocBLAS, HIP runtime, ollama) -> log.* facts for the
// runtime.* and rocblas.* rules (pitfalls.md #8, #9, #10, #12, #44).
#include "parsers/runtime_error_log.h"
#include "triage/frameworks_kinds.h"

namespace rd {

namespace {

// A paste may hold several logs (a traceback, then the rocBLAS line after a fence): each piece
// adds to what the earlier ones said, never resets it (mkiol/dsnote#107 lost its Tensile line).
void OrBool(Facts& facts, const std::string& path, bool value, const Evidence& ev) {
  auto known = facts.Get(path);
  if (value || !known.value) facts.Set(path, value, ev);
}

void AppendAll(Facts& facts, const std::string& path, const std::vector<std::string>& values, const Evidence& ev) {
  if (!facts.Get(path).value) facts.Set(path, nlohmann::json::array(), ev);  // present, even when empty
  for (const auto& v : values) AppendUnique(facts, path, v, ev, 64);
}

void ParseLog(std::string_view text, const PasteOrigin& /*origin*/, Facts& facts) {
  RuntimeErrorLog log = ParseRuntimeErrorLog(text);
  Evidence ev{"paste", log.lines.empty() ? "" : log.lines.front()};
  OrBool(facts, "log.no_binary_for_gpu", log.no_binary_for_gpu, ev);
  OrBool(facts, "log.invalid_device_function", log.invalid_device_function, ev);
  OrBool(facts, "log.tensile_missing", log.tensile_missing, ev);
  if (!log.tensile_arch.empty() && !facts.Get("log.tensile_arch").value) facts.Set("log.tensile_arch", log.tensile_arch, ev);
  AppendAll(facts, "log.missing_isas", log.missing_isas, ev);
  OrBool(facts, "log.xnack_in_missing_isa", log.xnack_mentioned, ev);
  AppendAll(facts, "log.ollama_unsupported_gfx", log.ollama_unsupported, ev);
  AppendAll(facts, "log.lines", log.lines, ev);
}

}  // namespace

PasteKind RuntimeErrorLogKind() { return {"runtime_error_log", LooksLikeRuntimeErrorLog, ParseLog}; }

}  // namespace rd
