#pragma once
/// Splits a pasted command line into words the way a POSIX shell would for the parts that matter
/// to a diagnosis: '…' and "…" quotes, backslash escapes, and `;`, `&&`, `||`, `|` ending a
/// command. No expansion: `$VAR` stays literal. Unbalanced quotes end at the line's end (a paste
/// is often cut), never an error.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

/// One simple command: its words in order.
using ShellWords = std::vector<std::string>;

/// The simple commands of `line`, in order (`a && b | c` gives three).
std::vector<ShellWords> SplitShellCommands(std::string_view line);

}  // namespace rd
