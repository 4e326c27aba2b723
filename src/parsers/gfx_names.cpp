#include "parsers/gfx_names.h"

#include <cctype>

#include "util/strings.h"

namespace rd {

namespace {

bool IsHex(char c) { return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f'); }

}  // namespace

std::optional<std::string> ExtractGfx(std::string_view text) {
  for (size_t at = text.find("gfx"); at != std::string_view::npos; at = text.find("gfx", at + 1)) {
    std::string_view rest = text.substr(at + 3);
    // gfx10xx, gfx11xx, gfx12xx have a two-digit major; gfx7xx..gfx9xx one digit.
    size_t len = (rest.size() >= 2 && rest[0] == '1' && std::isdigit(static_cast<unsigned char>(rest[1]))) ? 4 : 3;
    if (rest.size() < len || !std::isdigit(static_cast<unsigned char>(rest[0]))) continue;
    bool ok = true;
    for (size_t i = 0; i < len; ++i) ok = ok && IsHex(rest[i]);
    if (ok) return "gfx" + std::string(rest.substr(0, len));
  }
  return std::nullopt;
}

std::optional<std::string> GfxFromOverride(std::string_view value) {
  auto parts = Split(Trim(value), '.');
  if (parts.size() != 3) return std::nullopt;
  auto major = ParseInt(parts[0]), minor = ParseInt(parts[1]), stepping = ParseInt(parts[2]);
  if (!major || !minor || !stepping || *major < 7 || *major > 15 || *minor < 0 || *minor > 15 || *stepping < 0 || *stepping > 15) {
    return std::nullopt;
  }
  const char* hex = "0123456789abcdef";
  return "gfx" + std::to_string(*major) + hex[*minor] + hex[*stepping];
}

}  // namespace rd
