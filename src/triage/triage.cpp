#include "triage/triage.h"

#include <algorithm>
#include <map>

#include "parsers/shell_prompt.h"
#include "triage/line_signals.h"
#include "triage/paste_scan.h"
#include "triage/signature_facts.h"
#include "util/strings.h"

namespace rd {

std::string StripAnsi(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') continue;
    if (c != '\x1b') {
      out += c;
      continue;
    }
    // ESC [ params final-byte (CSI) or ESC + one char.
    if (i + 1 < text.size() && text[i + 1] == '[') {
      size_t j = i + 2;
      while (j < text.size() && !(text[j] >= 0x40 && text[j] <= 0x7e)) ++j;
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

namespace {

// The first line of outputs that never follow on from the text above them: a new piece starts
// there even without a blank line (unless the piece so far is only the prompt that ran it).
bool IsBanner(std::string_view line) {
  return StartsWith(line, "Traceback (most recent call last):") || StartsWith(line, "ROCk module is ") ||
         line.find("ROCm System Management Interface") != std::string_view::npos ||
         StartsWith(line, "Collecting environment information") ||
         line.find("AMD System Management Interface") != std::string_view::npos;
}

// A fence line opens or closes a block ("```", "```bash"); "```cmd``` prose" is inline code on a
// line of content and must not be dropped (ROCm/hip#3805 quotes hipInfo's error that way).
bool IsFence(std::string_view line) {
  for (std::string_view mark : {std::string_view("```"), std::string_view("~~~")}) {
    if (StartsWith(line, mark)) return line.find(mark, line.find_first_not_of(mark[0])) == std::string_view::npos;
  }
  return false;
}

class Splitter {
 public:
  Splitter(std::string file) : file_(std::move(file)) {}

  void Add(const std::string& line, size_t number) {
    std::string_view trimmed = Trim(line);
    if (IsFence(trimmed)) {
      Flush();
      return;
    }
    if (trimmed.empty()) {
      if (++blank_run_ >= 2) Flush();
      else if (!lines_.empty()) lines_.push_back(line);
      return;
    }
    blank_run_ = 0;
    if (ParseShellPrompt(line)) {
      Flush();
      prompt_start_ = true;
    } else if (IsBanner(trimmed) && !lines_.empty() && !(prompt_start_ && lines_.size() == 1)) {
      Flush();
    }
    if (lines_.empty()) first_ = number;
    lines_.push_back(line);
  }

  std::vector<PastePiece> Finish() {
    Flush();
    return std::move(pieces_);
  }

 private:
  void Flush() {
    while (!lines_.empty() && Trim(lines_.back()).empty()) lines_.pop_back();
    if (!lines_.empty()) {
      PastePiece piece;
      piece.file = file_;
      piece.first_line = first_;
      piece.source = file_ + ":" + std::to_string(first_) + "-" + std::to_string(first_ + lines_.size() - 1);
      for (const auto& l : lines_) piece.text += l + "\n";
      piece.kind = "unknown";
      pieces_.push_back(std::move(piece));
    }
    lines_.clear();
    blank_run_ = 0;
    prompt_start_ = false;
  }

  std::string file_;
  std::vector<std::string> lines_;
  std::vector<PastePiece> pieces_;
  size_t first_ = 1;
  size_t blank_run_ = 0;
  bool prompt_start_ = false;
};

std::string_view FirstLine(std::string_view text) { return text.substr(0, text.find('\n')); }

void RecordPrompt(const PastePiece& piece, size_t index, Facts& facts) {
  std::string line(FirstLine(piece.text));
  auto prompt = ParseShellPrompt(line);
  if (!prompt) return;
  Evidence ev{"paste:" + piece.file + ":" + std::to_string(piece.first_line), line};
  // user_name / hostname are sensitive keys: the redactor learns them and scrubs every excerpt.
  // One prompt line is the evidence of all its fields: recorded once, on the prompt (a paste with
  // 10,000 prompts carried 60,000 copies of its lines, 7.7 MB of a 14 MB report; D15).
  std::string at = "triage.prompts[" + std::to_string(index) + "]";
  if (!prompt->user.empty()) facts.Set(at + ".user_name", prompt->user);
  if (!prompt->host.empty()) facts.Set(at + ".hostname", prompt->host);
  facts.Set(at + ".os", prompt->os);
  if (!prompt->cwd.empty()) facts.Set(at + ".cwd", prompt->cwd);
  if (!prompt->venv.empty()) facts.Set(at + ".venv", prompt->venv);
  // a cluster project / billing account ("[cad14908] user@login6"): sensitive like the user (account)
  if (!prompt->account.empty()) facts.Set(at + ".account", prompt->account);
  facts.Set(at + ".command", prompt->command);
  facts.Set(at + ".root", prompt->root);
  facts.Set(at + ".source", piece.source);
  facts.SetEvidence(at, ev);
  if (prompt->os == "windows") facts.Set("triage.windows_prompt", true, ev);
}

// Any sign of an AMD GPU stack in a piece: the first such line, for rules that need "this is an
// AMD box" (a CUDA torch wheel is only wrong there, pitfalls.md #19).
bool FindAmdLine(const PastePiece& piece, Evidence& ev) {
  static const char* const kWords[] = {"amdgpu", "ROCm", "rocm", "Radeon", "AMD Instinct", "/dev/kfd", "HSA_",
                                       "hipError", "gfx90", "gfx10", "gfx11", "gfx12", "gfx803"};
  size_t best = std::string::npos;
  for (const char* word : kWords) best = std::min(best, piece.text.find(word));
  if (best == std::string::npos) return false;
  size_t start = piece.text.rfind('\n', best);
  start = start == std::string::npos ? 0 : start + 1;
  size_t line = piece.first_line + static_cast<size_t>(std::count(piece.text.begin(), piece.text.begin() + static_cast<long>(start), '\n'));
  std::string_view text = std::string_view(piece.text).substr(start);
  ev = {"paste:" + piece.file + ":" + std::to_string(line), std::string(Trim(text.substr(0, std::min<size_t>(text.find('\n'), 300))))};
  return true;
}

}  // namespace

Evidence PasteLine(const PasteOrigin& origin, size_t index, std::string_view line) {
  std::string excerpt(Trim(line));
  if (excerpt.size() > 400) excerpt = excerpt.substr(0, 397) + "...";
  return {"paste:" + origin.file + ":" + std::to_string(origin.first_line + index), excerpt};
}

size_t NextIndex(const Facts& facts, std::string_view path) {
  auto found = facts.Get(path);
  return found.value && found.value->is_array() ? found.value->size() : 0;
}

bool AppendUnique(Facts& facts, const std::string& path, const nlohmann::json& value, const Evidence& ev, size_t cap) {
  auto known = facts.Get(path);
  nlohmann::json list = known.value && known.value->is_array() ? *known.value : nlohmann::json::array();
  if (list.size() >= cap || std::find(list.begin(), list.end(), value) != list.end()) return false;
  list.push_back(value);
  facts.Set(path, list, ev);
  return true;
}

std::vector<PastePiece> SplitPaste(std::string_view text, const std::string& source) {
  std::string clean = StripAnsi(text);
  Splitter splitter(source);
  auto lines = SplitLines(clean);
  for (size_t i = 0; i < lines.size(); ++i) splitter.Add(lines[i], i + 1);
  return splitter.Finish();
}

Facts TriageFacts(std::vector<PastePiece>& pieces, const nlohmann::json* data) {
  Facts facts;
  // What the paste does not show set is taken as not set (as on the live machine, where the
  // environment collector always runs): a pasted gfx1031 without an override gets the override
  // advice (issue 13). Variables the paste sets are added below.
  facts.Set("env", nlohmann::json::object(), {"paste", "no assignment of this variable in the paste"});
  // Likewise the GPUs: every line is searched for them (derive/gpu_sightings.cpp), so "gpu.count"
  // absent means "the paste names no GPU", which rules such as driver.paste-rock-not-loaded-no-gpu-named
  // ask; an empty root shows no "[✓] GPUs and driver" for a paste that never mentions one.
  facts.Set("gpu", nlohmann::json::object(), {"paste", "no GPU named in the paste"});
  size_t prompts = 0, unknown = 0;
  bool amd_seen = false;
  std::map<std::string, size_t> kinds_seen;
  const auto names_table = ProductNames::For(data);
  const ProductNames& names = *names_table;
  const auto signature_table = SignatureTableFor(data);
  const SignatureTable& signatures = *signature_table;
  // Present and empty where no known error string shows: a signature rule is then false, not unknown.
  facts.Set("triage.signatures", nlohmann::json::array(), {"paste", "no known error string (rules/data/signatures*.toml) on any line"});
  for (size_t i = 0; i < pieces.size(); ++i) {
    auto& piece = pieces[i];
    const PasteOrigin origin{piece.file, piece.first_line, data};
    std::string at = "triage.pieces[" + std::to_string(i) + "]";
    if (ParseShellPrompt(FirstLine(piece.text))) {
      piece.prompt = static_cast<int>(prompts);
      RecordPrompt(piece, prompts++, facts);
      facts.Set(at + ".prompt", piece.prompt);
    }
    // The first kind that recognises the piece names it; any other kind that also recognises it
    // parses it too (a traceback that quotes a HIP error is both), listed as "also".
    nlohmann::json also = nlohmann::json::array();
    for (const auto& kind : AllPasteKinds()) {
      if (!kind.recognize(piece.text)) continue;
      if (piece.kind == "unknown") piece.kind = kind.name;
      else also.push_back(kind.name);
      kind.parse(piece.text, origin, facts);
    }
    // Every piece, claimed by a kind or not: its commands, assignments and entities (issue 13).
    AddPastedCommandFacts(piece, origin, facts);
    AddEntityFacts(piece, origin, names, facts);
    AddIdentityFacts(piece, origin, facts);
    AddLineSignalFacts(piece, origin, facts);
    AddSignatureFacts(piece, origin, signatures, facts);
    facts.Set(at + ".kind", piece.kind);
    facts.Set(at + ".source", piece.source);
    facts.Set(at + ".lines", static_cast<int>(SplitLines(piece.text).size()));
    if (!also.empty()) facts.Set(at + ".also", also);
    ++kinds_seen[piece.kind];
    Evidence amd;
    if (!amd_seen && FindAmdLine(piece, amd)) {
      amd_seen = true;
      facts.Set("triage.amd_seen", true, amd);
    }
    if (piece.kind == "unknown" && (piece.prompt < 0 || piece.text.find('\n') + 1 < piece.text.size())) {
      // Kept as evidence, never guessed at: the reader sees what was not understood.
      std::string excerpt(piece.text.substr(0, 300));
      facts.Set("triage.unknown[" + std::to_string(unknown++) + "]", piece.source,
                Evidence{"paste:" + piece.source, std::string(Trim(excerpt))});
    }
  }
  if (!amd_seen) facts.Set("triage.amd_seen", false);
  if (pieces.empty()) facts.Set("triage.pieces", nlohmann::json::array());
  std::string summary = std::to_string(pieces.size()) + (pieces.size() == 1 ? " piece" : " pieces");
  std::string sep = ": ";
  for (const auto& [kind, count] : kinds_seen) {
    summary += sep + kind + (count > 1 ? " ×" + std::to_string(count) : "");
    sep = ", ";
  }
  facts.Set("triage.summary", summary);
  return facts;
}

}  // namespace rd
