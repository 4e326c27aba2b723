#include "triage/frameworks_kinds.h"
#include "triage/triage.h"
#include "triage/kinds.h"

namespace rd {

PasteKind RocminfoPasteKind();
PasteKind RocmSmiPasteKind();
PasteKind LddKind();
PasteKind CompilerLogKind();

// Kinds register here, one line each, most specific first. Each kind lives in its own file
// (src/triage/<kind>_kind.cpp) and its parser in src/parsers/.
const std::vector<PasteKind>& AllPasteKinds() {
  static const std::vector<PasteKind> kinds = {
      // Tool outputs with unmistakable layouts first, then logs; a piece may match several kinds
      // (all parse it), the first names it.
      RocmSmiPasteKind(),
      RocminfoPasteKind(),
      AmdSmiKind(),
      CollectEnvKind(),
      PythonErrorKind(),    // before ldd: tracebacks quote the loader's messages
      LddKind(),
      CompilerLogKind(),
      CmakeHipKind(),
      LlmRuntimeKind(),     // before the generic runtime log: ollama/llama.cpp/vLLM lines
      RuntimeErrorLogKind(),
      DkmsLogKind(),
      KernelLogKind(),
      ContainerErrorKind(),
      AmdLogKind(),
      TorchVersionKind(),
      IdOutputKind(),
      StatusCodeKind(),
  };
  return kinds;
}

const std::vector<FactSpec>& TriageFactSpecs() {
  static const std::vector<FactSpec> specs = [] {
    std::vector<FactSpec> all = {
        {"triage.pieces", "array", "Each piece of a triaged paste"},
        {"triage.pieces.kind", "string", "The recognised kind of the piece, or unknown"},
        {"triage.pieces.source", "string", "File and line range of the piece"},
        {"triage.pieces.lines", "int", "Line count of the piece"},
        {"triage.pieces.also", "array", "Other kinds that also recognised and parsed the piece"},
        {"triage.pieces.prompt", "int", "Index into triage.prompts when the piece starts at a shell prompt"},
        {"triage.prompts", "array", "Shell prompts in the paste (who ran what, where)"},
        {"triage.prompts.user_name", "string", "User shown by the prompt (redacted in reports)"},
        {"triage.prompts.hostname", "string", "Host shown by the prompt (redacted in reports)"},
        {"triage.prompts.os", "string", "linux | windows | python (REPL)"},
        {"triage.prompts.cwd", "string", "Working directory shown by the prompt"},
        {"triage.prompts.venv", "string", "(venv)/(base) prefix of the prompt"},
        {"triage.prompts.command", "string", "Command typed after the prompt"},
        {"triage.prompts.root", "bool", "The prompt is a root prompt"},
        {"triage.prompts.source", "string", "File and line range of the piece it starts"},
        {"triage.windows_prompt", "bool", "A Windows prompt (PS C:\\…>, C:\\…>) appears in the paste"},
        {"triage.unknown", "array", "Pieces of no known kind, kept as evidence (source range)"},
        {"triage.summary", "string", "Pieces and their kinds, one line"},
        {"triage.amd_seen", "bool", "The paste mentions amdgpu/ROCm/Radeon/gfx/HSA anywhere"},
    };
    const auto& frameworks = FrameworksTriageFacts();
    all.insert(all.end(), frameworks.begin(), frameworks.end());
    for (const auto& kind : AllPasteKinds()) {
      if (kind.facts) all.insert(all.end(), kind.facts->begin(), kind.facts->end());
    }
    return all;
  }();
  return specs;
}

}  // namespace rd
