#pragma once
/// Redaction for reports that leave the machine (JSON and Markdown by default): hostnames, user
/// and personal group names, home paths, e-mail, IPv4/IPv6 and MAC addresses, serial numbers,
/// machine ids and UUIDs, and secrets in free text (`HF_TOKEN=…`, token shapes such as `ghp_…`,
/// `AKIA…`; hostile-input report D4). System group names (GID < 1000: video, render) stay: they
/// are the diagnosis.
#include <set>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/facts.h"
#include "report/literal_matcher.h"
#include "util/secret_names.h"

namespace rd {

class Redactor {
 public:
  Redactor() = default;
  /// Learns the literal secrets (hostname, user, home, personal groups, serials) from facts.
  explicit Redactor(const Facts& facts) { Learn(facts); }
  /// Learns the literals of one more report; strings in `keep` are never learned (fleet keeps
  /// node names, docs/fleet-schema.md).
  void Learn(const Facts& facts, const std::set<std::string>& keep = {});
  /// Adds a literal to scrub everywhere (for tests and triage: a user name seen in a prompt).
  /// Amortised O(1): the matcher is built once, before the next Scrub.
  void AddLiteral(const std::string& literal, const std::string& replacement);
  std::string Scrub(const std::string& text) const;
  /// Scrubs every string and key of a JSON document; fact values whose key names a secret
  /// (hostname, serial, uuid, mac …) are replaced whole.
  nlohmann::json ScrubJson(const nlohmann::json& document) const;
  void ScrubJsonInPlace(nlohmann::json& document) const;

 private:
  static constexpr size_t kMaxScannedLine = 8192;
  std::string ScrubLine(const std::string& line) const;
  bool SensitiveKey(const std::string& key) const;
  std::string ScrubKey(const std::string& key) const;
  LiteralMatcher literals_;
  std::set<std::string> keep_;
  // Caches: keys repeat across a large report. Not thread-safe, like the lazily built matcher.
  mutable std::unordered_map<std::string, bool> sensitive_keys_;
  mutable std::unordered_map<std::string, std::string> scrubbed_keys_;
};

struct Report;
/// The report with every string scrubbed: render JSON or Markdown from this for sharing.
Report RedactReport(const Report& report);

}  // namespace rd
