#include "parsers/status_codes.h"

#include <cctype>
#include <set>

#include "util/strings.h"

namespace rd {

namespace {

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string WordAt(std::string_view s, size_t at) {
  size_t end = at;
  while (end < s.size() && Word(s[end])) ++end;
  return std::string(s.substr(at, end - at));
}

// "code: 0x100f" / "(1008)" / "= 98" right after the name.
std::optional<long long> NumberAfter(std::string_view s, size_t at) {
  std::string_view rest = s.substr(at, 40);
  for (size_t i = 0; i < rest.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(rest[i]))) {
      size_t end = i;
      while (end < rest.size() && (std::isxdigit(static_cast<unsigned char>(rest[end])) || rest[end] == 'x')) ++end;
      return ParseInt(rest.substr(i, end - i));
    }
  }
  return std::nullopt;
}

}  // namespace

bool LooksLikeStatusCodes(std::string_view text) {
  return Contains(text, "hipError") || Contains(text, "HSA_STATUS_") || Contains(text, "Call returned ");
}

std::vector<StatusMention> ParseStatusCodes(std::string_view text) {
  std::vector<StatusMention> out;
  std::set<std::string> seen;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size() && out.size() < 50; ++i) {
    std::string_view s = lines[i];
    for (std::string_view prefix : {std::string_view("hipError"), std::string_view("HSA_STATUS_")}) {
      for (size_t at = s.find(prefix); at != std::string_view::npos; at = s.find(prefix, at + 1)) {
        if (at > 0 && Word(s[at - 1])) continue;
        std::string name = WordAt(s, at);
        if (!seen.insert(name).second) continue;
        std::string family = prefix == "hipError" ? "hip" : "hsa";
        size_t after = at + name.size();
        std::optional<long long> code;
        if (std::string_view tail = s.substr(after, 12); Contains(tail, "code") || Contains(tail, "(") || Contains(tail, "=")) {
          code = NumberAfter(s, after);
        }
        out.push_back({i, family, name, code, std::string(Trim(s).substr(0, 400))});
      }
    }
    // rocminfo: "Call returned 4104" (a bare hsa_status_t number).
    if (size_t at = s.find("Call returned "); at != std::string_view::npos && at + 14 < s.size() &&
                                              std::isdigit(static_cast<unsigned char>(s[at + 14]))) {
      auto code = NumberAfter(s, at + 14);
      if (code && seen.insert("#" + std::to_string(*code)).second) {
        out.push_back({i, "hsa", "", code, std::string(Trim(s).substr(0, 400))});
      }
    }
  }
  return out;
}

}  // namespace rd
