#pragma once
/// `rocm-doctor fix --run` (issue 14 item 9): one command of the fix script, after the user said
/// yes, run the way the user would run it. Not part of the diagnosed world (no System): it acts
/// on this machine, in the user's terminal, so nothing is captured or redirected.
#include <string>

#include "util/result.h"

namespace rd {

/// Runs `/bin/sh -c command` with rocm-doctor's stdin, stdout, stderr, working directory and
/// environment (sudo may ask for a password), and waits for it. Returns its exit status, 128+N
/// when signal N ended it, or an Error when it could not be started.
Result<int> RunInUserShell(const std::string& command);

}  // namespace rd
