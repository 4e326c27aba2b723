#include "cli/triage_command.h"

#include <chrono>
#include <iterator>

#include "core/exit_status.h"
#include "engine/rule_loader.h"
#include "system/local_files.h"
#include "triage/triage.h"

namespace rd {

int RunTriage(const TriageOptions& options, Io& io, std::istream& stdin_stream) {
  auto start = std::chrono::steady_clock::now();
  std::vector<PastePiece> pieces;
  for (const auto& input : options.inputs) {
    std::string text;
    if (input == "-") {
      text.assign(std::istreambuf_iterator<char>(stdin_stream), std::istreambuf_iterator<char>());
    } else {
      auto read = ReadLocalFile(input, 64u << 20);
      if (!read) {
        io.err << "rocm-doctor: " << read.error().message << "\n";
        return kExitUsage;
      }
      text = std::move(read).value();
    }
    auto split = SplitPaste(text, input == "-" ? "stdin" : input);
    pieces.insert(pieces.end(), split.begin(), split.end());
  }
  RuleDatabase db = LoadRules(options.rule_dirs);
  Facts facts = TriageFacts(pieces, &db.data);  // data: the hip/hsa decode tables
  Report report = EvaluateReport(std::move(facts), {}, db, options.ignored);
  report.mode = "triage";
  report.timings.total_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return EmitReport(report, options.output, io);
}

}  // namespace rd
