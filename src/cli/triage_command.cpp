#include "cli/triage_command.h"

#include <chrono>

#include "cli/rules_commands.h"
#include "core/exit_status.h"
#include "engine/rule_loader.h"
#include "system/local_files.h"
#include "triage/triage.h"
#include "util/text_encoding.h"

namespace rd {

namespace {

// The same cap for a file, stdin and a pipe: `triage -` once read 1 GB into 6.6 GB of memory
// (hostile-input report D16).
constexpr size_t kMaxPaste = 64u << 20;

Result<std::string> ReadCapped(std::istream& in, const std::string& name) {
  std::string text;
  std::string chunk(1 << 16, '\0');
  // Reserved, not touched: pages count only once filled, and the string never doubles past the
  // cap (that doubling had the 64 MiB refusal cost 200 MB).
  text.reserve(kMaxPaste + chunk.size());
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<size_t>(in.gcount()));
    if (text.size() > kMaxPaste) {
      return Error{ErrorKind::TooLarge, name + ": larger than " + std::to_string(kMaxPaste) + " bytes, not read"};
    }
  }
  if (in.bad()) return Error{ErrorKind::Io, "read " + name + ": failed"};
  return text;
}

// A named file, or what `triage /dev/stdin` and `triage <(rocminfo)` name: a pipe (m8).
Result<std::string> ReadInput(const std::string& input, std::istream& stdin_stream) {
  if (input == "-") return ReadCapped(stdin_stream, "stdin");
  auto read = ReadLocalFile(input, kMaxPaste);
  if (read || read.error().kind == ErrorKind::TooLarge) return read;
  auto info = LocalStat(input);
  if (!info || (info->type != FileType::Fifo && info->type != FileType::CharDevice)) return read;
  return ReadLocalStream(input, kMaxPaste);
}

}  // namespace

int RunTriage(const TriageOptions& options, Io& io, std::istream& stdin_stream) {
  auto start = std::chrono::steady_clock::now();
  std::vector<PastePiece> pieces;
  bool input_failed = false;
  for (const auto& input : options.inputs) {
    auto read = ReadInput(input, stdin_stream);
    if (!read) {
      // One unreadable input does not hide the diagnosis of the others (m5).
      io.err << "rocm-doctor: " << read.error().message << "\n";
      input_failed = true;
      continue;
    }
    std::string text = std::move(read).value();
    if (auto utf8 = DecodeUtf16(text)) text = std::move(*utf8);
    auto split = SplitPaste(text, input == "-" ? "stdin" : input);
    pieces.insert(pieces.end(), split.begin(), split.end());
  }
  if (input_failed && pieces.empty()) return kExitUsage;
  RuleDatabase db = LoadRules(options.rule_dirs);
  if (!IgnoredRulesExist(db, options.ignored, io)) return kExitUsage;
  Facts facts = TriageFacts(pieces, &db.data);  // data: the hip/hsa decode tables
  Report report = EvaluateReport(std::move(facts), {}, db, options.ignored);
  report.mode = "triage";
  // A paste shows some parts of a machine: a part it does not show is not "could not check". The
  // summaries stay: they echo what was parsed (ux-review U14: blank lines for a collect_env).
  for (auto& verdict : report.verdicts) {
    verdict.mark = SectionMark::Ok;
    verdict.reason.clear();
  }
  report.timings.total_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  int status = EmitReport(report, options.output, io);
  return input_failed && status != kExitInternal ? kExitUsage : status;
}

}  // namespace rd
