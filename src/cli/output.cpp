#include "cli/output.h"

#include <cerrno>
#include <cstring>

#include "core/exit_status.h"
#include "system/output_file.h"

namespace rd {

TextOptions TextOptionsFor(const OutputOptions& options, const Io& io) {
  bool to_stdout = options.output_file.empty() || IsStandardOutputPath(options.output_file);
  bool tty = to_stdout && io.stdout_is_tty;
  size_t width = 0;
  if (options.width >= 0) width = static_cast<size_t>(options.width);
  else if (tty) width = io.stdout_columns ? io.stdout_columns : 80;
  bool ascii = tty && io.ascii_only;
  if (ascii && width > 1) --width;  // "[ok]" is one column wider than "[✓]", replaced after wrapping
  return TextOptions{Decorated(io, tty), options.verbose, width, ascii};
}

int WriteStandardOutput(const std::string& text, Io& io) {
  if (io.stdout_closed) {
    io.err << "rocm-doctor: write standard output: it is closed (run with -o FILE or give it a place to go)\n";
    return kExitUsage;
  }
  errno = 0;
  io.out << text;
  io.out.flush();
  if (io.out) return 0;
  int err = errno;
  io.err << "rocm-doctor: write standard output: " << (err ? std::strerror(err) : "failed") << "\n";
  return kExitUsage;
}

int WriteReportText(const std::string& text, const OutputOptions& options, bool redacted, Io& io) {
  if (options.output_file.empty() || IsStandardOutputPath(options.output_file)) return WriteStandardOutput(text, io);
  auto mode = redacted ? OutputFileMode::Shared : OutputFileMode::Private;
  if (auto written = WriteOutputFile(options.output_file, text, mode); !written) {
    io.err << "rocm-doctor: " << written.error().message << "\n";
    return kExitUsage;
  }
  // ux-review p4: after -o a person at a terminal saw nothing at all; one line says where it went.
  if (io.stderr_is_tty) io.err << "rocm-doctor: wrote " << options.output_file << " (" << text.size() << " bytes)\n";
  return 0;
}

}  // namespace rd
