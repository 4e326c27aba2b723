#include "util/text_wrap.h"

namespace rd {

size_t DisplayWidth(std::string_view text) {
  size_t columns = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) != 0x80) ++columns;
  }
  return columns;
}

namespace {

size_t SpansWidth(const SpanLine& spans) {
  size_t columns = 0;
  for (const auto& s : spans) columns += DisplayWidth(s.text);
  return columns;
}

// Adjacent pieces in one colour become one span again (one escape pair per colour run).
void Append(SpanLine& to, const SpanLine& from) {
  for (const auto& span : from) {
    if (!to.empty() && to.back().sgr == span.sgr) to.back().text += span.text;
    else to.push_back(span);
  }
}

// Greedy filling, one word at a time; a word is the run of non-space text between spaces, and
// may cross spans ("[", "✓", "]" in three colours is one word).
class Wrapper {
 public:
  Wrapper(size_t width, size_t hanging) : width_(width), hanging_(hanging) {}

  void Text(const Span& piece) {
    FlushSpace();
    word_.push_back(piece);
  }
  void Space(const Span& piece) {
    FlushWord();
    space_.push_back(piece);
  }
  void Newline() {
    FlushWord();
    space_.clear();
    lines_.push_back(std::move(line_));
    StartContinuation();
    has_word_ = false;
  }
  std::vector<SpanLine> Finish() {
    FlushWord();
    lines_.push_back(std::move(line_));
    return std::move(lines_);
  }

 private:
  void StartContinuation() {
    line_.clear();
    column_ = hanging_;
    if (hanging_) line_.push_back({std::string(hanging_, ' '), ""});
  }
  // Spaces before the first word are the line's indent and always stay.
  void FlushSpace() {
    if (has_word_ || space_.empty()) return;
    column_ += SpansWidth(space_);
    Append(line_, space_);
    space_.clear();
  }
  void FlushWord() {
    if (word_.empty()) return;
    size_t word = SpansWidth(word_), gap = SpansWidth(space_);
    if (has_word_ && width_ && column_ + gap + word > width_) {
      lines_.push_back(std::move(line_));
      StartContinuation();
    } else {
      Append(line_, space_);
      column_ += gap;
    }
    space_.clear();
    Append(line_, word_);
    column_ += word;
    word_.clear();
    has_word_ = true;
  }

  size_t width_, hanging_;
  size_t column_ = 0;
  bool has_word_ = false;
  SpanLine line_, word_, space_;
  std::vector<SpanLine> lines_;
};

}  // namespace

std::vector<SpanLine> WrapSpans(const SpanLine& line, size_t width, size_t hanging) {
  Wrapper wrapper(width, hanging);
  for (const auto& span : line) {
    const std::string& t = span.text;
    for (size_t i = 0; i < t.size();) {
      if (t[i] == '\n') {
        wrapper.Newline();
        ++i;
        continue;
      }
      bool space = t[i] == ' ';
      size_t end = i;
      while (end < t.size() && t[end] != '\n' && (t[end] == ' ') == space) ++end;
      Span piece{t.substr(i, end - i), span.sgr};
      space ? wrapper.Space(piece) : wrapper.Text(piece);
      i = end;
    }
  }
  return wrapper.Finish();
}

std::string WrapPlain(std::string_view text, size_t width, size_t hanging) {
  std::string out;
  for (const auto& line : WrapSpans({{std::string(text), ""}}, width, hanging)) {
    for (const auto& span : line) out += span.text;
    out += '\n';
  }
  if (!out.empty()) out.pop_back();
  return out;
}

}  // namespace rd
