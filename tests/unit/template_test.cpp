#include "engine/template.h"

#include <gtest/gtest.h>

namespace rd {
namespace {

TEST(TemplateTest, FindsAndRendersFacts) {
  EXPECT_EQ(TemplateFacts("{a.b} and {c}"), (std::vector<std::string>{"a.b", "c"}));
  auto lookup = [](const std::string& p) -> std::optional<std::string> {
    if (p == "a.b") return "X";
    return std::nullopt;
  };
  EXPECT_EQ(RenderTemplate("{a.b}-{c}", lookup), "X-(unknown)");
  EXPECT_EQ(RenderTemplate("{{literal}} {a.b}", lookup), "{literal} X");
  EXPECT_EQ(RenderTemplate("unclosed {a.b", lookup), "unclosed {a.b");
}

// issue 13: one fact per quantity, in bytes; the text shows it in MiB.
TEST(TemplateTest, ABytesFactInMiB) {
  EXPECT_EQ(TemplateFacts("{gpus.bar_bytes:MiB} MiB"), (std::vector<std::string>{"gpus.bar_bytes"}));
  auto lookup = [](const std::string& p) -> std::optional<std::string> {
    if (p == "gpus.bar_bytes") return "268435456";
    if (p == "os.id") return "debian";
    return std::nullopt;
  };
  EXPECT_EQ(RenderTemplate("{gpus.bar_bytes:MiB} MiB, {gpus.bar_bytes:GiB} GiB", lookup), "256 MiB, 0 GiB");
  EXPECT_EQ(RenderTemplate("{os.id:MiB}", lookup), "debian");          // not a number: as it is
  EXPECT_EQ(RenderTemplate("{gpus.nothing:MiB}", lookup), "(unknown)");
  EXPECT_EQ(TemplateFacts("{a:b}"), (std::vector<std::string>{"a:b"}));  // not a unit: part of the path
}

}  // namespace
}  // namespace rd
