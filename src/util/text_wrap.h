#pragma once
/// Word wrapping for the terminal (issue 14 item 5, ux-review U11): a line is a list of spans,
/// each with its own SGR colour, so that a word keeps its colour when it moves to the next line
/// and no escape sequence is ever counted as width or split. Pure: the width is an input.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

/// Part of a line in one colour; `sgr` is an SGR parameter list ("31", "1") or empty (none).
struct Span {
  std::string text;
  std::string sgr;
};
using SpanLine = std::vector<Span>;

/// Columns `text` takes on a terminal: one per code point (✓ ✗ ☠ — · → and the other marks are
/// one column each), none for UTF-8 continuation bytes. East Asian wide characters are counted as
/// one, which is wrong by one column per character and only shortens a line early.
size_t DisplayWidth(std::string_view text);

/// Breaks `line` at spaces so that each piece fits in `width` columns; continuation lines start
/// with `hanging` spaces. Leading spaces (the line's own indent) stay; the run of spaces at a
/// break is dropped. A word longer than the room left stays whole on a line of its own (a path
/// or URL must stay copyable), and `\n` in a span starts a continuation line. `width` 0: no
/// wrapping (the line comes back as one line, split only at `\n`).
std::vector<SpanLine> WrapSpans(const SpanLine& line, size_t width, size_t hanging);

/// The same for plain text without colour; the pieces are joined with `\n`.
std::string WrapPlain(std::string_view text, size_t width, size_t hanging);

}  // namespace rd
