#include "util/terminal_text.h"

#include <cstdio>

namespace rd {

namespace {

// One decoded character; length 0 when text[i] does not start strictly valid UTF-8 (overlong
// forms are refused so that C0 9B cannot smuggle an ESC past a decoder that is less strict).
struct Utf8Char {
  char32_t code = 0;
  size_t length = 0;
};

Utf8Char DecodeUtf8(std::string_view text, size_t i) {
  unsigned char lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) return {lead, 1};
  size_t length = (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || i + length > text.size()) return {};
  char32_t code = lead & (0x7F >> length);
  for (size_t k = 1; k < length; ++k) {
    unsigned char next = static_cast<unsigned char>(text[i + k]);
    if ((next & 0xC0) != 0x80) return {};
    code = (code << 6) | (next & 0x3F);
  }
  static constexpr char32_t kShortest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kShortest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {code, length};
}

bool IsTerminalUnsafe(char32_t code) {
  if (code == '\n' || code == '\t') return false;
  return code < 0x20 || (code >= 0x7F && code <= 0x9F) || (code >= 0x202A && code <= 0x202E) ||
         (code >= 0x2066 && code <= 0x2069);
}

}  // namespace

std::string TerminalSafe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    Utf8Char c = DecodeUtf8(text, i);
    if (c.length == 0 || IsTerminalUnsafe(c.code)) {
      out += '?';
      i += c.length == 0 ? 1 : c.length;
    } else {
      out.append(text.substr(i, c.length));
      i += c.length;
    }
  }
  return out;
}

std::optional<std::string> FirstTerminalUnsafe(std::string_view text) {
  char buffer[40];
  for (size_t i = 0; i < text.size();) {
    Utf8Char c = DecodeUtf8(text, i);
    if (c.length == 0) {
      std::snprintf(buffer, sizeof buffer, "byte 0x%02X (not UTF-8)", static_cast<unsigned char>(text[i]));
      return buffer;
    }
    if (IsTerminalUnsafe(c.code)) {
      std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c.code));
      return buffer;
    }
    i += c.length;
  }
  return std::nullopt;
}

TerminalText& TerminalText::operator<<(std::string_view content) {
  out_ += TerminalSafe(content);
  return *this;
}

TerminalText& TerminalText::operator<<(const Painted& painted) {
  // The SGR parameters are the renderer's own constants; anything but digits and ';' would be a
  // programming error, and is dropped rather than passed to the terminal.
  bool sgr_ok = !painted.sgr.empty() && painted.sgr.find_first_not_of("0123456789;") == std::string_view::npos;
  if (!color_ || !sgr_ok) return *this << painted.text;
  out_ += "\033[";
  out_ += painted.sgr;
  out_ += 'm';
  out_ += TerminalSafe(painted.text);
  out_ += "\033[0m";
  return *this;
}

TerminalSafeScope::TerminalSafeScope(std::ostream& stream) : stream_(stream), buffer_(stream.rdbuf()) {
  auto state = stream_.rdstate();
  stream_.rdbuf(&buffer_);  // rdbuf() clears the state; keep what it was
  stream_.setstate(state);
}

TerminalSafeScope::~TerminalSafeScope() {
  stream_.flush();  // the partial last line; a failure sets badbit on stream_
  auto state = stream_.rdstate();
  stream_.rdbuf(buffer_.sink());
  stream_.setstate(state);
}

std::streambuf* TerminalSafeScope::Unsanitised(std::ostream& stream) {
  stream.flush();
  std::streambuf* buffer = stream.rdbuf();
  while (auto* scope = dynamic_cast<Buffer*>(buffer)) buffer = scope->sink();
  return buffer;
}

bool TerminalSafeScope::Buffer::Write(std::string_view text) {
  if (text.empty()) return true;
  std::string safe = TerminalSafe(text);
  return sink_->sputn(safe.data(), static_cast<std::streamsize>(safe.size())) == static_cast<std::streamsize>(safe.size());
}

// Complete lines go out; the rest waits, so a character split across two writes stays whole.
bool TerminalSafeScope::Buffer::WriteLines() {
  size_t end = pending_.rfind('\n');
  if (end == std::string::npos) return true;
  bool ok = Write(std::string_view(pending_).substr(0, end + 1));
  pending_.erase(0, end + 1);
  return ok;
}

int TerminalSafeScope::Buffer::sync() {
  bool ok = WriteLines() && Write(pending_);
  pending_.clear();
  return ok && sink_->pubsync() == 0 ? 0 : -1;
}

TerminalSafeScope::Buffer::int_type TerminalSafeScope::Buffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  pending_ += traits_type::to_char_type(c);
  if (c == '\n' && !WriteLines()) return traits_type::eof();
  return c;
}

std::streamsize TerminalSafeScope::Buffer::xsputn(const char* s, std::streamsize n) {
  pending_.append(s, static_cast<size_t>(n));
  return WriteLines() ? n : 0;
}

}  // namespace rd
