#include "report/redaction.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <optional>

#include "util/regex.h"
#include "util/secret_names.h"
#include "util/strings.h"

namespace rd {

using nlohmann::json;

namespace {

// Words too common to scrub as literals: a host called "debian" must not erase os.id.
const std::set<std::string> kStopWords = {"localhost", "root", "debian", "ubuntu", "linux", "fedora", "rhel",
                                          "centos", "arch", "rocm", "docker", "container", "admin", "user",
                                          "gpu", "amd", "node", "test", "render", "video", "users", "home"};

// Decides, for one match, that it is no secret after all (a version that looks like an IPv4).
using KeepMatch = bool (*)(std::string_view text, const RegexMatch& match);

struct Pattern {
  Regex regex;
  int group;  // the submatch that is the secret; the rest of the match is context that stays
  const char* replacement;
  // A match needs one of these substrings (lower case: compared with the lower-cased line), so
  // the lines without any skip the scan: a triage JSON has hundreds of thousands of strings.
  std::vector<std::string> needles;
  KeepMatch keep = nullptr;
  bool needles_any_case = false;
};

size_t Offset(std::string_view text, std::string_view part) { return static_cast<size_t>(part.data() - text.data()); }

// "firmware 1.2.3.4", "ABI 10.0.0.1", "version: 1.2.3.4", "1.2.3.4.5", "2.4.1.0": a version, not an address
// (hostile-input report m7). "inet 10.0.0.1", "addr:10.0.0.1", "http://10.1.2.3/" stay addresses.
bool IsVersionNotAddress(std::string_view text, const RegexMatch& match) {
  size_t begin = Offset(text, *match.groups[0]), end = begin + match.groups[0]->size();
  auto digit = [&](size_t i) { return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); };
  if (end + 1 < text.size() && text[end] == '.' && digit(end + 1)) return true;   // 1.2.3.4.5
  if (begin >= 2 && text[begin - 1] == '.' && digit(begin - 2)) return true;      // 5.1.2.3.4
  // A kernel release: "5.15.167.4-microsoft-standard-WSL2", "6.6.87.2-microsoft…".
  if (text.substr(end, 10) == "-microsoft" || text.substr(end, 4) == "-WSL") return true;
  // Four single digits ("torch 2.4.1.0"): a version; no private address looks like that, and
  // the public ones that do are resolvers (8.8.8.8), nobody's machine.
  if (match.groups[0]->size() == 7) return true;
  // A zero-padded field ("01.26.00.04", the GPU firmware bundle amd-smi prints as PLDM_BUNDLE):
  // nobody writes an address that way, and inet_pton rejects it (issue 18: fleet compares it).
  std::string_view dotted = *match.groups[0];
  for (size_t at = 0; at < dotted.size(); at = dotted.find('.', at) == std::string_view::npos ? dotted.size() : dotted.find('.', at) + 1) {
    if (dotted[at] == '0' && at + 1 < dotted.size() && std::isdigit(static_cast<unsigned char>(dotted[at + 1]))) return true;
  }
  size_t i = begin;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == ':' || text[i - 1] == '=')) --i;
  size_t word_end = i;
  while (i > 0 && std::isalpha(static_cast<unsigned char>(text[i - 1]))) --i;
  std::string word = ToLower(text.substr(i, word_end - i));
  static const std::set<std::string> kVersionWords = {"version", "ver", "v", "firmware", "fw", "abi", "release",
                                                      "rev", "revision", "build", "vbios", "bios", "driver"};
  return kVersionWords.count(word) > 0;
}

// The IPv6 pattern ends where the address ends: not followed by a word character or a colon.
bool IsNotWholeIpv6(std::string_view text, const RegexMatch& match) {
  size_t end = Offset(text, *match.groups[1]) + match.groups[1]->size();
  if (end >= text.size()) return false;
  unsigned char next = static_cast<unsigned char>(text[end]);
  return std::isalnum(next) || next == '_' || next == ':';
}

bool IsNotSecretName(std::string_view, const RegexMatch& match) { return !IsSecretName(match[2]); }

// Real tokens are random: a digit somewhere. "hf_transfer", "sk-learn-whatever" are names.
// "Linux version 6.8.0 …" (the kernel's banner) names no host.
bool IsKernelBannerWord(std::string_view, const RegexMatch& match) { return match[1] == "version"; }

bool HasNoDigit(std::string_view, const RegexMatch& match) {
  std::string token = match[1];
  return std::none_of(token.begin(), token.end(), [](unsigned char c) { return std::isdigit(c); });
}

// A value after a KEY/TOKEN/SECRET/PASSWORD word that looks random (three character classes and
// about 3.5 bits per character), not a word or a path.
bool LooksLowEntropy(std::string_view, const RegexMatch& match) {
  std::string value = match[3];
  int lower = 0, upper = 0, digit = 0, other = 0;
  std::array<int, 256> counts{};
  for (unsigned char c : value) {
    ++counts[c];
    if (std::islower(c)) lower = 1;
    else if (std::isupper(c)) upper = 1;
    else if (std::isdigit(c)) digit = 1;
    else other = 1;
  }
  double entropy = 0;
  for (int n : counts) {
    if (n == 0) continue;
    double p = static_cast<double>(n) / static_cast<double>(value.size());
    entropy -= p * std::log2(p);
  }
  return lower + upper + digit + other < 3 || entropy < 3.5;
}

// Every name IsSecretName accepts has one of these words.
const std::vector<std::string> kSecretWords = {"key", "token", "secret", "passw", "credential", "auth", "cookie",
                                               "pwd", "passphrase"};

const std::vector<Pattern>& Patterns() {
  // Bytes, not UTF-8: `[^/\s]+` must also span a user name with invalid UTF-8 in it.
  static const std::vector<Pattern> patterns = [] {
    Regex::Options bytes{false, true}, icase{true, true};
    auto re = [](const char* pattern, Regex::Options options) { return Regex::Literal(pattern, options); };
    return std::vector<Pattern>{
        // Secrets by name: HF_TOKEN=…, export AWS_SECRET_ACCESS_KEY=…, "MY_PASSWORD": "…",
        // Authorization: Bearer … (the name stays, the value goes).
        {re(R"((^|[^A-Za-z0-9_])(?:export\s+)?["']?([A-Za-z_][A-Za-z0-9_.]*)["']?\s*[:=]\s*(?:(?:Bearer|Basic|token)\s+)?("[^"]*"|'[^']*'|[^\s"',;]+))", bytes),
         3, "<secret>", kSecretWords, IsNotSecretName, true},
        // Token shapes anywhere.
        {re(R"(\b(hf_[A-Za-z0-9]{8,}|gh[pousr]_[A-Za-z0-9]{10,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{20,}|(?:AKIA|ASIA)[A-Z0-9]{16}))", bytes),
         1, "<secret>", {"hf_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xox", "sk-", "AKIA", "ASIA"},
         HasNoDigit},
        // A long random value after a secret word: "aws secret key wJalrXUtnFEMI/K7MDENG…".
        {re(R"(\b(api[_ ]?key|key|token|secret|password|passwd|passphrase)\b(\s*(?:is\s+)?[:=]?\s*["']?)([A-Za-z0-9+/_.=-]{20,}))", icase),
         3, "<secret>", {"key", "token", "secret", "passw", "passphrase"}, LooksLowEntropy, true},
        // DMI serials (grep . /sys/class/dmi/id/*serial, dmidecode "Serial Number: …").
        {re(R"((\b(?:product|board|chassis)_serial\s*[:=]\s*|\bserial[ _]?(?:number|no\.?)?\s*[:=]\s*)(\S.*))", icase),
         2, "<serial>", {"serial"}, nullptr, true},
        // machine-id and boot id (hostnamectl "Machine ID: …").
        {re(R"((\b(?:machine|boot)[ _-]?id\b\s*[:=]?\s*)([0-9a-f]{32}))", icase), 2, "<machine-id>",
         {"machine", "boot"}, nullptr, true},
        {re(R"([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})", bytes), 0, "<email>", {"@"}},
        {re(R"(\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)", icase), 0, "<uuid>", {"-"}},
        {re(R"(\bGPU-([0-9a-f]{16})\b)", icase), 1, "<uuid>", {"-"}},
        {re(R"(\b(?:[0-9a-f]{2}[:-]){5}[0-9a-f]{2}\b)", icase), 0, "<mac>", {":", "-"}},
        {re(R"(\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b)", bytes), 0, "<ipv4>", {"."},
         IsVersionNotAddress},
        {re(R"((?:^|[^\w:])((?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?))", icase),
         1, "<ipv6>", {":"}, IsNotWholeIpv6},
        {re(R"((?:/home|/Users)/([^/\s"'<>]+))", bytes), 1, "<user>", {"/home/", "/Users/"}},
        // C:\Users\bob, and C:\\Users\\bob as JSON-escaped logs print it.
        {re(R"([A-Za-z]:\\+(?:Users|Documents and Settings)\\+([^\\\s"'<>]+))", icase), 1, "<user>", {":\\"}},
        // Host names where tools print them (issue 13 item 7): `uname -a`, journald/syslog lines,
        // RCCL's "Rank 0 Pid 2303 on HOST device 0". In context, so a two-letter host goes too.
        {re(R"(\bLinux ([A-Za-z0-9][A-Za-z0-9._-]*) [2-7]\.[0-9]+\.[0-9]+)", bytes), 1, "<host>", {"Linux "}, IsKernelBannerWord},
        {re(R"(^(?:[A-Z][a-z]{2}|[a-z]{3,4}\.?) {1,2}[0-9]{1,2} [0-9]{2}:[0-9]{2}:[0-9]{2} ([A-Za-z0-9][A-Za-z0-9._-]*) [A-Za-z0-9_.@/-]+(?:\[[0-9]+\])?:)", bytes),
         1, "<host>", {"]:", "kernel:"}},
        {re(R"(\bPid +[0-9]+ on ([A-Za-z0-9][A-Za-z0-9._-]*) device\b)", bytes), 1, "<host>", {" on "}},
    };
  }();
  return patterns;
}

// The line after `cat /sys/class/dmi/id/product_serial` or `cat /etc/machine-id` is the value.
const char* ValueLineReplacement(std::string_view previous) {
  std::string end = ToLower(Trim(previous.substr(previous.size() > 64 ? previous.size() - 64 : 0)));
  for (const char* file : {"product_serial", "board_serial", "chassis_serial"}) {
    if (EndsWith(end, file)) return "<serial>";
  }
  if (EndsWith(end, "machine-id") || EndsWith(end, "boot_id")) return "<machine-id>";
  return nullptr;
}

// The output of that cat: not empty, not an error ("cat: …: Permission denied"), not a prompt.
// VMware serials have spaces ("VMware-42 1a 2b …"), so the whole line goes.
bool IsValueLine(std::string_view line) {
  line = Trim(line);
  return !line.empty() && line.size() <= 128 && !StartsWith(line, "cat:") && !Contains(line, "$ ") && !Contains(line, "# ");
}

// Replaces the pattern's matches in text; false (and text untouched, nothing allocated) when
// there were none, the common case for a candidate line.
bool ReplaceMatches(std::string& text, const Pattern& pattern) {
  std::string out;
  bool replaced = false;
  size_t copied = 0, from = 0;
  auto group = static_cast<size_t>(pattern.group);
  while (from <= text.size()) {
    auto match = pattern.regex.Find(text, from);
    if (!match) break;
    size_t begin = Offset(text, *match->groups[0]), end = begin + match->groups[0]->size();
    from = end > begin ? end : end + 1;
    if (!match->matched(group) || (pattern.keep && pattern.keep(text, *match))) continue;
    size_t at = Offset(text, *match->groups[group]);
    out.append(text, copied, at - copied);
    out += pattern.replacement;
    copied = at + match->groups[group]->size();
    replaced = true;
  }
  if (!replaced) return false;
  out.append(text, std::min(copied, text.size()), std::string::npos);
  text = std::move(out);
  return true;
}

// needle is lower case.
bool ContainsAnyCase(std::string_view haystack, std::string_view needle) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(),
                     [&](char a, char b) { return lower(a) == b; }) != haystack.end();
}

// Iterative so a hostile report nested 100,000 deep cannot exhaust the stack.
template <typename SensitiveKeyFn>
void Collect(const json& root, const SensitiveKeyFn& sensitive, std::vector<std::string>& secrets) {
  // Keys by pointer into the tree, not copied per value: fleet learns from every node's facts.
  static const std::string kNoKey;
  std::vector<std::pair<const json*, const std::string*>> stack = {{&root, &kNoKey}};
  while (!stack.empty()) {
    auto [node, key] = stack.back();
    stack.pop_back();
    if (node->is_object()) {
      for (auto it = node->begin(); it != node->end(); ++it) stack.emplace_back(&*it, &it.key());
    } else if (node->is_array()) {
      for (const auto& v : *node) stack.emplace_back(&v, key);
    } else if (node->is_string() && sensitive(*key)) {
      secrets.push_back(node->get<std::string>());
    }
  }
}

}  // namespace

void Redactor::Learn(const Facts& facts, const std::set<std::string>& keep) {
  keep_.insert(keep.begin(), keep.end());
  std::vector<std::string> secrets;
  Collect(facts.tree(), [this](const std::string& key) { return SensitiveKey(key); }, secrets);
  for (const auto& secret : secrets) AddLiteral(secret, "<redacted>");
  if (auto groups = facts.Get("identity.groups"); groups.value && groups.value->is_array()) {
    for (const auto& group : *groups.value) {
      if (group.is_object() && group.value("gid", 0) >= 1000 && group.contains("name") && group["name"].is_string()) {
        AddLiteral(group["name"].get<std::string>(), "<group>");
      }
    }
  }
}

void Redactor::AddLiteral(const std::string& literal, const std::string& replacement) {
  std::string trimmed(Trim(literal));
  if (trimmed.size() < 3 || kStopWords.count(ToLower(trimmed)) || keep_.count(trimmed)) return;
  literals_.Add(trimmed, replacement);
  scrubbed_keys_.clear();  // scrubbed with fewer literals
}

std::string Redactor::Scrub(const std::string& text) const {
  if (text.size() <= kMaxScannedLine && text.find('\n') == std::string::npos) return ScrubLine(text);
  // Line by line, so the needles skip most lines and a value line can be told by the line above.
  // A line too long to scan is dropped whole rather than risk leaking what it holds.
  std::string out;
  size_t start = 0;
  std::string_view previous;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    const char* value_line = ValueLineReplacement(previous);
    previous = std::string_view(text).substr(start, end - start);
    if (line.size() > kMaxScannedLine) {
      line = "<redacted: line of " + std::to_string(line.size()) + " bytes>";
    } else if (value_line && IsValueLine(line)) {
      line = value_line;
    } else {
      line = ScrubLine(line);
    }
    out += line;
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

std::string Redactor::ScrubLine(const std::string& text) const {
  std::string out = literals_.ReplaceAll(text);
  for (const auto& pattern : Patterns()) {
    bool candidate = pattern.needles.empty();
    for (const auto& needle : pattern.needles) {
      candidate = candidate || (pattern.needles_any_case ? ContainsAnyCase(out, needle) : out.find(needle) != std::string::npos);
    }
    if (candidate) ReplaceMatches(out, pattern);
  }
  return out;
}

bool Redactor::SensitiveKey(const std::string& key) const {
  // Keys repeat (every prompt has user_name, hostname, command …): tokenise each once.
  if (auto hit = sensitive_keys_.find(key); hit != sensitive_keys_.end()) return hit->second;
  bool sensitive = IsSensitiveKey(key);
  if (sensitive_keys_.size() < 100000) sensitive_keys_.emplace(key, sensitive);
  return sensitive;
}

std::string Redactor::ScrubKey(const std::string& key) const {
  // Object keys repeat like SensitiveKey's (user_name, hostname, command …).
  if (auto hit = scrubbed_keys_.find(key); hit != scrubbed_keys_.end()) return hit->second;
  std::string scrubbed = Scrub(key);
  if (scrubbed_keys_.size() < 100000) scrubbed_keys_.emplace(key, scrubbed);
  return scrubbed;
}

json Redactor::ScrubJson(const json& document) const {
  json out = document;
  ScrubJsonInPlace(out);
  return out;
}

void Redactor::ScrubJsonInPlace(json& document) const {
  // In place: a triage of 10,000 prompts has a 13 MB facts tree, and rebuilding it node by node
  // cost more than the scrubbing (hostile-input report D15).
  if (document.is_string()) {
    std::string& text = document.get_ref<std::string&>();
    text = Scrub(text);
  } else if (document.is_array()) {
    for (auto& item : document) ScrubJsonInPlace(item);
  } else if (document.is_object()) {
    std::vector<std::pair<std::string, std::string>> renames;
    for (auto& [key, value] : document.items()) {
      if (SensitiveKey(key) && value.is_string()) value = "<redacted>";
      else ScrubJsonInPlace(value);
      if (std::string scrubbed = ScrubKey(key); scrubbed != key) renames.emplace_back(key, std::move(scrubbed));
    }
    for (auto& [from, to] : renames) {
      json moved = std::move(document[from]);
      document.erase(from);
      document[to] = std::move(moved);
    }
  }
}

}  // namespace rd

#include "report/report.h"

namespace rd {

Report RedactReport(const Report& report) {
  Redactor redactor(report.facts);
  json values = report.facts.tree();
  redactor.ScrubJsonInPlace(values);
  std::map<std::string, Evidence> evidence;
  // The facts of one source share its evidence (a prompt's eight facts, one excerpt): scrub a
  // run of equal evidence once.
  const Evidence* last = nullptr;
  Evidence last_scrubbed;
  for (const auto& [path, ev] : report.facts.evidence()) {
    if (!last || ev.source != last->source || ev.excerpt != last->excerpt) {
      last_scrubbed = Evidence{redactor.Scrub(ev.source), redactor.Scrub(ev.excerpt)};
      last = &ev;
    }
    evidence[redactor.Scrub(path)] = last_scrubbed;
  }
  std::map<std::string, std::string> absent;
  for (const auto& [path, reason] : report.facts.absent()) {
    absent[redactor.Scrub(path)] = IsSensitiveKey(path) ? "<redacted>" : redactor.Scrub(reason);
  }
  // Everything but the facts, which are rebuilt scrubbed (copying the tree twice cost as much as
  // the scrubbing on a large triage, D15).
  Report out;
  out.tool_version = report.tool_version;
  out.rules_version = report.rules_version;
  out.generated_at = report.generated_at;
  out.mode = redactor.Scrub(report.mode);  // "replay /home/alice/snap" (m18)
  out.facts = Facts::FromParts(std::move(values), std::move(evidence), std::move(absent));
  out.collectors = report.collectors;
  out.findings = report.findings;
  out.not_evaluated = report.not_evaluated;
  out.rule_diagnostics = report.rule_diagnostics;
  out.rules_loaded = report.rules_loaded;
  out.rules_evaluated = report.rules_evaluated;
  out.timings = report.timings;
  out.verdicts = report.verdicts;  // their reasons quote paths and errors: scrubbed below
  for (auto& v : out.verdicts) v.reason = redactor.Scrub(v.reason);
  for (auto& f : out.findings) {
    f.title = redactor.Scrub(f.title);
    f.fix = redactor.Scrub(f.fix);
    for (auto& e : f.evidence) {
      e.value = IsSensitiveKey(e.fact) ? "<redacted>" : redactor.Scrub(e.value);
      e.source = redactor.Scrub(e.source);
      e.excerpt = redactor.Scrub(e.excerpt);
    }
  }
  for (auto& c : out.collectors) c.message = redactor.Scrub(c.message);
  for (auto& n : out.not_evaluated) n.reason = redactor.Scrub(n.reason);
  for (auto& d : out.rule_diagnostics) d = redactor.Scrub(d);
  return out;
}

}  // namespace rd
