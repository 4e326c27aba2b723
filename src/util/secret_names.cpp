#include "util/secret_names.h"

#include <cctype>
#include <initializer_list>
#include <vector>

#include "util/strings.h"

namespace rd {

namespace {

// "AMD_SERIALIZE_KERNEL" -> {amd, serialize, kernel}; "serialNumber" -> {serialnumber}.
std::vector<std::string> KeyTokens(const std::string& key) {
  std::vector<std::string> tokens(1);
  for (char c : key) {
    if (std::isalnum(static_cast<unsigned char>(c))) tokens.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!tokens.back().empty()) tokens.emplace_back();
  }
  if (tokens.back().empty()) tokens.pop_back();
  return tokens;
}

bool HasToken(const std::vector<std::string>& tokens, std::initializer_list<const char*> words) {
  for (const auto& t : tokens) {
    for (const char* w : words) {
      if (t == w) return true;
    }
  }
  return false;
}

// Words that mark a secret wherever they appear in a name.
bool HasSecretWord(const std::string& key) {
  std::string k = ToLower(key);
  for (const char* part : {"api_key", "apikey", "private_key", "access_key", "secret", "password", "passwd", "credential"}) {
    if (k.find(part) != std::string::npos) return true;
  }
  return HasToken(KeyTokens(key), {"token", "tokens"});
}

}  // namespace

bool IsSecretName(const std::string& key) {
  // Environment variable names: also any KEY/AUTH/COOKIE word (ROCM_LICENSE_KEY, HF_AUTH).
  return HasSecretWord(key) || HasToken(KeyTokens(key), {"key", "keys", "auth", "authorization", "cookie", "passphrase", "pwd"});
}

bool IsSensitiveKey(const std::string& key) {
  // Fact and JSON keys: identity words and secret words, but not a bare "key" (os.support_key).
  if (HasSecretWord(key)) return true;
  auto tokens = KeyTokens(key);
  if (HasToken(tokens, {"hostname", "nodename", "serial", "serialnumber", "serialno", "uuid", "mac", "macaddress",
                        "username", "email", "account"})) {
    return true;
  }
  std::string k = ToLower(key);
  return k == "home" || k == "user" || k == "user_name" || k == "mac_address" || k == "home_dir" || k == "homedir";
}

}  // namespace rd
