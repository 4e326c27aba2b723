#pragma once
/// A 64-bit fingerprint of a JSON value's content (keys, strings, numbers, structure), computed
/// without serialising it: the key under which data compiled from rules/data is cached. Dumping a
/// 30 KiB table per paste to key the cache cost more than a tenth of a triage (perf, fuzz_triage).
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace rd {

uint64_t JsonFingerprint(const nlohmann::json& value);

/// Where LoadRules stamps each rules/data table's fingerprint, once, under data["_fingerprints"]:
/// data is not changed after loading, and walking the signature tables per paste was still a tenth
/// of a fuzz execution (bench/fuzz_exec_speed.sh). A table added later has no stamp.
void StampTableFingerprints(nlohmann::json& data);
/// The stamped fingerprint of data[table], else one computed now (data built by hand in a test).
uint64_t TableFingerprint(const nlohmann::json& data, const std::string& table);

}  // namespace rd
