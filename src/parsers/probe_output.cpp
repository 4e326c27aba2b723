#include "parsers/probe_output.h"

#include <algorithm>

#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

namespace {

bool IsProbeLine(const nlohmann::json& j) {
  return j.is_object() && j.contains("probe") && j["probe"].is_string();
}

// j.value("phase", "") throws when "phase" is there but not a string; the line is untrusted.
bool IsStartLine(const nlohmann::json& j) {
  auto phase = j.find("phase");
  return phase != j.end() && phase->is_string() && phase->get<std::string>() == "start";
}

void NoteGarbage(ProbeOutput& out, std::string_view line) {
  if (out.garbage_lines++ == 0) out.garbage_sample = Printable(line, 120);
}

}  // namespace

ProbeOutput ParseProbeOutput(std::string_view text) {
  ProbeOutput out;
  for (const std::string& raw : SplitLines(text)) {
    std::string_view line = Trim(raw);
    if (line.empty()) continue;
    auto j = JsonDepthOk(line) ? nlohmann::json::parse(line.begin(), line.end(), nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
    if (j.is_discarded() || !IsProbeLine(j)) {
      NoteGarbage(out, line);
      continue;
    }
    std::string probe = j["probe"].get<std::string>();
    if (probe == "done") {
      out.done = true;
    } else if (IsStartLine(j)) {
      out.started.push_back(probe);
    } else if (probe == "runtime" && !j.contains("device")) {
      out.summary = std::move(j);
    } else if (j.contains("status") && j["status"].is_string()) {
      out.results.push_back(std::move(j));
    } else {
      NoteGarbage(out, line);
    }
  }
  return out;
}

std::string UnfinishedProbe(const ProbeOutput& output) {
  if (output.done || output.started.empty()) return "";
  return output.started.back();
}

std::vector<std::string> LastLines(std::string_view text, size_t count, size_t width) {
  std::vector<std::string> lines;
  for (const std::string& line : SplitLines(text)) {
    if (!Trim(line).empty()) lines.push_back(Printable(line, width));
  }
  if (lines.size() > count) lines.erase(lines.begin(), lines.end() - static_cast<long>(count));
  return lines;
}

}  // namespace rd
