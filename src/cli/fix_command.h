#pragma once
/// `rocm-doctor fix` (issue 14 item 9): the check pipeline, then the fixes of its findings as one
/// POSIX sh script (report/fix_script.h); `--run` runs it one command at a time, asking first.
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

#include "cli/check_command.h"
#include "cli/io.h"
#include "report/report.h"
#include "util/result.h"

namespace rd {

struct FixOptions {
  CheckOptions check;  ///< Where the findings come from (--replay, --from, this machine); output_file is -o.
  bool run = false;    ///< --run: run the commands, each after a yes on the terminal.
};

/// Runs one command of the script (the real one: /bin/sh -c in the user's terminal).
class CommandRunner {
 public:
  virtual ~CommandRunner() = default;
  /// The command's exit status (0: it worked), or why it could not be started.
  virtual Result<int> Run(const std::string& command) = 0;
};

/// Asks the user (the real one: y/N on stdin, which must be a terminal).
class Prompt {
 public:
  virtual ~Prompt() = default;
  /// False: nobody can answer (stdin is not a terminal), so --run refuses to start.
  virtual bool Interactive() const = 0;
  /// True only for an explicit yes.
  virtual bool Confirm(const std::string& question) = 0;
};

/// What --run acts through: tests pass fakes, so no test runs a command on the real system.
struct FixSeams {
  CommandRunner& runner;
  Prompt& prompt;
  /// The check after the run; empty: the same pipeline again (BuildCheckReport).
  std::function<Result<Report>()> recheck = {};
};

/// Exit: 0 the script was written (with --run: every command ran and worked, and the check
/// afterwards no longer reports its finding); 1 with --run: a step was declined, failed, or its
/// finding is still reported; 2 usage (bad --replay/--from input, --run without a terminal).
int RunFix(const FixOptions& options, Io& io, FixSeams& seams);

std::unique_ptr<CommandRunner> MakeUserShellRunner();
/// y/N from `in`, questions to `out`; Interactive() when fd 0 is a terminal.
std::unique_ptr<Prompt> MakeTerminalPrompt(std::istream& in, std::ostream& out);

}  // namespace rd
