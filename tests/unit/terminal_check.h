#pragma once
/// Hostile terminal input for the D5 tests (hostile-input report), and an independent check that
/// a text is safe to print: written apart from util/terminal_text so that a bug there cannot
/// hide itself.
#include <string>
#include <string_view>

namespace rd::testing {

/// Every form from the report's D5 recipes. Adjacent literals keep a hex escape from swallowing
/// the next character ("\x9b" "2J", not "\x9b2J").
inline const std::string kHostile = std::string(
    "\x07"                                            // BEL
    "\x08\x08OK"                                      // backspaces over text
    "\x1b[2J\x1b[H"                                   // ESC[2J clear screen, home
    "\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\"  // OSC 8 hyperlink
    "\x1b]52;c;ZWNobyBwd25lZA==\x07"                  // OSC 52 clipboard
    "\x1bP+q544e\x1b\\"                               // DCS
    "\x9b" "2J"                                       // raw 8-bit CSI
    "\xc2\x9b" "2J"                                   // U+009B, C1 CSI in UTF-8
    "\xe2\x80\xae" "lave"                             // U+202E right-to-left override
    "\xe2\x81\xa6" "x"                                // U+2066 left-to-right isolate
    "\x7f"                                            // DEL
    "\r"                                              // CR
    "\xff\xfe"                                        // invalid UTF-8
    "\xc0\x9b"                                        // overlong ESC-like form
    "\x1b[8m")                                        // conceal the rest
    + std::string(1, '\0') + "end";                  // NUL

/// "" when `text` holds no byte below 0x20 but \n and \t, no DEL, no C1 control (raw or UTF-8),
/// no bidi override/isolate and only valid UTF-8; with `allow_sgr`, ESC is accepted only as a
/// colour code ESC [ digits/';' m. Else a description of the first problem and where.
inline std::string TerminalProblem(std::string_view text, bool allow_sgr = false) {
  auto at = [&](size_t i, const char* what) { return std::string(what) + " at byte " + std::to_string(i); };
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b && allow_sgr && i + 1 < text.size() && text[i + 1] == '[') {
      size_t j = i + 2;
      while (j < text.size() && ((text[j] >= '0' && text[j] <= '9') || text[j] == ';')) ++j;
      if (j < text.size() && text[j] == 'm') {
        i = j + 1;
        continue;
      }
    }
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return at(i, "control byte");
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
    if (len == 0 || i + len > text.size()) return at(i, "invalid UTF-8");
    unsigned code = c & (0xFF >> (len + 1));
    for (size_t k = 1; k < len; ++k) {
      unsigned char next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return at(i, "invalid UTF-8");
      code = (code << 6) | (next & 0x3F);
    }
    if ((len == 3 && code < 0x800) || (len == 4 && code < 0x10000)) return at(i, "overlong UTF-8");
    if (code >= 0x80 && code <= 0x9F) return at(i, "C1 control");
    if ((code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069)) return at(i, "bidi control");
    i += len;
  }
  return "";
}

}  // namespace rd::testing
