#pragma once
/// Shell prompts in pasted terminal sessions: `alice@box:~$ cmd`, `[root@host dir]# cmd`,
/// `(venv) bob@pc:~/x$ cmd`, `PS C:\Users\bob> cmd`, `C:\>cmd`, `$ cmd`, `>>> expr`.
/// The prompt tells who ran the command, on which host and OS; the command tells what follows.
#include <optional>
#include <string>
#include <string_view>

namespace rd {

struct ShellPrompt {
  std::string user;     ///< Empty when the prompt does not show it ("$ cmd").
  std::string host;
  std::string cwd;
  std::string venv;     ///< "(venv)" / "(base)" prefix, without the parentheses.
  std::string account;  ///< A cluster's "[project] " tag before user@host ("[cad14908] user@login6:~$"), without brackets.
  std::string os;       ///< "linux" (user@host / [user@host] / $), "windows" (PS C:\, C:\>), "python" (>>>)
  std::string command;  ///< What was typed after the prompt, trimmed; may be empty.
  bool root = false;    ///< Ends in '#' or the user is root.
};

std::optional<ShellPrompt> ParseShellPrompt(std::string_view line);

}  // namespace rd
