#include "util/keyed_cache.h"

#include <string>

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(KeyedCacheTest, BuildsOncePerKey) {
  KeyedCache<std::string> cache;
  int built = 0;
  auto make = [&] { ++built; return std::string("compiled"); };
  auto a = cache.Get("table A", make);
  auto again = cache.Get("table A", make);
  EXPECT_EQ(built, 1);
  EXPECT_EQ(a.get(), again.get());  // the same compiled value, not a copy
  auto b = cache.Get("table B", make);
  EXPECT_EQ(built, 2);
  EXPECT_NE(a.get(), b.get());
}

TEST(KeyedCacheTest, StaysBoundedAndKeepsHeldValuesAlive) {
  KeyedCache<std::string> cache(2);
  auto first = cache.Get("1", [] { return std::string("one"); });
  cache.Get("2", [] { return std::string("two"); });
  int rebuilt = 0;
  cache.Get("3", [&] { ++rebuilt; return std::string("three"); });  // over the limit: starts over
  cache.Get("1", [&] { ++rebuilt; return std::string("one again"); });
  EXPECT_EQ(rebuilt, 2);
  EXPECT_EQ(*first, "one");  // dropped from the cache, still valid for its holder
}

}  // namespace
}  // namespace rd
