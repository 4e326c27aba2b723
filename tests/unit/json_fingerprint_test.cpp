#include "util/json_fingerprint.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(JsonFingerprint, SameContentSameFingerprintAnyChangeAnother) {
  auto a = nlohmann::json::parse(R"({"name": [{"pattern": "RX 6600", "gfx": "gfx1032"}], "n": 1})");
  auto b = nlohmann::json::parse(R"({"n": 1, "name": [{"gfx": "gfx1032", "pattern": "RX 6600"}]})");
  EXPECT_EQ(JsonFingerprint(a), JsonFingerprint(b));  // object key order is not content
  auto c = a;
  c["name"][0]["gfx"] = "gfx1031";
  EXPECT_NE(JsonFingerprint(a), JsonFingerprint(c));
  EXPECT_NE(JsonFingerprint(nlohmann::json("1")), JsonFingerprint(nlohmann::json(1)));
  EXPECT_NE(JsonFingerprint(nlohmann::json::array({"ab", "c"})), JsonFingerprint(nlohmann::json::array({"a", "bc"})));
  EXPECT_NE(JsonFingerprint(nlohmann::json::object()), JsonFingerprint(nlohmann::json::array()));
}

}  // namespace
}  // namespace rd
