// Triage kind: `python -m torch.utils.collect_env` output -> the facts the torch collectors write
// (frameworks.torch.*, frameworks.torch_runtime.*) plus gpus[i].gfx from "GPU models and
// configuration: AMD Radeon RX 6700 XT (gfx1031)", so the same rules fire on a pasted report.
#include "parsers/collect_env.h"
#include "parsers/gfx_names.h"
#include "triage/frameworks_kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

bool Recognize(std::string_view text) {
  return text.find("PyTorch version:") != std::string_view::npos &&
         (text.find("used to build PyTorch") != std::string_view::npos || text.find("Is CUDA available") != std::string_view::npos ||
          text.find("GPU models and configuration") != std::string_view::npos);
}

void RecordGpus(const CollectEnv& env, Facts& facts, const Evidence& ev) {
  if (env.gpus.empty()) return;
  nlohmann::json gpus = nlohmann::json::array();
  for (const auto& g : env.gpus) {
    nlohmann::json item = {{"marketing_name", g.name}};
    if (auto gfx = ExtractGfx(g.isa)) {
      item["gfx"] = *gfx;
      item["isa"] = g.isa;
    }
    gpus.push_back(std::move(item));
  }
  facts.Set("collect_env.gpus", gpus, ev);  // merged into gpus[] by the derive stage
}

void Parse(std::string_view text, const PasteOrigin& /*origin*/, Facts& facts) {
  CollectEnv env = ParseCollectEnv(text);
  Evidence ev{"paste:collect_env", ""};
  if (env.torch_version) {
    facts.Set("frameworks.torch.found", true, ev);
    facts.Set("frameworks.torch.version", *env.torch_version, ev);
    facts.Set("frameworks.torch_runtime.version", *env.torch_version, ev);
  }
  if (env.saw_build_lines) {
    std::string build = env.rocm_build ? "rocm" : env.cuda_build ? "cuda" : "cpu";
    facts.Set("frameworks.torch.build", build, ev);
    if (env.rocm_build) facts.Set("frameworks.torch.hip", *env.rocm_build, ev);
    if (env.cuda_build) facts.Set("frameworks.torch.cuda", *env.cuda_build, ev);
  }
  if (env.cuda_available) facts.Set("frameworks.torch_runtime.available", *env.cuda_available, ev);
  RecordGpus(env, facts, ev);
}

}  // namespace

PasteKind CollectEnvKind() { return {"collect_env", Recognize, Parse}; }

const std::vector<FactSpec>& FrameworksTriageFacts() {
  static const std::vector<FactSpec> specs = {
      {"log.no_binary_for_gpu", "bool", "A pasted log has hipErrorNoBinaryForGpu"},
      {"log.invalid_device_function", "bool", "A pasted log has 'invalid device function'"},
      {"log.tensile_missing", "bool", "A pasted log has rocBLAS 'Cannot read …TensileLibrary.dat'"},
      {"log.tensile_arch", "string", "The GPU arch named by that rocBLAS error"},
      {"log.missing_isas", "array", "Target ids after 'Missing CO for these ISAs'"},
      {"log.xnack_in_missing_isa", "bool", "A missing ISA carries :xnack+ or :xnack-"},
      {"log.ollama_unsupported_gfx", "array", "gfx ollama says its bundled ROCm does not support"},
      {"log.lines", "array", "The matching log lines"},
      // collect_env names the GPUs; the derive stage merges them into gpus[].
      {"collect_env.gpus", "array", "GPUs of 'GPU models and configuration'"},
      {"collect_env.gpus.gfx", "string", "GPU processor (gfx1031)"},
      {"collect_env.gpus.isa", "string", "Full ISA with features (gfx90a:sramecc+:xnack-)"},
      {"collect_env.gpus.marketing_name", "string", "GPU product name"},
  };
  return specs;
}

}  // namespace rd
