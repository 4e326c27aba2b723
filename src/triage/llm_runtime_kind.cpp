// ollama / llama.cpp / vLLM / ComfyUI GPU discovery (pitfalls.md #7, #44, #45).
#include "parsers/llm_runtime_log.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  LlmRuntimeLog log = ParseLlmRuntimeLog(text);
  auto lines = Split(text, '\n');
  auto ev = [&](size_t line) { return PasteLine(origin, line, lines[line]); };
  if (!log.app.empty()) facts.Set("llm_runtime.app", log.app);
  for (const auto& [line, gfx] : log.unsupported_gfx) {
    facts.Set("llm_runtime.unsupported_gfx[" + std::to_string(NextIndex(facts, "llm_runtime.unsupported_gfx")) + "]", gfx, ev(line));
  }
  if (!log.supported_gfx.empty()) facts.Set("llm_runtime.supported_gfx", log.supported_gfx, ev(log.supported_line));
  if (log.compat_check_skipped) facts.Set("llm_runtime.compat_check_skipped", true, ev(log.compat_line));
  if (log.no_gpu) facts.Set("llm_runtime.no_compatible_gpu", true, ev(log.no_gpu_line));
  for (const auto& [line, kv] : log.env) facts.Set("env." + kv.first, kv.second, ev(line));
  for (const auto& gpu : log.gpus) {
    // The derive stage merges these into gpus[] with every other source (issue 13).
    std::string at = "llm_runtime.gpus[" + std::to_string(gpu.index) + "]";
    if (!gpu.gfx.empty()) facts.Set(at + ".gfx", gpu.gfx, ev(gpu.line));
    if (!gpu.name.empty()) facts.Set(at + ".marketing_name", gpu.name, ev(gpu.line));
    if (!gpu.library.empty()) facts.Set("llm_runtime.library", gpu.library, ev(gpu.line));
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"llm_runtime.app", "string", "ollama | llama.cpp | vllm | comfyui (whose log this is)"},
      {"llm_runtime.unsupported_gfx", "array", "GPU targets the runtime said it does not support"},
      {"llm_runtime.supported_gfx", "array", "Targets ollama's bundled ROCm supports, as it listed them"},
      {"llm_runtime.compat_check_skipped", "bool", "ollama: skipping rocm gfx compatibility check (override set)"},
      {"llm_runtime.no_compatible_gpu", "bool", "The runtime found no usable GPU"},
      {"llm_runtime.library", "string", "Backend the runtime chose: rocm | cpu | cuda"},
      {"llm_runtime.gpus", "array", "GPUs the runtime's log names, by its index"},
      {"llm_runtime.gpus.gfx", "string", "GPU target (gfx1100)"},
      {"llm_runtime.gpus.marketing_name", "string", "Marketing name (AMD Radeon RX 7900 XTX)"},
      {"env.*", "string", "Environment variables the paste shows set (export, server config)"},
  };
  return specs;
}

}  // namespace

PasteKind LlmRuntimeKind() { return {"llm-runtime-log", LooksLikeLlmRuntimeLog, Parse, &Specs()}; }

}  // namespace rd
