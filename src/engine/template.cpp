#include "engine/template.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace rd {

namespace {

// "{path:MiB}": the display unit of a bytes fact. A value that is not a number stays as it is.
std::string InUnit(const std::string& value, const std::string& unit) {
  if (unit == "s") {  // "{compile.elapsed_ms:s}": a milliseconds fact in seconds, one decimal (issue 14)
    char* end = nullptr;
    double ms = std::strtod(value.c_str(), &end);
    if (end == value.c_str() || *end != '\0') return value;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", ms / 1000.0);
    return buffer;
  }
  double shift = unit == "MiB" ? 20 : unit == "GiB" ? 30 : 0;
  char* end = nullptr;
  double bytes = std::strtod(value.c_str(), &end);
  if (shift == 0 || end == value.c_str() || *end != '\0') return value;
  double scaled = std::ldexp(bytes, -static_cast<int>(shift));
  return std::to_string(static_cast<long long>(std::floor(scaled)));
}

// Walks the template, calling on_text for literal runs and on_fact for {path} references
// ({path:MiB} with its unit, {path|words} with the words said when the fact is not known).
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
        std::string ref = text.substr(i + 1, close - i - 1);
        std::optional<std::string> fallback;
        if (size_t bar = ref.find('|'); bar != std::string::npos) {
          fallback = ref.substr(bar + 1);
          ref.resize(bar);
        }
        size_t colon = ref.rfind(':');
        std::string unit = colon == std::string::npos ? "" : ref.substr(colon + 1);
        if (unit == "MiB" || unit == "GiB" || unit == "s") ref.resize(colon);
        else unit.clear();
        on_fact(ref, unit, fallback);
        i = close;
        continue;
      }
    }
    on_text(std::string(1, c));
  }
}
}  // namespace

std::vector<TemplateRef> TemplateRefs(const std::string& text) {
  std::vector<TemplateRef> refs;
  Walk(text, [](const std::string&) {},
       [&](const std::string& path, const std::string&, const std::optional<std::string>& fallback) { refs.push_back({path, fallback}); });
  return refs;
}

std::vector<std::string> TemplateFacts(const std::string& text) {
  std::vector<std::string> facts;
  for (auto& ref : TemplateRefs(text)) facts.push_back(std::move(ref.path));
  return facts;
}

std::string RenderTemplate(const std::string& text,
                           const std::function<std::optional<std::string>(const std::string&)>& lookup) {
  std::string out;
  Walk(text, [&](const std::string& literal) { out += literal; },
       [&](const std::string& path, const std::string& unit, const std::optional<std::string>& fallback) {
         auto value = lookup(path);
         out += value ? InUnit(*value, unit) : fallback ? *fallback : "(unknown)";
       });
  return out;
}

}  // namespace rd
