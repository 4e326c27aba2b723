#include "parsers/clang_verbose.h"

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

ClangVerbose ParseClangVerbose(std::string_view text) {
  static const Regex kVersion = Regex::Literal(R"(clang version (\d+\.\d+\.\d+))");
  ClangVerbose out;
  bool in_includes = false;
  for (const auto& raw : SplitLines(text)) {
    std::string line(Trim(raw));
    std::optional<RegexMatch> m;
    if (out.clang_version.empty() && line.size() < 512 && (m = kVersion.Find(line))) {
      out.clang_version = (*m)[1];
    } else if (StartsWith(line, "InstalledDir: ")) {
      out.installed_dir = line.substr(14);
    } else if (StartsWith(line, "Found candidate GCC installation: ")) {
      out.gcc_candidates.push_back(line.substr(34));
    } else if (StartsWith(line, "Selected GCC installation: ")) {
      out.selected_gcc = line.substr(27);
      out.selected_gcc_version = out.selected_gcc.substr(out.selected_gcc.rfind('/') + 1);
    } else if (StartsWith(line, "Found HIP installation: ")) {
      out.hip_installation = line.substr(24);
    } else if (StartsWith(line, "#include <...> search starts here:")) {
      in_includes = true;
    } else if (StartsWith(line, "End of search list.")) {
      in_includes = false;
    } else if (in_includes && !line.empty() && line[0] == '/') {
      out.include_dirs.push_back(line);
    }
  }
  return out;
}

}  // namespace rd
