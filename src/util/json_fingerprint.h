#pragma once
/// A 64-bit fingerprint of a JSON value's content (keys, strings, numbers, structure), computed
/// without serialising it: the key under which data compiled from rules/data is cached. Dumping a
/// 30 KiB table per paste to key the cache cost more than a tenth of a triage (perf, fuzz_triage).
#include <cstdint>

#include <nlohmann/json.hpp>

namespace rd {

uint64_t JsonFingerprint(const nlohmann::json& value);

}  // namespace rd
