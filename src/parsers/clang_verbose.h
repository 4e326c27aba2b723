#pragma once
/// What `clang -v` / `hipcc -v` prints to stderr before compiling: the clang version, the GCC
/// installation it selected for libstdc++ and the include search list. pitfalls.md #38.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct ClangVerbose {
  std::string clang_version;       ///< "15.0.6" from "... clang version 15.0.6 ..."
  std::string installed_dir;       ///< "InstalledDir: /usr/bin"
  std::vector<std::string> gcc_candidates;
  std::string selected_gcc;        ///< "/usr/bin/../lib/gcc/x86_64-linux-gnu/12" (as printed)
  std::string selected_gcc_version;  ///< Last path component: "12"
  std::string hip_installation;    ///< "Found HIP installation: /usr, version 5.2.21153"
  std::vector<std::string> include_dirs;  ///< The "#include <...> search starts here:" list.
};

ClangVerbose ParseClangVerbose(std::string_view text);

}  // namespace rd
