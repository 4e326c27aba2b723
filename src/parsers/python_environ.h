#pragma once
/// Environment variables a pasted Python line sets for its own process: `os.environ['X'] = 'v'`,
/// `os.environ.setdefault("X", "v")`, `os.putenv("X", "v")` (ROCm/ROCm#5069: the override set in
/// a notebook cell, not in the shell). They reach that interpreter and what it starts, like an
/// inline `X=v python …`.
#include <cstddef>
#include <string_view>
#include <vector>

#include "parsers/pasted_commands.h"

namespace rd {

/// Appends each assignment on `line` (0-based `number`) with origin "python".
void AddPythonEnviron(std::string_view line, size_t number, std::vector<EnvAssignment>& env);

}  // namespace rd
