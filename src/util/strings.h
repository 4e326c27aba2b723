#pragma once
/// Small string helpers with no rocm-doctor types.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

std::string_view Trim(std::string_view text);
std::vector<std::string> Split(std::string_view text, char sep);
std::vector<std::string> SplitLines(std::string_view text);
bool StartsWith(std::string_view text, std::string_view prefix);
bool EndsWith(std::string_view text, std::string_view suffix);
bool Contains(std::string_view text, std::string_view needle);
/// The text between the first pair of double quotes after `marker`; "" when there is none.
std::string QuotedAfter(std::string_view text, std::string_view marker);
std::string ToLower(std::string_view text);
std::string Join(const std::vector<std::string>& parts, std::string_view sep);
/// Parses a whole decimal (or 0x-prefixed hex) integer; nullopt on anything else.
std::optional<long long> ParseInt(std::string_view text);
/// True when every byte is printable ASCII/UTF-8 text or common whitespace (no NUL, no control).
bool LooksLikeText(std::string_view text);
/// Replaces control bytes and invalid UTF-8 so a hostile value can be printed and put in JSON.
std::string Printable(std::string_view text, size_t max_len = 512);
/// A JSON library exception's message without its "[json.exception.type_error.302] " prefix.
std::string PlainJsonError(std::string_view what);
/// Levenshtein distance, for "did you mean".
size_t EditDistance(std::string_view a, std::string_view b);

}  // namespace rd
