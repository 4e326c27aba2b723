#include "parsers/llm_runtime_log.h"

#include <algorithm>

#include <cctype>

#include "util/strings.h"

namespace rd {

namespace {

// key=value or key="quoted value" of an ollama (Go slog) line.
std::string KeyValue(std::string_view s, std::string_view key) {
  std::string pattern = " " + std::string(key) + "=";
  size_t at = s.find(pattern);
  if (at == std::string_view::npos) return "";
  std::string_view rest = s.substr(at + pattern.size());
  if (!rest.empty() && rest[0] == '"') {
    size_t close = rest.find('"', 1);
    return std::string(rest.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1));
  }
  if (!rest.empty() && rest[0] == '[') {  // a list: supported_types=[gfx1030 gfx1100]
    size_t close = rest.find(']');
    return std::string(rest.substr(0, close == std::string_view::npos ? std::string_view::npos : close + 1));
  }
  return std::string(rest.substr(0, rest.find(' ')));
}

std::string GfxIn(std::string_view s) {
  for (size_t at = s.find("gfx"); at != std::string_view::npos; at = s.find("gfx", at + 3)) {
    size_t end = at + 3;
    while (end < s.size() && std::isalnum(static_cast<unsigned char>(s[end]))) ++end;
    if (end - at >= 6) return std::string(s.substr(at, end - at));
  }
  return "";
}

void ServerConfig(std::string_view s, size_t line, LlmRuntimeLog& out) {
  size_t open = s.find("map[");
  size_t close = s.rfind(']');
  if (open == std::string_view::npos || close == std::string_view::npos || close <= open) return;
  // "K1:V1 K2: K3:V3" — values never hold spaces except OLLAMA_ORIGINS:[…], which is skipped.
  for (const auto& item : Split(s.substr(open + 4, close - open - 4), ' ')) {
    size_t colon = item.find(':');
    if (colon == std::string::npos || colon == 0) continue;
    std::string name = item.substr(0, colon), value = item.substr(colon + 1);
    bool upper = true;
    for (char c : name) upper = upper && (std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_');
    if (upper && !value.empty() && value.find('[') == std::string::npos) out.env.push_back({line, {name, value}});
  }
}

void Ollama(std::string_view s, size_t i, LlmRuntimeLog& out) {
  std::string msg = KeyValue(s, "msg");
  if (Contains(msg, "is not supported by ") || Contains(msg, "amdgpu is not supported")) {
    // gpu_type= names the GPU; the "(supported types:[gfx1032])" list in msg names what is
    // supported, not this GPU.
    std::string gfx = KeyValue(s, "gpu_type");
    if (gfx.empty()) gfx = GfxIn(msg.substr(0, std::min(msg.find(" by "), msg.find("(supported"))));
    if (!gfx.empty()) out.unsupported_gfx.push_back({i, gfx});
    // "amdgpu is not supported … gpu_type=gfx1035 gpu=0": a GPU of the machine all the same.
    if (auto id = ParseInt(KeyValue(s, "gpu")); !gfx.empty() && id && *id >= 0 && *id < 64) {
      out.gpus.push_back({i, static_cast<int>(*id), gfx, "", ""});
    }
    // Linux writes the list into msg, Windows as its own key (amd_windows.go: supported_types=[gfx1103]).
    std::string list = msg.find('[') != std::string::npos ? msg : KeyValue(s, "supported_types");
    size_t open = list.rfind('['), close = list.rfind(']');
    if (open != std::string::npos && close > open && out.supported_gfx.empty()) {
      out.supported_line = i;
      for (const auto& g : Split(list.substr(open + 1, close - open - 1), ' ')) {
        if (StartsWith(g, "gfx")) out.supported_gfx.push_back(g);
      }
    }
  } else if (Contains(msg, "skipping rocm gfx compatibility check")) {
    out.compat_check_skipped = true;
    out.compat_line = i;
    std::string value = KeyValue(s, "HSA_OVERRIDE_GFX_VERSION");
    if (!value.empty()) out.env.push_back({i, {"HSA_OVERRIDE_GFX_VERSION", value}});
  } else if (Contains(msg, "no compatible GPUs were discovered")) {
    out.no_gpu = true;
    out.no_gpu_line = i;
  } else if (msg == "inference compute" || msg == "hip device") {
    // Newer ollama writes description=, older name=; its Windows discovery logs each HIP device
    // ("hip device" id=1 name="AMD Radeon RX 6700S" gfx=gfx1032) before choosing.
    std::string gfx = KeyValue(s, "compute");
    if (gfx.empty()) gfx = KeyValue(s, "gfx");
    std::string name = KeyValue(s, "description");
    if (name.empty()) name = KeyValue(s, "name");
    LlmGpu gpu{i, 0, gfx, name, KeyValue(s, "library")};
    if (auto id = ParseInt(KeyValue(s, "id")); id && *id >= 0 && *id < 64) gpu.index = static_cast<int>(*id);
    out.gpus.push_back(gpu);
  }
}

void LlamaCpp(std::string_view s, size_t i, LlmRuntimeLog& out) {
  std::string_view t = Trim(s);
  // "Device 0: AMD Radeon RX 7900 XTX, gfx1100 (0x1100), VMM: no"; older builds print
  // "Device 0: AMD Radeon RX 7700S, compute capability 11.0, VMM: no" (no gfx: the name says it).
  if (StartsWith(t, "Device ") && Contains(t, ": ") && (Contains(t, "gfx") || Contains(t, "compute capability"))) {
    auto id = ParseInt(t.substr(7, t.find(':') - 7));
    std::string_view rest = Trim(t.substr(t.find(':') + 1));
    LlmGpu gpu{i, id && *id >= 0 && *id < 64 ? static_cast<int>(*id) : 0, GfxIn(rest),
               std::string(rest.substr(0, rest.find(','))), "rocm"};
    out.gpus.push_back(gpu);
  } else if (Contains(t, "no ROCm-capable device is detected") || Contains(t, "failed to initialize ROCm")) {
    out.no_gpu = true;
    out.no_gpu_line = i;
  }
}

}  // namespace

namespace {

// ollama's own CLI lines ("ollama version is 0.5.7", "Error: llama runner process has terminated")
// and vLLM's banner lines: the app, even in a paste with no GPU line.
bool OllamaCli(std::string_view text) {
  return Contains(text, "ollama version is") || Contains(text, "llama runner process has terminated") ||
         Contains(text, "Error: llama runner");
}
// llama.cpp's device listing without its ggml_cuda_init header: "Device 1: AMD Radeon 780M,
// compute capability 11.0, VMM: no".
bool LlamaCppDeviceLine(std::string_view text) {
  return Contains(text, "compute capability") && Contains(text, "VMM:") && (Contains(text, "AMD") || Contains(text, "Radeon"));
}
bool VllmBanner(std::string_view text) {
  return Contains(text, "vLLM API server version") || Contains(text, "Automatically detected platform rocm") ||
         Contains(text, "vllm serve") || Contains(text, "vllm.entrypoints");
}

}  // namespace

bool LooksLikeLlmRuntimeLog(std::string_view text) {
  return OllamaCli(text) || VllmBanner(text) || (Contains(text, "msg=") && (Contains(text, "amdgpu") || Contains(text, "rocm") || Contains(text, "compatible GPUs") ||
                                Contains(text, "inference compute") || Contains(text, "server config"))) ||
         Contains(text, "server config env=\"map[") || Contains(text, "ggml_cuda_init") || Contains(text, "One of GPU archs of") ||
         LlamaCppDeviceLine(text) ||
         (Contains(text, "Device: cuda:") && (Contains(text, "AMD") || Contains(text, "Radeon")));
}

LlmRuntimeLog ParseLlmRuntimeLog(std::string_view text) {
  LlmRuntimeLog out;
  if (OllamaCli(text)) out.app = "ollama";  // before llama.cpp: its runner errors say "llama"
  else if (VllmBanner(text)) out.app = "vllm";
  else if (Contains(text, "ggml_cuda_init") || Contains(text, "llama_") || LlamaCppDeviceLine(text)) out.app = "llama.cpp";
  else if (Contains(text, "msg=") || Contains(text, "server config env=")) out.app = "ollama";
  else if (Contains(text, "One of GPU archs of") || Contains(text, "vllm") || Contains(text, "vLLM")) out.app = "vllm";
  else if (Contains(text, "Device: cuda:")) out.app = "comfyui";
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = lines[i];
    // "server config env=map[…]": a msg= line in new ollama, "routes.go:1125: INFO server config" in old.
    if (Contains(s, "server config") && Contains(s, "map[")) ServerConfig(s, i, out);
    else if (Contains(s, "msg=")) Ollama(s, i, out);
    else if (out.app == "llama.cpp") LlamaCpp(s, i, out);
    if (Contains(s, "One of GPU archs of")) {
      std::string_view rest = s.substr(s.find("One of GPU archs of"));
      for (std::string_view r = rest; !GfxIn(r).empty();) {
        std::string gfx = GfxIn(r);
        out.unsupported_gfx.push_back({i, gfx});
        r = r.substr(r.find(gfx) + gfx.size());
        if (r.find(']') < r.find("gfx")) break;
      }
    }
    if (size_t at = s.find("Device: cuda:"); at != std::string_view::npos) {
      std::string_view rest = s.substr(at + 13);
      auto id = ParseInt(rest.substr(0, rest.find(' ')));
      rest = Trim(rest.substr(rest.find(' ') == std::string_view::npos ? rest.size() : rest.find(' ')));
      std::string name(Trim(rest.substr(0, rest.find(" : "))));
      if (!name.empty()) out.gpus.push_back({i, id && *id >= 0 && *id < 64 ? static_cast<int>(*id) : 0, "", name, ""});
    }
  }
  return out;
}

}  // namespace rd
