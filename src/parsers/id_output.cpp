#include "parsers/id_output.h"

#include <cctype>

#include "parsers/shell_prompt.h"
#include "util/strings.h"

namespace rd {

namespace {

// "1000(alice)" -> {1000, alice}; "993" -> {993, ""}.
std::optional<IdGroup> NumberName(std::string_view s) {
  s = Trim(s);
  size_t open = s.find('(');
  IdGroup g;
  g.gid = ParseInt(s.substr(0, open));
  if (!g.gid) return std::nullopt;
  if (open != std::string_view::npos) {
    size_t close = s.find(')', open);
    if (close == std::string_view::npos) return std::nullopt;
    g.name = std::string(s.substr(open + 1, close - open - 1));
  }
  return g;
}

std::string_view Field(std::string_view line, std::string_view key) {
  size_t at = line.find(key);
  if (at == std::string_view::npos) return {};
  std::string_view rest = line.substr(at + key.size());
  return rest.substr(0, rest.find(' '));
}

bool GroupsCommand(std::string_view first_line) {
  auto prompt = ParseShellPrompt(first_line);
  if (!prompt) return false;
  std::string_view cmd = Trim(prompt->command);
  return cmd == "groups" || StartsWith(cmd, "groups ") || cmd == "id" || StartsWith(cmd, "id ");
}

void ParseIdLine(std::string_view s, IdOutput& out) {
  if (auto uid = NumberName(Field(s, "uid="))) {
    out.uid = uid->gid;
    out.user = uid->name;
  }
  if (auto gid = NumberName(Field(s, "gid="))) out.gid = gid->gid;
  for (const auto& item : Split(Field(s, "groups="), ',')) {
    auto g = NumberName(item);
    if (!g) continue;
    if (g->name.empty()) out.unnamed_gids.push_back(*g->gid);
    out.groups.push_back(*g);
  }
}

}  // namespace

bool LooksLikeIdOutput(std::string_view text) {
  return (Contains(text, "uid=") && Contains(text, " gid=") && Contains(text, "groups=")) ||
         Contains(text, "cannot find name for group ID") || GroupsCommand(text.substr(0, text.find('\n')));
}

IdOutput ParseIdOutput(std::string_view text) {
  IdOutput out;
  auto lines = Split(text, '\n');
  bool after_groups = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(lines[i]);
    if (ParseShellPrompt(s)) {
      after_groups = GroupsCommand(s);
      continue;
    }
    if (Contains(s, "cannot find name for group ID")) {
      auto gid = ParseInt(Trim(s.substr(s.rfind("ID") + 2)));
      if (gid) {
        if (out.unnamed_gids.empty()) out.unnamed_line = i;
        out.unnamed_gids.push_back(*gid);
        out.groups.push_back({gid, ""});
      }
    } else if (Contains(s, "uid=") && Contains(s, "groups=")) {
      out.line = i;
      ParseIdLine(s, out);
    } else if (after_groups && !s.empty()) {
      // `groups` prints names; `groups alice` prints "alice : adm video".
      std::string_view names = s;
      if (size_t colon = s.find(" : "); colon != std::string_view::npos) {
        out.user = std::string(Trim(s.substr(0, colon)));
        names = s.substr(colon + 3);
      }
      out.line = i;
      for (const auto& name : Split(names, ' ')) {
        if (!Trim(name).empty()) out.groups.push_back({std::nullopt, std::string(Trim(name))});
      }
      after_groups = false;
    }
  }
  if (out.unnamed_line == 0 && !out.unnamed_gids.empty() && out.line) out.unnamed_line = out.line;
  return out;
}

}  // namespace rd
