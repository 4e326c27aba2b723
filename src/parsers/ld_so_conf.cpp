#include "parsers/ld_so_conf.h"

#include <fnmatch.h>

#include "util/strings.h"

namespace rd {

LdSoConf ParseLdSoConf(std::string_view text, const std::string& file_dir) {
  LdSoConf conf;
  for (const auto& raw : SplitLines(text)) {
    std::string line(Trim(raw.substr(0, raw.find('#'))));
    if (line.empty()) continue;
    if (line.rfind("include", 0) == 0 && line.size() > 7 && (line[7] == ' ' || line[7] == '\t')) {
      std::string pattern(Trim(line.substr(8)));
      if (pattern.empty()) continue;
      if (pattern[0] != '/') pattern = file_dir + "/" + pattern;
      conf.includes.push_back(pattern);
      continue;
    }
    if (line.rfind("hwcap", 0) == 0) continue;
    // ldconfig accepts several directories on one line separated by blanks, ':' or ','.
    for (char& c : line) {
      if (c == '\t' || c == ',' || c == ':') c = ' ';
    }
    for (const auto& dir : Split(line, ' ')) {
      if (!dir.empty()) conf.dirs.push_back(dir);
    }
  }
  return conf;
}

bool GlobMatch(std::string_view pattern, std::string_view name) {
  return fnmatch(std::string(pattern).c_str(), std::string(name).c_str(), FNM_PERIOD) == 0;
}

}  // namespace rd
