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

}  // namespace
}  // namespace rd
