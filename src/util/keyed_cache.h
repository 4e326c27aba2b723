#pragma once
/// A process-wide cache of values built from data (a compiled regex set, a name table), keyed by
/// the data's content (util/json_fingerprint.h) rather than by a pointer: a test may load another
/// rule directory at the same address. Values are shared, so one dropped from the cache stays alive for whoever holds it.
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace rd {

template <typename T>
class KeyedCache {
 public:
  explicit KeyedCache(size_t limit = 8) : limit_(limit) {}

  /// The value for `key`, built by `make()` the first time. A long-lived test process that loads
  /// many databases stays bounded: past `limit` keys the cache starts over.
  template <typename Make>
  std::shared_ptr<const T> Get(const std::string& key, Make&& make) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = values_.find(key); it != values_.end()) return it->second;
    if (values_.size() >= limit_) values_.clear();
    auto value = std::make_shared<const T>(make());
    values_.emplace(key, value);
    return value;
  }

 private:
  size_t limit_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const T>> values_;
};

}  // namespace rd
