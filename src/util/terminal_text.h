#pragma once
/// Text that is safe to put on a terminal (hostile-input report D5). Every text output of
/// rocm-doctor (check/probe/triage text, fleet text and Markdown, explain, rules list/lint, and
/// stderr messages) echoes strings that someone else wrote: a paste, a report, a rule file, a
/// file name. A terminal obeys BEL, backspace, CR, ESC/CSI/OSC/DCS sequences (ESC[2J clears the
/// screen, OSC 52 writes the clipboard, OSC 8 forges links), the C1 controls (U+009B is a CSI to
/// some terminals, and so is a lone 0x9B byte) and bidi overrides that reorder what is shown.
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace rd {

/// Keeps `\n`, `\t` and valid UTF-8 text; replaces with `?` every other C0 control, DEL, the C1
/// controls U+0080–U+009F, the bidi overrides and isolates U+202A–U+202E and U+2066–U+2069, and
/// each byte that is not part of strictly valid UTF-8 (raw 0x80–0xFF, overlong forms such as
/// C0 9B, surrogates, truncated sequences).
std::string TerminalSafe(std::string_view text);

/// The first character TerminalSafe would replace, described for a diagnostic ("U+001B",
/// "byte 0xFF (not UTF-8)"); nullopt when the text is safe as it is.
std::optional<std::string> FirstTerminalUnsafe(std::string_view text);

/// Text destined for a terminal, built so that nothing can reach it unsanitised: the buffer is
/// private, every piece of content appended goes through TerminalSafe, and the only escape
/// sequences in the result are the SGR colour codes that Painted adds (and only when colour is
/// on). A renderer that writes everything through one TerminalText cannot let a new string
/// bypass the pass, and its own colours survive because they are added after the content is
/// cleaned, not filtered out of the finished string.
class TerminalText {
 public:
  /// Content in one colour: `sgr` is an SGR parameter list such as "31" or "2".
  struct Painted {
    std::string text;
    std::string_view sgr;
  };

  explicit TerminalText(bool color) : color_(color) {}
  TerminalText& operator<<(std::string_view content);
  TerminalText& operator<<(const Painted& painted);
  const std::string& str() const { return out_; }

 private:
  bool color_;
  std::string out_;
};

/// While it lives, everything written to `stream` is sanitised with TerminalSafe, one line at a
/// time (so a UTF-8 sequence is never split), before it reaches the stream's own buffer: for
/// stderr messages that echo input (file names, rule ids) and for plain-text commands without
/// colour. A failed write still fails `stream` (badbit), so a check of stdout after the command
/// sees it. A partial last line goes out when the scope ends. Scopes nest (a line is whole
/// when it is written inside one scope).
class TerminalSafeScope {
 public:
  explicit TerminalSafeScope(std::ostream& stream);
  ~TerminalSafeScope();
  TerminalSafeScope(const TerminalSafeScope&) = delete;
  TerminalSafeScope& operator=(const TerminalSafeScope&) = delete;

  /// The buffer under every scope on `stream` (its own buffer when there is none), after
  /// flushing what the scopes hold: for rocm-doctor's own control sequences that carry no input
  /// (the progress line's CR and erase-line, cli/progress.h), which a scope would replace.
  static std::streambuf* Unsanitised(std::ostream& stream);

 private:
  class Buffer : public std::streambuf {
   public:
    explicit Buffer(std::streambuf* sink) : sink_(sink) {}
    std::streambuf* sink() const { return sink_; }

   protected:
    int sync() override;
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;

   private:
    bool Write(std::string_view text);
    bool WriteLines();
    std::streambuf* sink_;
    std::string pending_;
  };
  std::ostream& stream_;
  Buffer buffer_;
};

}  // namespace rd
