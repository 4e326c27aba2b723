#include "util/regex.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstdio>

#include <re2/re2.h>
#include <re2/set.h>

namespace rd {

namespace {

re2::StringPiece Piece(std::string_view text) { return re2::StringPiece(text.data(), text.size()); }

}  // namespace

std::string RegexMatch::operator[](size_t i) const {
  return matched(i) ? std::string(*groups[i]) : std::string();
}

Result<Regex> Regex::Compile(std::string_view pattern, Options options) {
  RE2::Options re_options;
  re_options.set_log_errors(false);
  re_options.set_case_sensitive(!options.case_insensitive);
  if (options.bytes) re_options.set_encoding(RE2::Options::EncodingLatin1);
  auto re = std::make_shared<const RE2>(Piece(pattern), re_options);
  if (!re->ok()) return Error{ErrorKind::Invalid, re->error()};
  return Regex(std::move(re));
}

Regex Regex::Literal(std::string_view pattern, Options options) {
  auto compiled = Compile(pattern, options);
  if (!compiled) {
    std::fprintf(stderr, "rocm-doctor: bug: built-in regular expression '%.*s': %s\n", static_cast<int>(pattern.size()),
                 pattern.data(), compiled.error().message.c_str());
    std::abort();
  }
  return std::move(compiled).value();
}

std::optional<RegexMatch> Regex::Run(std::string_view text, size_t from, bool whole) const {
  if (from > text.size()) return std::nullopt;
  int count = re_->NumberOfCapturingGroups() + 1;
  // On the stack for the usual few groups: most searches find nothing, and redaction runs
  // hundreds of thousands of them.
  std::array<re2::StringPiece, 8> small;
  std::vector<re2::StringPiece> large(count > 8 ? static_cast<size_t>(count) : 0);
  re2::StringPiece* pieces = count > 8 ? large.data() : small.data();
  if (!re_->Match(Piece(text), from, text.size(), whole ? RE2::ANCHOR_BOTH : RE2::UNANCHORED, pieces, count)) {
    return std::nullopt;
  }
  RegexMatch match;
  for (int i = 0; i < count; ++i) {
    const re2::StringPiece& piece = pieces[i];
    if (piece.data() == nullptr) match.groups.emplace_back(std::nullopt);
    else match.groups.emplace_back(std::string_view(piece.data(), piece.size()));
  }
  return match;
}

bool Regex::Search(std::string_view text) const { return re_->Match(Piece(text), 0, text.size(), RE2::UNANCHORED, nullptr, 0); }

bool Regex::FullMatch(std::string_view text) const {
  return re_->Match(Piece(text), 0, text.size(), RE2::ANCHOR_BOTH, nullptr, 0);
}

std::optional<RegexMatch> Regex::Find(std::string_view text, size_t from) const { return Run(text, from, false); }

std::optional<RegexMatch> Regex::Match(std::string_view text) const { return Run(text, 0, true); }

std::string Regex::ReplaceAll(std::string_view text, int group, std::string_view replacement) const {
  std::string out;
  size_t copied = 0, from = 0;
  while (auto match = Find(text, from)) {
    std::string_view whole = *match->groups[0];
    size_t begin = static_cast<size_t>(whole.data() - text.data()), end = begin + whole.size();
    if (match->matched(static_cast<size_t>(group))) {
      std::string_view secret = *match->groups[static_cast<size_t>(group)];
      size_t at = static_cast<size_t>(secret.data() - text.data());
      out.append(text.substr(copied, at - copied));
      out.append(replacement);
      copied = at + secret.size();
    }
    from = end > begin ? end : end + 1;  // an empty match moves on by one byte
    if (from > text.size()) break;
  }
  out.append(text.substr(copied));
  return out;
}

const std::string& Regex::pattern() const { return re_->pattern(); }

RegexSet RegexSet::Compile(const std::vector<std::string>& patterns, Regex::Options options,
                           std::vector<std::string>& problems) {
  RE2::Options re_options;
  re_options.set_log_errors(false);
  re_options.set_case_sensitive(!options.case_insensitive);
  if (options.bytes) re_options.set_encoding(RE2::Options::EncodingLatin1);
  // Hundreds of case-insensitive unanchored patterns make a large DFA: with RE2's default 8 MB
  // budget its state cache filled and was rebuilt on nearly every line (two thirds of a paste's
  // triage time went to building DFA states, bench/fuzz_exec_speed.sh). The states are built once
  // and kept.
  re_options.set_max_mem(int64_t{256} << 20);
  auto set = std::make_shared<RE2::Set>(re_options, RE2::UNANCHORED);
  RegexSet out;
  problems.assign(patterns.size(), "");
  for (size_t i = 0; i < patterns.size(); ++i) {
    std::string error;
    if (set->Add(Piece(patterns[i]), &error) < 0) {
      problems[i] = error.empty() ? "does not compile" : error;
      continue;
    }
    out.index_.push_back(i);
  }
  if (out.index_.empty() || !set->Compile()) {
    if (!out.index_.empty()) problems.assign(patterns.size(), "the set of patterns is too large to compile");
    out.index_.clear();
    return out;
  }
  out.set_ = std::move(set);
  return out;
}

std::vector<size_t> RegexSet::Matching(std::string_view text) const {
  std::vector<size_t> found;
  if (!set_) return found;
  std::vector<int> hits;
  static_cast<const RE2::Set*>(set_.get())->Match(Piece(text), &hits);
  for (int h : hits) found.push_back(index_[static_cast<size_t>(h)]);
  std::sort(found.begin(), found.end());
  return found;
}

namespace {

// Skips a bracket expression starting at p[i] == '['; returns the index after its ']'.
size_t SkipClass(std::string_view p, size_t i) {
  size_t j = i + 1;
  if (j < p.size() && p[j] == '^') ++j;
  if (j < p.size() && p[j] == ']') ++j;
  while (j < p.size() && p[j] != ']') {
    if (p[j] == '\\') {
      j += 2;
    } else if (p[j] == '[' && j + 1 < p.size() && p[j + 1] == ':') {
      size_t close = p.find(":]", j + 2);
      j = close == std::string_view::npos ? p.size() : close + 2;
    } else {
      ++j;
    }
  }
  return j + 1;
}

// At p[i]: is there an unbounded quantifier (*, +, {n,})?
bool UnboundedAt(std::string_view p, size_t i) {
  if (i >= p.size()) return false;
  if (p[i] == '*' || p[i] == '+') return true;
  if (p[i] != '{') return false;
  size_t close = p.find('}', i);
  if (close == std::string_view::npos) return false;
  std::string_view inside = p.substr(i + 1, close - i - 1);
  return !inside.empty() && inside.back() == ',';
}

}  // namespace

bool HasNestedUnboundedQuantifier(std::string_view p) {
  // One flag per open group: does it hold an unbounded quantifier (at any depth)?
  std::vector<bool> open;
  for (size_t i = 0; i < p.size();) {
    char c = p[i];
    if (c == '\\') {
      i += 2;
    } else if (c == '[') {
      i = SkipClass(p, i);
    } else if (c == '(') {
      open.push_back(false);
      ++i;
      if (i < p.size() && p[i] == '?') {  // (?:…), (?P<name>…), (?i): the '?' is no quantifier
        while (i < p.size() && p[i] != ':' && p[i] != ')' && p[i] != '>') ++i;
        if (i < p.size() && p[i] != ')') ++i;
      }
    } else if (c == ')') {
      bool inner = !open.empty() && open.back();
      if (!open.empty()) open.pop_back();
      if (inner && UnboundedAt(p, i + 1)) return true;
      if (inner && !open.empty()) open.back() = true;
      ++i;
    } else {
      if (UnboundedAt(p, i) && !open.empty()) open.back() = true;
      ++i;
    }
  }
  return false;
}

}  // namespace rd
