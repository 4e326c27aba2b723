#pragma once
/// `rocm-doctor triage FILE…`: recognise what each pasted text is and turn it into the same
/// facts a live check would produce, so the same rules fire. A piece of unknown kind is kept as
/// evidence, never guessed at; partial input leaves facts absent (rules "not evaluated").
#include <string>
#include <string_view>
#include <vector>

#include "core/collector.h"
#include "core/facts.h"

namespace rd {

/// Where a piece came from, so a kind can cite "paste:<file>:<line>" and read rules/data tables.
/// Passed to every parse (issue 13: an origin is a parameter, not a thread-local).
struct PasteOrigin {
  std::string file = "stdin";
  size_t first_line = 1;
  const nlohmann::json* data = nullptr;  ///< rules/data/*.toml keyed by stem, or null.
};

/// One kind of paste (rocminfo, rocm-smi, ldd, collect_env …): one file per kind in src/triage/.
struct PasteKind {
  const char* name;
  /// Cheap check on the whole piece: does this text look like my kind?
  bool (*recognize)(std::string_view text);
  /// Pure parser: text -> facts (same names as the live collectors use).
  void (*parse)(std::string_view text, const PasteOrigin& origin, Facts& facts);
  /// The facts this kind may write, for `rules lint` (optional).
  const std::vector<FactSpec>* facts = nullptr;
};

/// Every registered kind, most specific first (triage_registry.cpp).
const std::vector<PasteKind>& AllPasteKinds();
/// Facts that only triage produces (triage.pieces …), for lint and docs.
const std::vector<FactSpec>& TriageFactSpecs();

struct PastePiece {
  std::string source;  ///< File name (or "stdin") and line range: "paste.txt:4-9".
  std::string text;
  std::string kind;    ///< Recognised kind, or "unknown".
  std::string file;    ///< File name (or "stdin") alone.
  size_t first_line = 1;
  int prompt = -1;     ///< Index into the prompts SplitPaste found, when the piece starts at one.
};

/// A shell prompt line that started a piece (parsed by parsers/shell_prompt.h).
struct PastePromptLine {
  std::string file;
  size_t line = 0;
  std::string text;
};

/// Evidence for line `index` (0-based, within the piece `origin` describes): "paste:<file>:<line>".
Evidence PasteLine(const PasteOrigin& origin, size_t index, std::string_view line);
/// The next free index of array fact `path` ("kernel_log.probe_failures"), so that several
/// pieces of one kind append rather than overwrite each other.
size_t NextIndex(const Facts& facts, std::string_view path);
/// Adds `value` to the array fact at `path` unless it holds it already or has `cap` elements (a
/// fact several pieces of one paste add to); true when it was added.
bool AppendUnique(Facts& facts, const std::string& path, const nlohmann::json& value, const Evidence& ev, size_t cap);

/// Removes ANSI colour/escape sequences and carriage returns (pasted terminal output).
std::string StripAnsi(std::string_view text);
/// Splits a paste into pieces at code fences, shell prompts (a prompt line starts a piece with
/// its command), runs of two or more blank lines and known banners (a traceback, rocminfo's and
/// rocm-smi's headers, collect_env's first line); each piece keeps its source line range.
std::vector<PastePiece> SplitPaste(std::string_view text, const std::string& source);
/// Recognises and parses every piece; records triage.pieces[] with kind and source, the
/// prompts, `export NAME=value` commands (env.NAME) and unknown pieces as evidence.
Facts TriageFacts(std::vector<PastePiece>& pieces, const nlohmann::json* data = nullptr);

}  // namespace rd
