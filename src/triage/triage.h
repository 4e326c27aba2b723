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

/// One kind of paste (rocminfo, rocm-smi, ldd, collect_env …): one file per kind in src/triage/.
struct PasteKind {
  const char* name;
  /// Cheap check on the whole piece: does this text look like my kind?
  bool (*recognize)(std::string_view text);
  /// Pure parser: text -> facts (same names as the live collectors use).
  void (*parse)(std::string_view text, Facts& facts);
};

/// Every registered kind, most specific first (triage_registry.cpp).
const std::vector<PasteKind>& AllPasteKinds();
/// Facts that only triage produces (triage.pieces …), for lint and docs.
const std::vector<FactSpec>& TriageFactSpecs();

struct PastePiece {
  std::string source;  ///< File name (or "stdin") and line range.
  std::string text;
  std::string kind;    ///< Recognised kind, or "unknown".
};

/// Removes ANSI colour/escape sequences and carriage returns (pasted terminal output).
std::string StripAnsi(std::string_view text);
/// Splits a paste into pieces at code fences; each piece keeps its source line range.
std::vector<PastePiece> SplitPaste(std::string_view text, const std::string& source);
/// Recognises and parses every piece; records triage.pieces[] with kind and source.
Facts TriageFacts(std::vector<PastePiece>& pieces);

}  // namespace rd
