#include "parsers/dkms_status.h"

#include <cctype>

#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxModules = 64;
constexpr size_t kMaxLine = 1024;

bool NameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }
bool VersionChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' || c == '+' || c == '~' || c == ':'; }

bool All(std::string_view s, bool (*ok)(char)) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!ok(c)) return false;
  }
  return true;
}

bool KnownState(std::string_view s) { return s == "added" || s == "built" || s == "installed" || s == "broken"; }

// "amdgpu/6.8.5, 6.8.0-45-generic, x86_64: installed (WARNING …)" -> fields; false when the
// line is not a status line (prose with a colon, a make error …).
bool ParseLine(std::string_view s, DkmsModuleLine& out) {
  size_t colon = s.rfind(": ");
  // The state follows the last ": " before any "(WARNING" tail.
  size_t paren = s.find(" (");
  if (paren != std::string_view::npos) colon = s.substr(0, paren).rfind(": ");
  if (colon == std::string_view::npos) return false;
  std::string_view state = Trim(s.substr(colon + 2, paren == std::string_view::npos ? std::string_view::npos : paren - colon - 2));
  if (!KnownState(state)) return false;
  auto parts = Split(s.substr(0, colon), ',');
  if (parts.empty() || parts.size() > 4) return false;
  std::vector<std::string> f;
  for (auto& p : parts) f.emplace_back(Trim(p));
  std::string first = f[0];
  size_t slash = first.find('/');
  if (slash != std::string::npos) {  // new layout: module/version[, kernel, arch]
    out.module = first.substr(0, slash);
    out.version = first.substr(slash + 1);
    if (f.size() == 3) out.kernel = f[1], out.arch = f[2];
    else if (f.size() != 1) return false;
  } else {  // old layout: module, version[, kernel, arch]
    if (f.size() != 2 && f.size() != 4) return false;
    out.module = first;
    out.version = f[1];
    if (f.size() == 4) out.kernel = f[2], out.arch = f[3];
  }
  if (!All(out.module, NameChar) || !All(out.version, VersionChar)) return false;
  if (!out.kernel.empty() && (!All(out.kernel, VersionChar) || !All(out.arch, NameChar))) return false;
  out.state = std::string(state);
  if (paren != std::string_view::npos) out.warning = std::string(Trim(s.substr(paren + 1)));
  return true;
}

}  // namespace

bool LooksLikeDkmsStatus(std::string_view text) {
  return Contains(text, ": installed") || Contains(text, ": added") || Contains(text, ": built") ||
         Contains(text, "kernel headers for kernel");
}

DkmsStatus ParseDkmsStatus(std::string_view text) {
  DkmsStatus out;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(std::string_view(lines[i]).substr(0, kMaxLine));
    // "Error! Your kernel headers for kernel 6.8.0-45-generic cannot be found at
    // /lib/modules/6.8.0-45-generic/build or /lib/modules/6.8.0-45-generic/source."
    if (size_t at = s.find("kernel headers for kernel "); at != std::string_view::npos && out.headers_missing_kernel.empty()) {
      std::string_view rest = s.substr(at + 26);
      std::string_view kernel = rest.substr(0, rest.find(' '));
      if (Contains(rest, "cannot be found") && All(kernel, VersionChar)) {
        out.headers_missing_kernel = std::string(kernel);
        out.headers_line = i;
        out.headers_text = std::string(s);
      }
      continue;
    }
    if (out.modules.size() >= kMaxModules) continue;
    DkmsModuleLine m;
    if (!ParseLine(s, m)) continue;
    m.line = i;
    m.text = std::string(s);
    out.modules.push_back(std::move(m));
  }
  return out;
}

}  // namespace rd
