#include "parsers/status_codes.h"

#include <cctype>
#include <set>

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

// A hipError_t printed as a number: hipInfo's "HIP API error = 0100" (%04d, decimal),
// "hipError_t 100", "HIP error code 100", and a bare "error 100" on a line that names HIP. The
// gap is bounded so a hostile line costs one linear RE2 pass.
const Regex& NumericHip() {
  static const Regex re = Regex::Literal(
      R"((?i)(?:\bHIP API error|\bhipError_t|\bHIP(?: runtime)? error(?: code)?|\bhip[A-Za-z_]*\b[^\n]{0,80}?\berror(?: code)?)\s*[=:(]?\s*(0x[0-9a-f]{1,4}|[0-9]{1,4})\b)");
  return re;
}

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
  return Contains(text, "hipError") || Contains(text, "HSA_STATUS_") || Contains(text, "Call returned ") ||
         NumericHip().Search(text.substr(0, 1 << 20));
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
        if (name == "hipError_t") continue;  // the type, not a value: "hipError_t 100" is read below
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
    // A line that already named the error ("hipErrorNoDevice (100)") is not quoted twice.
    bool named = !out.empty() && out.back().line == i && out.back().family == "hip";
    if (auto m = named ? std::nullopt : NumericHip().Find(s.substr(0, 4096)); m && m->matched(1)) {
      auto code = ParseInt((*m)[1]);
      if (code && seen.insert("#hip" + std::to_string(*code)).second) {
        out.push_back({i, "hip", "", code, std::string(Trim(s).substr(0, 400))});
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
