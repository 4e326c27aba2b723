#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>

#include "system/live_system.h"
#include "temp_tree.h"

namespace rd {
namespace {

CommandSpec Shell(const std::string& script, int timeout_ms = 5000, size_t cap = 1 << 20) {
  CommandSpec spec{{"/bin/sh", "-c", script}};
  spec.timeout = std::chrono::milliseconds(timeout_ms);
  spec.max_output = cap;
  return spec;
}

TEST(ChildProcessTest, CapturesOutputAndExitCode) {
  LiveSystem sys;
  auto r = sys.Run(Shell("echo out; echo err >&2; exit 3"));
  EXPECT_TRUE(r.started);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_FALSE(r.timed_out);
}

TEST(ChildProcessTest, TimeoutKillsTheWholeProcessGroup) {
  LiveSystem sys;
  auto start = std::chrono::steady_clock::now();
  auto r = sys.Run(Shell("sleep 30 & sleep 30; echo never", 300));
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.signal, SIGKILL);
  EXPECT_LT(ms, 3000);
}

TEST(ChildProcessTest, FloodIsCappedAndDoesNotHang) {
  LiveSystem sys;
  auto r = sys.Run(Shell("yes flood", 500, 4096));
  EXPECT_EQ(r.out.size(), 4096u);
  EXPECT_TRUE(r.out_truncated);
  EXPECT_TRUE(r.timed_out);
}

// hostile-input m16: a grandchild in its own session holding stdout used to keep the run going
// until the timeout; now reading stops shortly after the child exits and the run says so.
TEST(ChildProcessTest, OutputHeldOpenByAnotherSessionStopsShortlyAfterTheExit) {
  LiveSystem sys;
  auto start = std::chrono::steady_clock::now();
  // It waits until the grandchild has its own session; else the group kill could still reach it.
  auto r = sys.Run(Shell("setsid sleep 30 & p=$!; while [ \"$(cut -d' ' -f6 /proc/$p/stat)\" != \"$p\" ]; do sleep 0.01; done; "
                         "echo $p; exit 0", 5000));
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(r.out.empty());
  kill(std::stoi(r.out), SIGKILL);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_FALSE(r.timed_out);
  EXPECT_TRUE(r.output_held_open);
  EXPECT_LT(ms, 2000);
  EXPECT_LT(r.elapsed_ms, 2000);
}

TEST(ChildProcessTest, OutputOfAnOrdinaryExitIsNotHeldOpen) {
  LiveSystem sys;
  auto r = sys.Run(Shell("sleep 30 & echo done"));
  EXPECT_EQ(r.out, "done\n");
  EXPECT_FALSE(r.output_held_open);  // the straggler in its group is killed
}

// hostile-input D6: the doctor blocks the termination signals for its signal thread; a child must
// not inherit that mask (a hung child would then ignore SIGTERM from anyone else).
TEST(ChildProcessTest, ChildStartsWithNoSignalBlocked) {
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGTERM);
  sigaddset(&block, SIGINT);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  LiveSystem sys;
  auto r = sys.Run(Shell("grep SigBlk /proc/self/status"));
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  EXPECT_NE(r.out.find("0000000000000000"), std::string::npos) << r.out;
}

TEST(ChildProcessTest, SignalIsReported) {
  LiveSystem sys;
  auto r = sys.Run(Shell("kill -SEGV $$"));
  EXPECT_EQ(r.signal, SIGSEGV);
}

TEST(ChildProcessTest, RunsInAnEmptyPrivateDirectoryWithNoStdin) {
  LiveSystem sys;
  auto r = sys.Run(Shell("pwd; ls -A | wc -l; cat"));
  auto lines = r.out;
  EXPECT_NE(lines.find("rocm-doctor."), std::string::npos) << lines;
  EXPECT_NE(lines.find("\n0\n"), std::string::npos) << lines;
}

TEST(ChildProcessTest, NeverRunsAProgramFromTheCurrentDirectory) {
  testing::TempTree t;
  t.Write("hipcc", "#!/bin/sh\necho pwned\n");
  chmod(t.Path("hipcc").c_str(), 0755);
  std::string cwd = std::filesystem::current_path();
  std::filesystem::current_path(t.root());
  setenv("RD_TEST_SAVED_PATH", getenv("PATH"), 1);
  setenv("PATH", ".:", 1);
  LiveSystem sys;
  auto r = sys.Run(CommandSpec{{"hipcc"}});
  setenv("PATH", getenv("RD_TEST_SAVED_PATH"), 1);
  std::filesystem::current_path(cwd);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.start_error.find("not found"), std::string::npos);
}

TEST(ChildProcessTest, MissingProgramIsAStartErrorNamingIt) {
  LiveSystem sys;
  auto r = sys.Run(CommandSpec{{"rocm-doctor-no-such-tool"}});
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.start_error.find("rocm-doctor-no-such-tool"), std::string::npos);
}

}  // namespace
}  // namespace rd
