#include "parsers/collect_env.h"

#include "util/strings.h"

namespace rd {

namespace {

std::optional<std::string> Value(std::string_view v) {
  std::string s(Trim(v));
  if (s.empty() || s == "N/A" || s == "Could not collect" || s == "None") return std::nullopt;
  return Printable(s, 256);
}

// "AMD Instinct MI300X (gfx942:sramecc+:xnack-)" or "GPU 0: NVIDIA H100 80GB HBM3".
CollectEnvGpu ParseGpu(std::string_view text) {
  CollectEnvGpu gpu;
  std::string s(Trim(text));
  if (StartsWith(s, "GPU ") && s.find(": ") != std::string::npos) s = s.substr(s.find(": ") + 2);
  size_t open = s.rfind(" (gfx");
  if (open != std::string::npos && !s.empty() && s.back() == ')') {
    gpu.isa = s.substr(open + 2, s.size() - open - 3);
    s = s.substr(0, open);
  }
  gpu.name = Printable(Trim(s), 128);
  return gpu;
}

}  // namespace

CollectEnv ParseCollectEnv(std::string_view text) {
  CollectEnv out;
  bool in_gpu_list = false;
  for (const auto& raw : SplitLines(text)) {
    std::string_view line = Trim(raw);
    if (in_gpu_list && StartsWith(line, "GPU ") && line.find(": ") != std::string_view::npos) {
      out.gpus.push_back(ParseGpu(line));
      continue;
    }
    in_gpu_list = false;
    size_t colon = line.find(": ");
    std::string key(colon == std::string_view::npos ? Trim(line.substr(0, line.size() - (EndsWith(line, ":") ? 1 : 0))) : line.substr(0, colon));
    std::string_view value = colon == std::string_view::npos ? std::string_view() : line.substr(colon + 2);
    if (key == "PyTorch version") {
      out.torch_version = Value(value);
    } else if (key == "CUDA used to build PyTorch") {
      out.cuda_build = Value(value);
      out.saw_build_lines = true;
    } else if (key == "ROCM used to build PyTorch") {
      out.rocm_build = Value(value);
      out.saw_build_lines = true;
    } else if (key == "Is CUDA available") {
      out.cuda_available = Trim(value) == "True";
    } else if (key == "HIP runtime version") {
      out.hip_runtime = Value(value);
    } else if (key == "MIOpen runtime version") {
      out.miopen_runtime = Value(value);
    } else if (key == "Python version") {
      out.python_version = Value(value.substr(0, value.find(' ')));
    } else if (key == "GPU models and configuration") {
      // One GPU inline, or several on the following "GPU n: name" lines.
      if (Trim(value).empty()) {
        in_gpu_list = true;
      } else if (auto v = Value(value)) {
        out.gpus.push_back(ParseGpu(*v));
      }
    } else {
      continue;
    }
    ++out.fields;
  }
  return out;
}

}  // namespace rd
