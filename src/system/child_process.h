#pragma once
#include <map>
#include <string>

#include "system/system.h"

namespace rd {

/// Runs `program` with spec.argv (argv[0] kept as given) in `work_dir`, stdin from /dev/null, in
/// a new process group that is killed as a whole on timeout; output capped at spec.max_output.
CommandResult RunChild(const std::string& program, const CommandSpec& spec,
                       const std::map<std::string, std::string>& env, const std::string& work_dir);

}  // namespace rd
