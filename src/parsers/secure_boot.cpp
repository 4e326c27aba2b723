#include "parsers/secure_boot.h"

#include "util/strings.h"

namespace rd {

SecureBootSignals ParseSecureBootSignals(std::string_view text) {
  SecureBootSignals out;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(std::string_view(lines[i]).substr(0, 1024));
    auto at = [&] { return SecureBootLine{i, std::string(s.substr(0, 400))}; };
    if (!out.enabled) {
      // mokutil prints the bare state line; bootctl "Secure Boot: enabled (user)". Prose such as
      // "is SecureBoot enabled?" is not a state line, so the state must start the line.
      std::string_view rest;
      if (StartsWith(s, "SecureBoot ")) rest = s.substr(11);
      else if (StartsWith(s, "Secure Boot: ")) rest = s.substr(13);
      if (StartsWith(rest, "enabled") || StartsWith(rest, "disabled")) {
        std::string_view word = rest.substr(0, rest.find_first_of(" ?"));
        if (word == "enabled" || word == "disabled") {
          out.enabled = word == "enabled";
          out.state_line = at();
        }
      }
    }
    if (!out.key_rejected && Contains(s, "Key was rejected by service")) out.key_rejected = at();
    if (!out.verification_failed && Contains(s, "module verification failed: signature and/or required key missing")) {
      out.verification_failed = at();
    }
  }
  return out;
}

}  // namespace rd
