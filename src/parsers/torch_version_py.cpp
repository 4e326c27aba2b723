#include "parsers/torch_version_py.h"

#include "util/strings.h"

namespace rd {

namespace {

// `'text'` or `"text"` -> text; `None` -> nullopt; anything else (an expression) -> nullopt.
std::optional<std::string> Literal(std::string_view value) {
  value = Trim(value);
  if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"') && value.back() == value.front()) {
    return Printable(value.substr(1, value.size() - 2), 256);
  }
  return std::nullopt;
}

}  // namespace

TorchVersionPy ParseTorchVersionPy(std::string_view text) {
  TorchVersionPy out;
  for (const auto& line : SplitLines(text)) {
    size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string name(Trim(std::string_view(line).substr(0, eq)));
    std::string_view value = std::string_view(line).substr(eq + 1);
    // Annotated assignments (`__version__: str = '…'`) as written by newer builds.
    if (size_t colon = name.find(':'); colon != std::string::npos) name = std::string(Trim(name.substr(0, colon)));
    if (name == "__version__") {
      out.saw_version_line = true;
      out.version = Literal(value);
    } else if (name == "hip") {
      out.hip = Literal(value);
    } else if (name == "cuda") {
      out.cuda = Literal(value);
    } else if (name == "git_version") {
      out.git_version = Literal(value);
    }
  }
  return out;
}

std::string TorchBuildKind(const TorchVersionPy& v) {
  if (v.hip) return "rocm";
  if (v.cuda) return "cuda";
  std::string version = v.version.value_or("");
  if (version.find("+rocm") != std::string::npos) return "rocm";
  if (version.find("+cu") != std::string::npos) return "cuda";
  return "cpu";
}

}  // namespace rd
