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
  facts.Set("torch_print.version", parsed->version, ev);
  facts.Set("torch_print.build", parsed->build, ev);
  if (!parsed->build_version.empty()) facts.Set("torch_print.build_version", parsed->build_version, ev);
  if (!parsed->hip.empty()) facts.Set("torch_print.hip", parsed->hip, ev);
  if (parsed->cuda_available) facts.Set("torch_print.cuda_available", *parsed->cuda_available, ev);
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"torch_print.version", "string", "torch.__version__ as printed in a paste"},
      {"torch_print.build", "string", "rocm | cuda | cpu | unknown, from the version's local suffix"},
      {"torch_print.build_version", "string", "6.2 of +rocm6.2, 124 of +cu124"},
      {"torch_print.hip", "string", "torch.version.hip as printed (None on non-ROCm builds)"},
      {"torch_print.cuda_available", "bool", "torch.cuda.is_available() as printed"},
  };
  return specs;
}

}  // namespace

PasteKind TorchVersionKind() { return {"torch-version", LooksLikeTorchVersion, Parse, &Specs()}; }

}  // namespace rd
