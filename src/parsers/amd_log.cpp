#include "parsers/amd_log.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "util/strings.h"

namespace rd {

namespace {

bool IsLogLine(std::string_view s) {
  return s.size() > 4 && s[0] == ':' && std::isdigit(static_cast<unsigned char>(s[1])) && s[2] == ':';
}

std::string HipWord(std::string_view s) {
  size_t end = 0;
  while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '_')) ++end;
  return std::string(s.substr(0, end));
}

std::optional<AmdLogLine> ParseLine(std::string_view s, size_t index) {
  AmdLogLine l;
  l.line = index;
  l.level = s[1] - '0';
  std::string_view rest = s.substr(3);
  l.file = std::string(Trim(rest.substr(0, rest.find_first_of(" :"))));
  size_t us = rest.find(" us: ");
  if (us == std::string_view::npos) return l;
  std::string_view msg = Trim(rest.substr(us + 5));
  // Old format "12345: [tid:0x..]", new format "[pid:12345 tid:0x..]".
  size_t digits = 0;
  while (digits < msg.size() && std::isdigit(static_cast<unsigned char>(msg[digits]))) ++digits;
  if (digits > 0 && digits < msg.size() && msg[digits] == ':') {
    l.pid = std::string(msg.substr(0, digits));
    msg = Trim(msg.substr(digits + 1));
  }
  if (!msg.empty() && msg[0] == '[') {
    std::string_view ids = msg.substr(0, msg.find(']'));
    if (size_t pid = ids.find("pid:"); pid != std::string_view::npos) {
      std::string_view p = ids.substr(pid + 4);
      l.pid = std::string(p.substr(0, p.find_first_of(" \t]")));
    }
    msg = msg.find(']') == std::string_view::npos ? std::string_view() : Trim(msg.substr(msg.find(']') + 1));
  }
  l.message = std::string(msg.substr(0, 400));
  if (StartsWith(msg, "hip")) {
    l.api = HipWord(msg);
    if (size_t ret = msg.find("Returned "); ret != std::string_view::npos) l.result = HipWord(msg.substr(ret + 9));
  }
  return l;
}

}  // namespace

bool LooksLikeAmdLog(std::string_view text) {
  for (size_t at = text.find(':'); at != std::string_view::npos && at < 65536; at = text.find(':', at + 1)) {
    if ((at == 0 || text[at - 1] == '\n') && IsLogLine(text.substr(at, 8)) && text.find(" us: ", at) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

AmdLog ParseAmdLog(std::string_view text) {
  AmdLog log;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(lines[i]);
    if (!IsLogLine(s)) continue;
    auto l = ParseLine(s, i);
    if (!l) continue;
    ++log.lines;
    log.max_level = std::max(log.max_level, l->level);
    if (!l->api.empty() && l->result.empty()) {
      ++log.calls;
      if (log.apis.size() < 100 && std::find(log.apis.begin(), log.apis.end(), l->api) == log.apis.end()) log.apis.push_back(l->api);
    }
    bool failed = !l->result.empty() && l->result != "hipSuccess" && l->result != "hipErrorNotReady";
    if ((failed || l->level == 1) && log.errors.size() < 50) log.errors.push_back(std::move(*l));
  }
  return log;
}

}  // namespace rd
