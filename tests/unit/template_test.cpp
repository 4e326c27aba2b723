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

// A paste often lacks the fact a title names: the rule says what it means in words instead.
TEST(TemplateTest, WordsForAFactThatIsNotKnown) {
  auto lookup = [](const std::string& p) -> std::optional<std::string> {
    if (p == "log.tensile_arch") return "gfx1032";
    return std::nullopt;
  };
  EXPECT_EQ(RenderTemplate("for {log.tensile_arch|the GPU it ran on}", lookup), "for gfx1032");
  EXPECT_EQ(RenderTemplate("on ROCm {rocm.release|before 6.1}", lookup), "on ROCm before 6.1");
  EXPECT_EQ(RenderTemplate("[{rocm.release|}]", lookup), "[]");
  EXPECT_EQ(TemplateFacts("{rocm.release|before 6.1} {gpus.bar_bytes:MiB|some}"), (std::vector<std::string>{"rocm.release", "gpus.bar_bytes"}));
  auto refs = TemplateRefs("{a|x} {b}");
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_EQ(refs[0].fallback, std::optional<std::string>("x"));
  EXPECT_FALSE(refs[1].fallback);
}

}  // namespace
}  // namespace rd
