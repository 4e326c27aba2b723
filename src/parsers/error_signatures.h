#pragma once
/// Known error strings as data (rules/data/signatures*.toml, issue 13 item 4): each names a
/// failure mode a maintainer recognises from one line of any tool's output ("rocblaslt error:
/// Cannot read …TensileLibrary", "HIP error: invalid device function"), whatever kind of paste
/// it sits in. Rules then test `triage.signatures` instead of every paste kind growing a parser
/// for its own error lines. Pure: the table is JSON from the rule database, the text a string.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/regex.h"

namespace rd {

struct ErrorSignature {
  std::string id;       ///< [a-z0-9_]+, unique over every signatures*.toml
  std::string pattern;  ///< RE2, tried on each line
  std::string table;    ///< the data table it came from ("signatures_apps"), for messages
};

struct SignatureTable {
  std::vector<ErrorSignature> signatures;
  RegexSet set;                       ///< every pattern that compiled, one pass per line
  std::vector<Regex> regexes;         ///< per signature, for its capture (same index)
  std::vector<std::string> problems;  ///< "signatures_apps: signature 3 (id x): …", for `rules lint`
};

/// Every `[[signature]]` of every data table whose name starts with "signatures".
SignatureTable LoadSignatureTable(const nlohmann::json* data);

struct SignatureHit {
  size_t signature = 0;  ///< index into SignatureTable::signatures
  size_t line = 0;       ///< 0-based line in the text
  std::string line_text; ///< the line (trimmed, at most 400 bytes)
  std::string value;     ///< the first capture group when the pattern has one, else the match
};

/// The first hit of each signature in `text`, in line order. Lines past `max_lines`, and bytes of
/// a line past 4 KiB, are not looked at (a hostile paste stays linear and bounded).
std::vector<SignatureHit> MatchSignatures(const SignatureTable& table, std::string_view text, size_t max_lines = 20000);

}  // namespace rd
