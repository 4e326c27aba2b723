#include "report/redaction.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <set>

#include "util/secret_names.h"
#include "util/strings.h"

namespace rd {

using nlohmann::json;

namespace {

// Words too common to scrub as literals: a host called "debian" must not erase os.id.
const std::set<std::string> kStopWords = {"localhost", "root", "debian", "ubuntu", "linux", "fedora", "rhel",
                                          "centos", "arch", "rocm", "docker", "container", "admin", "user",
                                          "gpu", "amd", "node", "test", "render", "video", "users", "home"};

struct Pattern {
  std::regex regex;
  int group;  // the submatch that is the secret; the rest of the match is context that stays
  const char* replacement;
  // A match needs one of these substrings: lines without them skip the (slow) std::regex scan,
  // which keeps redacting a triage of 1,000 pastes fast.
  std::vector<std::string> needles;
};

const std::vector<Pattern>& Patterns() {
  static const std::vector<Pattern> patterns = [] {
    auto icase = std::regex::ECMAScript | std::regex::icase;
    return std::vector<Pattern>{
        {std::regex(R"([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})"), 0, "<email>", {"@"}},
        {std::regex(R"(\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)", icase), 0, "<uuid>", {"-"}},
        {std::regex(R"(\bGPU-([0-9a-f]{16})\b)", icase), 1, "<uuid>", {"-"}},
        {std::regex(R"(\b(?:[0-9a-f]{2}[:-]){5}[0-9a-f]{2}\b)", icase), 0, "<mac>", {":", "-"}},
        {std::regex(R"(\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b)"), 0, "<ipv4>", {"."}},
        {std::regex(R"((?:^|[^\w:])((?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?)(?![\w:]))", icase), 1, "<ipv6>", {":"}},
        {std::regex(R"((?:/home|/Users)/([^/\s"'<>]+))"), 1, "<user>", {"/home/", "/Users/"}},
        {std::regex(R"([A-Za-z]:\\(?:Users|Documents and Settings)\\([^\\\s"'<>]+))", icase), 1, "<user>", {":\\"}},
    };
  }();
  return patterns;
}

std::string ReplaceMatches(const std::string& text, const Pattern& pattern) {
  std::string out;
  size_t copied = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern.regex); it != std::sregex_iterator(); ++it) {
    const auto& match = (*it)[static_cast<size_t>(pattern.group)];
    if (!match.matched) continue;
    size_t at = static_cast<size_t>(match.first - text.begin());
    out.append(text, copied, at - copied);
    out += pattern.replacement;
    copied = at + static_cast<size_t>(match.length());
  }
  out.append(text, copied, std::string::npos);
  return out;
}

void Collect(const json& node, const std::string& key, std::vector<std::string>& secrets) {
  if (node.is_object()) {
    for (const auto& [k, v] : node.items()) Collect(v, k, secrets);
  } else if (node.is_array()) {
    for (const auto& v : node) Collect(v, key, secrets);
  } else if (node.is_string() && IsSensitiveKey(key)) {
    secrets.push_back(node.get<std::string>());
  }
}

}  // namespace

namespace {
uint32_t Prefix3(const std::string& s, size_t at) {
  return (static_cast<uint32_t>(static_cast<unsigned char>(s[at])) << 16) |
         (static_cast<uint32_t>(static_cast<unsigned char>(s[at + 1])) << 8) |
         static_cast<uint32_t>(static_cast<unsigned char>(s[at + 2]));
}
}  // namespace

Redactor::Redactor(const Facts& facts) {
  std::vector<std::string> secrets;
  Collect(facts.tree(), "", secrets);
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
  if (trimmed.size() < 3 || kStopWords.count(ToLower(trimmed))) return;
  // Longest first, so "alice-laptop" goes before "alice"; a sorted insert keeps learning the
  // thousands of prompt names of a large triage linear per name.
  Literal entry{trimmed, replacement};
  auto at = std::upper_bound(literals_.begin(), literals_.end(), entry,
                             [](const Literal& a, const Literal& b) { return a.text.size() > b.text.size(); });
  literals_.insert(at, std::move(entry));
  index_.clear();
  for (uint32_t i = 0; i < literals_.size(); ++i) index_[Prefix3(literals_[i].text, 0)].push_back(i);
}

std::string Redactor::Scrub(const std::string& text) const {
  // Line by line: std::regex recurses per character, so a huge line could exhaust the stack.
  // A line too long to scan is dropped whole rather than risk leaking what it holds.
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (line.size() > kMaxScannedLine) {
      line = "<redacted: line of " + std::to_string(line.size()) + " bytes>";
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
  // Leftmost-longest literal match in one pass (literals are at least 3 bytes long).
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const Literal* hit = nullptr;
    if (i + 3 <= text.size() && !index_.empty()) {
      if (auto bucket = index_.find(Prefix3(text, i)); bucket != index_.end()) {
        for (uint32_t k : bucket->second) {
          if (text.compare(i, literals_[k].text.size(), literals_[k].text) == 0) {
            hit = &literals_[k];
            break;
          }
        }
      }
    }
    if (hit) {
      out += hit->replacement;
      i += hit->text.size();
    } else {
      out += text[i++];
    }
  }
  for (const auto& pattern : Patterns()) {
    bool candidate = false;
    for (const auto& needle : pattern.needles) candidate = candidate || out.find(needle) != std::string::npos;
    if (candidate) out = ReplaceMatches(out, pattern);
  }
  return out;
}

json Redactor::ScrubJson(const json& document) const {
  if (document.is_string()) return Scrub(document.get<std::string>());
  if (document.is_array()) {
    json out = json::array();
    for (const auto& item : document) out.push_back(ScrubJson(item));
    return out;
  }
  if (!document.is_object()) return document;
  json out = json::object();
  for (const auto& [key, value] : document.items()) {
    if (IsSensitiveKey(key) && value.is_string()) out[Scrub(key)] = "<redacted>";
    else out[Scrub(key)] = ScrubJson(value);
  }
  return out;
}

}  // namespace rd

#include "report/report.h"

namespace rd {

Report RedactReport(const Report& report) {
  Redactor redactor(report.facts);
  Report out = report;
  out.facts = Facts::FromJson(redactor.ScrubJson(report.facts.ToJson()));
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
