#include "triage/triage.h"

#include "util/strings.h"

namespace rd {

std::string StripAnsi(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') continue;
    if (c != '\x1b') {
      out += c;
      continue;
    }
    // ESC [ params final-byte (CSI) or ESC + one char.
    if (i + 1 < text.size() && text[i + 1] == '[') {
      size_t j = i + 2;
      while (j < text.size() && !(text[j] >= 0x40 && text[j] <= 0x7e)) ++j;
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<PastePiece> SplitPaste(std::string_view text, const std::string& source) {
  std::vector<PastePiece> pieces;
  std::string clean = StripAnsi(text);
  auto lines = SplitLines(clean);
  std::string current;
  size_t first_line = 1;
  auto flush = [&](size_t last_line) {
    if (!Trim(current).empty()) {
      pieces.push_back({source + ":" + std::to_string(first_line) + "-" + std::to_string(last_line), current, "unknown"});
    }
    current.clear();
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    if (StartsWith(Trim(lines[i]), "```")) {
      flush(i);
      first_line = i + 2;
      continue;
    }
    current += lines[i] + "\n";
  }
  flush(lines.size());
  return pieces;
}

Facts TriageFacts(std::vector<PastePiece>& pieces) {
  Facts facts;
  for (size_t i = 0; i < pieces.size(); ++i) {
    auto& piece = pieces[i];
    for (const auto& kind : AllPasteKinds()) {
      if (!kind.recognize(piece.text)) continue;
      piece.kind = kind.name;
      Facts parsed;
      kind.parse(piece.text, parsed);
      facts.Merge(parsed);
      break;
    }
    std::string at = "triage.pieces[" + std::to_string(i) + "]";
    facts.Set(at + ".kind", piece.kind);
    facts.Set(at + ".source", piece.source);
    facts.Set(at + ".lines", static_cast<int>(SplitLines(piece.text).size()));
  }
  if (pieces.empty()) facts.Set("triage.pieces", nlohmann::json::array());
  return facts;
}

}  // namespace rd
