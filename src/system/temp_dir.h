#pragma once
#include <string>

#include "util/result.h"

namespace rd {

/// A fresh 0700 directory under $TMPDIR (or /tmp), empty: children run there so nothing in the
/// user's cwd is ever picked up. It is tracked for removal on an early exit (exit_cleanup.h).
Result<std::string> MakePrivateTempDir();
/// Removes what MakePrivateTempDir made, contents included; never follows symlinks out of it.
/// False when something of it is still there (then it stays tracked).
bool RemoveTempDir(const std::string& path);

}  // namespace rd
