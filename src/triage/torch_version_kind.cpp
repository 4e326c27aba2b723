// torch version prints (pitfalls.md #19: a CUDA or CPU wheel on an AMD machine).
#include "parsers/torch_version.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  auto parsed = ParseTorchVersion(text);
  if (!parsed) return;
  auto lines = Split(text, '\n');
  Evidence ev = PasteLine(origin, parsed->line, lines[parsed->line]);
  // The names the torch collectors and a pasted collect_env use (issue 13: torch_print.* was a
  // second vocabulary for the same values, with its own copy of the wrong-wheel rule).
  facts.Set("frameworks.torch.version", parsed->version, ev);
  facts.Set("frameworks.torch.build", parsed->build, ev);
  if (!parsed->build_version.empty()) facts.Set("frameworks.torch.build_version", parsed->build_version, ev);
  if (!parsed->hip.empty() && parsed->hip != "None") facts.Set("frameworks.torch.hip", parsed->hip, ev);
  if (parsed->cuda_available) facts.Set("frameworks.torch_runtime.available", *parsed->cuda_available, ev);
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"frameworks.torch.version", "string", "torch.__version__ from torch/version.py"},
      {"frameworks.torch.build", "string", "rocm, cuda or cpu"},
      {"frameworks.torch.build_version", "string", "6.2 of +rocm6.2, 124 of +cu124"},
      {"frameworks.torch.hip", "string", "torch.version.hip (ROCm builds only)"},
      {"frameworks.torch_runtime.available", "bool", "torch.cuda.is_available()"},
  };
  return specs;
}

}  // namespace

PasteKind TorchVersionKind() { return {"torch-version", LooksLikeTorchVersion, Parse, &Specs()}; }

}  // namespace rd
