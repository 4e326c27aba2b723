#pragma once
/// Secure Boot as a paste shows it: `mokutil --sb-state` ("SecureBoot enabled" / "SecureBoot
/// disabled"), `bootctl status` ("Secure Boot: enabled (user)"), and the kernel's answers to a
/// module load: "Key was rejected by service" (an unsigned/unenrolled module refused: Secure Boot
/// enforces signatures) and "module verification failed: signature and/or required key missing"
/// (an unsigned module loaded anyway and tainted the kernel: signatures are not enforced).
#include <optional>
#include <string>
#include <string_view>

namespace rd {

struct SecureBootLine {
  size_t line = 0;  ///< 0-based line in the text
  std::string text;
};

struct SecureBootSignals {
  std::optional<bool> enabled;                   ///< from mokutil/bootctl
  std::optional<SecureBootLine> state_line;
  std::optional<SecureBootLine> key_rejected;
  std::optional<SecureBootLine> verification_failed;
};

SecureBootSignals ParseSecureBootSignals(std::string_view text);

}  // namespace rd
