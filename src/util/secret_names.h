#pragma once
/// Which names say their value is personal or secret. Shared by redaction (report/), the
/// environment collector and the recorder (system/), so a snapshot's env.json leaves out exactly
/// what a report leaves out (snapshot-format.md; hostile-input report D3).
#include <string>

namespace rd {

/// True for names of facts or variables whose value identifies a person or machine (hostname,
/// serial, uuid, mac, user name, home) or is a secret: redacted whole in shared reports.
bool IsSensitiveKey(const std::string& key);
/// True for names that say the value is a secret (token, password, credential, API key): such
/// variables are never collected or recorded. Token-based, so AMD_SERIALIZE_KERNEL is not "serial".
bool IsSecretName(const std::string& key);

}  // namespace rd
