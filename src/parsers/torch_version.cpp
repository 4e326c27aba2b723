#include "parsers/torch_version.h"

#include <cctype>

#include "util/strings.h"

namespace rd {

namespace {

std::string_view Unquote(std::string_view s) {
  s = Trim(s);
  if (s.size() >= 2 && (s[0] == '\'' || s[0] == '"') && s.back() == s[0]) s = s.substr(1, s.size() - 2);
  return s;
}

// "2.5.1+rocm6.2", "2.4.0a0+git1234", "2.6.0.dev20241112+rocm6.2", "1.13.1" (a bare version only
// when the piece asked for torch.__version__).
bool TorchVersionToken(std::string_view t, TorchVersionPrint& out, bool bare_ok) {
  if (t.size() < 5 || t.size() > 64 || !std::isdigit(static_cast<unsigned char>(t[0])) || t[1] != '.') return false;
  size_t plus = t.find('+');
  std::string_view base = t.substr(0, plus);
  for (char c : base) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.')) return false;
  }
  out.version = std::string(t);
  if (plus == std::string_view::npos) {
    out.build = "unknown";
    return bare_ok;
  }
  std::string_view local = t.substr(plus + 1);
  if (StartsWith(local, "rocm")) out.build = "rocm", out.build_version = std::string(local.substr(4));
  else if (StartsWith(local, "cu") && local.size() > 2 && std::isdigit(static_cast<unsigned char>(local[2]))) {
    out.build = "cuda", out.build_version = std::string(local.substr(2));
  } else if (local == "cpu") out.build = "cpu";
  else out.build = "unknown";
  return true;
}

}  // namespace

std::optional<CudaAvailableAnswer> FindCudaAvailableAnswer(std::string_view text) {
  if (!Contains(text, "is_available()")) return std::nullopt;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!Contains(lines[i], "cuda.is_available()")) continue;
    for (size_t j = i + 1; j < lines.size() && j <= i + 8; ++j) {
      std::string_view t = Trim(lines[j]);
      if (t == "True" || t == "False") return CudaAvailableAnswer{t == "True", j};
      if (StartsWith(t, ">>>") || StartsWith(t, "$ ") || Contains(t, "is_available()")) break;  // the next question
    }
  }
  return std::nullopt;
}

bool LooksLikeTorchVersion(std::string_view text) {
  if (Contains(text, "torch.__version__")) return true;
  for (const auto& line : Split(text.substr(0, 4096), '\n')) {
    std::string_view t = Unquote(line);
    std::string_view first = t.substr(0, t.find(' '));
    TorchVersionPrint p;
    if (first.find('+') != std::string_view::npos && TorchVersionToken(first, p, false) && p.build != "unknown") return true;
  }
  return false;
}

std::optional<TorchVersionPrint> ParseTorchVersion(std::string_view text) {
  bool asked = Contains(text, "torch.__version__");
  auto lines = Split(text, '\n');
  TorchVersionPrint out;
  bool found = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view raw = Trim(lines[i]);
    if (raw.empty() || StartsWith(raw, ">>>") || StartsWith(raw, "$") || Contains(raw, "import torch") || Contains(raw, "@")) continue;
    auto tokens = Split(Unquote(raw), ' ');
    for (const auto& token : tokens) {
      std::string_view t = Unquote(token);
      if (t.empty()) continue;
      if (!found && TorchVersionToken(t, out, asked)) {
        found = true;
        out.line = i;
      } else if (found && (t == "True" || t == "False") && !out.cuda_available) {
        out.cuda_available = t == "True";
      } else if (found && out.hip.empty() && !out.cuda_available && (t == "None" || std::isdigit(static_cast<unsigned char>(t[0])))) {
        out.hip = std::string(t);
      }
    }
    if (found && out.cuda_available) break;
  }
  if (!found) return std::nullopt;
  return out;
}

}  // namespace rd
