#include "parsers/shell_words.h"

namespace rd {

std::vector<ShellWords> SplitShellCommands(std::string_view line) {
  std::vector<ShellWords> commands(1);
  std::string word;
  bool in_word = false;
  auto end_word = [&] {
    if (in_word) commands.back().push_back(word);
    word.clear();
    in_word = false;
  };
  auto end_command = [&] {
    end_word();
    if (!commands.back().empty()) commands.emplace_back();
  };
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == '\'' || c == '"') {
      size_t close = line.find(c, i + 1);
      if (close == std::string_view::npos) close = line.size();
      word.append(line.substr(i + 1, close - i - 1));
      in_word = true;
      i = close;
    } else if (c == '\\' && i + 1 < line.size()) {
      word += line[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      end_word();
    } else if (c == ';' || c == '|' || (c == '&' && i + 1 < line.size() && line[i + 1] == '&')) {
      end_command();
      if (i + 1 < line.size() && (line[i + 1] == '&' || line[i + 1] == '|')) ++i;
    } else if (c == '#' && !in_word) {
      break;  // a comment to the end of the line
    } else {
      word += c;
      in_word = true;
    }
  }
  end_word();
  if (commands.back().empty()) commands.pop_back();
  return commands;
}

}  // namespace rd
