#pragma once
#include <string>
#include <vector>

#include "cli/check_command.h"

namespace rd {

struct TriageOptions {
  std::vector<std::string> inputs;  ///< Files; "-" reads stdin.
  std::vector<std::string> rule_dirs;
  std::set<std::string> ignored;
  OutputOptions output;
};

int RunTriage(const TriageOptions& options, Io& io, std::istream& stdin_stream);

}  // namespace rd
