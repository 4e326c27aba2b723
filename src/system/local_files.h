#pragma once
/// rocm-doctor's own files (rules, snapshot folders, reports, output): plain local I/O that is
/// not part of the diagnosed world, so it bypasses System and is the same in replay.
#include <string>
#include <vector>

#include "system/system.h"

namespace rd {

Result<std::string> ReadLocalFile(const std::string& path, size_t max_bytes = 64u << 20);
Result<std::string> ReadLocalFileRange(const std::string& path, uint64_t offset, size_t length);
/// Reads a FIFO or character device named on the command line (`triage <(rocminfo)`,
/// `/dev/stdin`) to its end, refusing more than max_bytes; a regular file goes to ReadLocalFile.
Result<std::string> ReadLocalStream(const std::string& path, size_t max_bytes);
Result<std::vector<std::string>> ListLocalDir(const std::string& path);
Result<FileInfo> LocalStat(const std::string& path);
Result<FileInfo> LocalLStat(const std::string& path);
Result<std::string> LocalReadLink(const std::string& path);
/// The running executable's path (/proc/self/exe), empty when unknown.
std::string ExecutablePath();
/// Process environment lookup for rocm-doctor's own settings (NO_COLOR, ROCM_DOCTOR_RULES).
std::string GetOwnEnv(const char* name);
bool StdoutIsTerminal();
bool StderrIsTerminal();
/// Columns of the terminal on `fd` (issue 14 item 5): $COLUMNS when it is a number from 20 to
/// 1000 (the user's own choice, as Python's shutil.get_terminal_size), else TIOCGWINSZ; 0 when
/// neither says (not a terminal, or one that reports 0 columns, such as a serial console).
size_t TerminalColumns(int fd);

}  // namespace rd
