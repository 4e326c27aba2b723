// issue 14 item 5 (ux-review U8): the progress line on stderr while the children run.
#include "cli/progress.h"

#include <gtest/gtest.h>

#include <sstream>

#include "cli/io.h"
#include "scenario.h"
#include "util/terminal_text.h"
#include "util/text_wrap.h"

namespace rd {
namespace {

TEST(ProgressTextTest, NamesWhatIsWaitedForAndCountsTheRest) {
  EXPECT_EQ(ProgressText({"os", "compile_check", "torch_dynamic", "gpu"}, 2.14, 120),
            "waiting 2.1 s for: hipcc compile check, python imports (torch) +2 file views");
  EXPECT_EQ(ProgressText({"rocm_libs"}, 0.0, 80), "waiting 0.0 s for: 1 file view");
  EXPECT_EQ(WaitLabel("probes"), "GPU probes");
  EXPECT_EQ(WaitLabel("os"), "");
}

TEST(ProgressTextTest, NeverReachesTheLastColumn) {
  std::vector<std::string> all = {"compile_check", "torch_dynamic", "probes", "runtime", "torch_static", "libraries", "toolchain"};
  for (size_t width : {20u, 40u, 80u}) {
    std::string text = ProgressText(all, 12.3, width);
    EXPECT_EQ(DisplayWidth(text), width - 1) << text;
    EXPECT_EQ(text.substr(text.size() - 3), "…");
  }
  EXPECT_EQ(DisplayWidth(ProgressText(all, 1, 0)), 79u);  // unknown width: 80
}

TEST(ProgressLineTest, DrawsOverItselfAndErasesBeforeTheReport) {
  std::ostringstream err;
  {
    TerminalSafeScope scope(err);  // as in RunCli: stderr's sanitiser must not eat CR and ESC
    ProgressLine progress(err, true, 80);
    progress.Show({"compile_check"});
    progress.Show({"probes"});
    progress.Status("loading rules");
    progress.Clear();
    progress.Clear();  // twice is once
  }
  std::string text = err.str();
  EXPECT_EQ(text.rfind("\r\033[K"), text.size() - 4) << text;
  EXPECT_NE(text.find("\rwaiting 0.0 s for: hipcc compile check\033[K"), std::string::npos) << text;
  EXPECT_NE(text.find("\rwaiting 0.0 s for: GPU probes\033[K"), std::string::npos) << text;
  EXPECT_NE(text.find("\rloading rules …\033[K"), std::string::npos) << text;
  EXPECT_EQ(text.find('?'), std::string::npos) << text;
  EXPECT_EQ(text.find('\n'), std::string::npos) << text;
}

TEST(ProgressLineTest, DisabledWritesNothing) {
  std::ostringstream err;
  {
    ProgressLine progress(err, false, 80);
    progress.Show({"compile_check"});
  }
  EXPECT_EQ(err.str(), "");
}

struct CheckRun {
  std::string out, err;
};

CheckRun Check(bool stderr_tty, bool no_color, bool dumb) {
  std::ostringstream out, err;
  Io io{out, err, true, no_color, false, stderr_tty, dumb, 80, 80};
  std::string fixture = testing::FixturePath("amdgpu-nomodeset");
  std::vector<const char*> argv = {"rocm-doctor", "check", "--replay", fixture.c_str()};
  RunCli(static_cast<int>(argv.size()), argv.data(), io);
  return {out.str(), err.str()};
}

TEST(ProgressLineTest, CheckShowsItOnlyOnADecoratedTerminal) {
  CheckRun tty = Check(true, false, false);
  // Some progress text ("loading rules …", then "waiting … for" only when the collectors outlast
  // the first 100 ms tick: a loaded machine may finish the replay first), erased at the end.
  EXPECT_TRUE(tty.err.find("\rwaiting ") != std::string::npos || tty.err.find("loading rules") != std::string::npos) << tty.err;
  EXPECT_EQ(tty.err.rfind("\r\033[K"), tty.err.size() - 4) << tty.err;  // erased last
  EXPECT_NE(tty.out.find("\033[1m"), std::string::npos);              // bold section names
  for (auto [no_color, dumb] : {std::pair{true, false}, {false, true}}) {
    CheckRun plain = Check(true, no_color, dumb);
    EXPECT_EQ(plain.err.find("waiting"), std::string::npos) << plain.err;
    EXPECT_EQ(plain.out.find('\033'), std::string::npos) << no_color << dumb;
  }
  EXPECT_EQ(Check(false, false, false).err.find("waiting"), std::string::npos);
}

}  // namespace
}  // namespace rd
