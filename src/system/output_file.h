#pragma once
/// Writing the report file (`-o PATH`): rocm-doctor's own output, not the diagnosed world.
/// Hostile-input report D1, D9, m10: `sudo rocm-doctor check -o /dev/null` must not turn
/// /dev/null into a regular file, and a `--no-redact` report must not become world-readable.
#include <string>

#include "util/result.h"

namespace rd {

enum class OutputFileMode {
  Shared,   ///< A new file gets 0666 & ~umask (a redacted report, meant to be shared).
  Private,  ///< A new file gets 0600 (an unredacted report: hostnames, users, paths).
};

/// True for "-" and the names of this process's standard output (/dev/stdout, /dev/fd/1,
/// /proc/self/fd/1): the caller writes to stdout instead of opening a path.
bool IsStandardOutputPath(const std::string& path);

/// Writes `content` to `path`:
/// - an existing FIFO, character or block device, or a symlink to one, is written into
///   (opened without O_CREAT), never replaced;
/// - an existing regular file is replaced atomically (a temp file beside it, then rename) and
///   keeps its permission bits;
/// - a new file is created the same way with the mode `mode` asks for.
Result<bool> WriteOutputFile(const std::string& path, const std::string& content, OutputFileMode mode);

/// The process umask, read without changing it (/proc/self/status "Umask:"; 022 when unknown).
unsigned CurrentUmask();

}  // namespace rd
