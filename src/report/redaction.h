#pragma once
/// Redaction for reports that leave the machine (JSON and Markdown by default): hostnames, user
/// and personal group names, home paths, e-mail, IPv4/IPv6 and MAC addresses, serial numbers
/// and UUIDs. System group names (GID < 1000: video, render) stay: they are the diagnosis.
#include <cstdint>
#include <regex>
#include <unordered_map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/facts.h"
#include "util/secret_names.h"

namespace rd {

class Redactor {
 public:
  /// Learns the literal secrets (hostname, user, home, personal groups, serials) from facts.
  explicit Redactor(const Facts& facts);
  /// Adds a literal to scrub everywhere (for tests and triage: a user name seen in a prompt).
  void AddLiteral(const std::string& literal, const std::string& replacement);
  std::string Scrub(const std::string& text) const;
  /// Scrubs every string and key of a JSON document; fact values whose key names a secret
  /// (hostname, serial, uuid, mac …) are replaced whole.
  nlohmann::json ScrubJson(const nlohmann::json& document) const;

 private:
  static constexpr size_t kMaxScannedLine = 8192;
  std::string ScrubLine(const std::string& line) const;
  struct Literal {
    std::string text, replacement;
  };
  std::vector<Literal> literals_;  ///< Longest first.
  /// First three bytes of each literal -> its indices in literals_ (longest first), so a line is
  /// scanned once however many prompt names a large triage taught the redactor.
  std::unordered_map<uint32_t, std::vector<uint32_t>> index_;
};

struct Report;
/// The report with every string scrubbed: render JSON or Markdown from this for sharing.
Report RedactReport(const Report& report);


}  // namespace rd
