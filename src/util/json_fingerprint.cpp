#include "util/json_fingerprint.h"

#include <string>

namespace rd {

namespace {

// FNV-1a over the bytes of a token, with the token's kind mixed in so that "1" and 1 differ.
void Mix(uint64_t& h, const void* data, size_t size, unsigned char kind) {
  constexpr uint64_t kPrime = 1099511628211ULL;
  h = (h ^ kind) * kPrime;
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) h = (h ^ p[i]) * kPrime;
}

void Walk(const nlohmann::json& v, uint64_t& h, int depth) {
  if (depth > 64) return;  // rules data is shallow; a hostile one does not recurse forever
  switch (v.type()) {
    case nlohmann::json::value_t::object:
      Mix(h, "{", 1, 1);
      for (const auto& [key, item] : v.items()) {
        Mix(h, key.data(), key.size(), 2);
        Walk(item, h, depth + 1);
      }
      Mix(h, "}", 1, 1);
      break;
    case nlohmann::json::value_t::array:
      Mix(h, "[", 1, 1);
      for (const auto& item : v) Walk(item, h, depth + 1);
      Mix(h, "]", 1, 1);
      break;
    case nlohmann::json::value_t::string: {
      const auto& s = v.get_ref<const std::string&>();
      Mix(h, s.data(), s.size(), 3);
      break;
    }
    case nlohmann::json::value_t::boolean: {
      bool b = v.get<bool>();
      Mix(h, &b, sizeof b, 4);
      break;
    }
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: {
      auto n = v.get<long long>();
      Mix(h, &n, sizeof n, 5);
      break;
    }
    case nlohmann::json::value_t::number_float: {
      double d = v.get<double>();
      Mix(h, &d, sizeof d, 6);
      break;
    }
    default:
      Mix(h, "n", 1, 7);
  }
}

}  // namespace

uint64_t JsonFingerprint(const nlohmann::json& value) {
  uint64_t h = 14695981039346656037ULL;
  Walk(value, h, 0);
  return h;
}

namespace {
constexpr const char* kStampKey = "_fingerprints";
}

void StampTableFingerprints(nlohmann::json& data) {
  if (!data.is_object()) return;
  nlohmann::json stamps = nlohmann::json::object();
  for (const auto& [name, table] : data.items()) {
    if (name != kStampKey) stamps[name] = JsonFingerprint(table);
  }
  data[kStampKey] = std::move(stamps);
}

uint64_t TableFingerprint(const nlohmann::json& data, const std::string& table) {
  if (!data.is_object()) return 0;
  if (auto stamps = data.find(kStampKey); stamps != data.end() && stamps->is_object()) {
    if (auto it = stamps->find(table); it != stamps->end() && it->is_number_unsigned()) return it->get<uint64_t>();
  }
  auto it = data.find(table);
  return it == data.end() ? 0 : JsonFingerprint(*it);
}

}  // namespace rd
