#include "engine/template.h"

namespace rd {

namespace {
// Walks the template, calling on_text for literal runs and on_fact for {path} references.
template <typename OnText, typename OnFact>
void Walk(const std::string& text, OnText on_text, OnFact on_fact) {
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      on_text(std::string(1, c));
      ++i;
      continue;
    }
    if (c == '{') {
      size_t close = text.find('}', i + 1);
      if (close != std::string::npos) {
        on_fact(text.substr(i + 1, close - i - 1));
        i = close;
        continue;
      }
    }
    on_text(std::string(1, c));
  }
}
}  // namespace

std::vector<std::string> TemplateFacts(const std::string& text) {
  std::vector<std::string> facts;
  Walk(text, [](const std::string&) {}, [&](const std::string& path) { facts.push_back(path); });
  return facts;
}

std::string RenderTemplate(const std::string& text,
                           const std::function<std::optional<std::string>(const std::string&)>& lookup) {
  std::string out;
  Walk(text, [&](const std::string& literal) { out += literal; },
       [&](const std::string& path) { out += lookup(path).value_or("(unknown)"); });
  return out;
}

}  // namespace rd
