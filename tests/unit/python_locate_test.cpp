// Python interpreters found without running them (python_locate.h, python_shims.h), `check
// --python PATH`, and the one torch import the dynamic view runs. Parsers of the small files
// that decide sys.path, then replays of tests/fixtures/fw-pyenv-python-arg.
#include <gtest/gtest.h>

#include <filesystem>
#include <mutex>

#include "cli/check_command.h"
#include "cli/registry.h"
#include "collectors/collectors.h"
#include "core/pipeline.h"
#include "engine/rule_loader.h"
#include "parsers/python_paths.h"
#include "scenario.h"
#include "system/snapshot_system.h"
#include "temp_tree.h"

namespace rd::testing {
namespace {

TEST(PythonPaths, PthFileSkipsCommentsAndImports) {
  std::string text = "# comment\nimport sys; sys.__plen = len(sys.path)\n/home/alice/src/pytorch\n\nrel/dir\n"
                     "import sys; new = sys.path[sys.__plen:]\n";
  EXPECT_EQ(ParsePthFile(text, "/venv/lib/python3.11/site-packages"),
            (std::vector<std::string>{"/home/alice/src/pytorch", "/venv/lib/python3.11/site-packages/rel/dir"}));
  EXPECT_TRUE(ParsePthFile(std::string("\x00\x01\xff", 3), "/x").empty());
  EXPECT_TRUE(ParsePthFile("", "/x").empty());
}

TEST(PythonPaths, PyvenvCfg) {
  auto cfg = ParsePyvenvCfg("home = /usr/bin\ninclude-system-site-packages = True\nversion = 3.11.2\n");
  ASSERT_TRUE(cfg);
  EXPECT_EQ(cfg->home, "/usr/bin");
  EXPECT_TRUE(cfg->include_system_site_packages);
  EXPECT_EQ(cfg->version, "3.11.2");
  // uv writes version_info instead of version.
  EXPECT_EQ(ParsePyvenvCfg("home = /opt/py/bin\nversion_info = 3.12.4\n")->version, "3.12.4");
  EXPECT_FALSE(ParsePyvenvCfg("garbage without equals\n\x01\x02"));
}

TEST(PythonPaths, PyenvVersionFile) {
  EXPECT_EQ(ParsePyenvVersionFile("# pinned\n3.11.7 extra words\n\n  system\r\n../../etc\na/b\n"),
            (std::vector<std::string>{"3.11.7", "system"}));
  EXPECT_TRUE(ParsePyenvVersionFile("").empty());
}

TEST(PythonPaths, PyenvShimRoot) {
  std::string shim = "#!/usr/bin/env bash\nset -e\nprogram=\"${0##*/}\"\n\nexport PYENV_ROOT=\"/home/alice/.pyenv\"\n"
                     "exec \"/home/alice/.pyenv/libexec/pyenv\" exec \"$program\" \"$@\"\n";
  EXPECT_EQ(PyenvShimRoot(shim).value_or(""), "/home/alice/.pyenv");
  // Homebrew's pyenv: the exec line names /opt/homebrew/bin/pyenv; PYENV_ROOT is still the export.
  std::string brew = "#!/usr/bin/env bash\nexport PYENV_ROOT=\"/Users/a/.pyenv\"\nexec \"/opt/homebrew/bin/pyenv\" exec \"$program\" \"$@\"\n";
  EXPECT_EQ(PyenvShimRoot(brew).value_or(""), "/Users/a/.pyenv");
  // No export line: the root is read from the libexec path.
  EXPECT_EQ(PyenvShimRoot("#!/bin/bash\nexec \"/srv/pyenv/libexec/pyenv\" exec \"$program\" \"$@\"\n").value_or(""), "/srv/pyenv");
  EXPECT_FALSE(PyenvShimRoot("#!/bin/sh\nexec /usr/bin/python3.11 \"$@\"\n"));
  EXPECT_FALSE(PyenvShimRoot("\x7f" "ELF\x02\x01"));
}

TEST(PythonPaths, VersionFromName) {
  EXPECT_EQ(PythonVersionFromName("python3.11").value_or(""), "3.11");
  EXPECT_FALSE(PythonVersionFromName("python3"));
  EXPECT_FALSE(PythonVersionFromName("python3.11-config"));
  EXPECT_FALSE(PythonVersionFromName("pythonx.y"));
}

// Every call goes to the snapshot; the argv of each Run is kept (which children ran).
class CountingSystem : public System {
 public:
  explicit CountingSystem(std::shared_ptr<System> inner) : inner_(std::move(inner)) {}
  Result<std::string> ReadFile(const std::string& p, size_t m) override { return inner_->ReadFile(p, m); }
  Result<std::string> ReadFileRange(const std::string& p, uint64_t o, size_t n) override { return inner_->ReadFileRange(p, o, n); }
  Result<std::vector<std::string>> ListDir(const std::string& p) override { return inner_->ListDir(p); }
  Result<FileInfo> Stat(const std::string& p) override { return inner_->Stat(p); }
  Result<FileInfo> LStat(const std::string& p) override { return inner_->LStat(p); }
  Result<std::string> ReadLink(const std::string& p) override { return inner_->ReadLink(p); }
  Result<bool> Access(const std::string& p, int m) override { return inner_->Access(p, m); }
  std::map<std::string, std::string> Environment() override { return inner_->Environment(); }
  Identity GetIdentity() override { return inner_->GetIdentity(); }
  Result<GroupEntry> LookupGroup(uint32_t g) override { return inner_->LookupGroup(g); }
  Uname GetUname() override { return inner_->GetUname(); }
  DlopenResult TryDlopen(const std::string& n) override { return inner_->TryDlopen(n); }
  CommandResult Run(const CommandSpec& spec) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      runs_.push_back(spec.argv.empty() ? "" : spec.argv[0]);
    }
    return inner_->Run(spec);
  }
  std::vector<std::string> Runs() {
    std::lock_guard<std::mutex> lock(mutex_);
    return runs_;
  }

 private:
  std::shared_ptr<System> inner_;
  std::mutex mutex_;
  std::vector<std::string> runs_;
};

struct Replayed {
  Report report;
  std::vector<std::string> runs;
};

Replayed Replay(const std::string& scenario, const std::vector<std::string>& pythons, bool quick = false) {
  auto snapshot = SnapshotSystem::Load(FixturePath(scenario));
  EXPECT_TRUE(snapshot.ok());
  if (!snapshot) return {};
  auto counting = std::make_shared<CountingSystem>(std::shared_ptr<System>(std::move(snapshot).value()));
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  PipelineOptions options;
  options.pythons = pythons;
  options.quick = quick;
  Collection collection = RunCollectors(counting, db.data, AllCollectors(), options);
  return {EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {}), counting->Runs()};
}

size_t CountRuns(const std::vector<std::string>& runs, const std::string& program) {
  size_t n = 0;
  for (const auto& r : runs) n += r == program ? 1 : 0;
  return n;
}

size_t CountFinding(const Report& report, const std::string& id) {
  size_t n = 0;
  for (const auto& f : report.findings) n += f.rule_id == id ? 1 : 0;
  return n;
}

const std::string kVenvPython = "/home/alice/venv/bin/python3";

TEST(PythonLocate, PyenvShimResolvedFromVersionFilesWithoutRunningIt) {
  Replayed r = Replay("fw-pyenv-python-arg", {});
  const Report& report = r.report;
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].interpreter"), "/home/alice/.pyenv/shims/python3");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].origin"), "PATH");
  // .python-version in the working directory's parent says "3.11": the newest installed 3.11.x.
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].executable"), "/home/alice/.pyenv/versions/3.11.7/bin/python3");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].resolved_by"), "pyenv 3.11.7 (set by /home/alice/proj/.python-version)");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].version"), "3.11");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].search_path"), "/home/alice/.pyenv/versions/3.11.7/lib/python3.11/site-packages");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].torch_dir"), "");
  EXPECT_EQ(FactText(report, "frameworks.pythons[1].interpreter"), "/usr/bin/python3");
  EXPECT_EQ(FactText(report, "frameworks.pythons[1].torch_dir"), "/usr/lib/python3/dist-packages/torch");
  EXPECT_EQ(FactText(report, "frameworks.torch.python"), "/usr/bin/python3");
  // One child: the import in the interpreter that has torch. Neither the shim nor the pyenv
  // interpreter behind it (no torch) runs.
  EXPECT_EQ(CountRuns(r.runs, "/usr/bin/python3"), 1u);
  EXPECT_EQ(CountRuns(r.runs, "/home/alice/.pyenv/shims/python3"), 0u);
  EXPECT_EQ(CountRuns(r.runs, "/home/alice/.pyenv/versions/3.11.7/bin/python3"), 0u);
  EXPECT_EQ(CountFinding(report, "python.given-interpreter-unusable"), 0u);
}

TEST(PythonLocate, GivenInterpreterComesFirstAndItsTorchIsImported) {
  Replayed r = Replay("fw-pyenv-python-arg", {kVenvPython});
  const Report& report = r.report;
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].interpreter"), kVenvPython);
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].origin"), "--python");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].version"), "3.11");  // bin/python3 -> python -> /usr/bin/python3 -> python3.11
  // The venv's site-packages, then the torch checkout its easy-install.pth adds (setup.py develop).
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].search_path"), "/home/alice/venv/lib/python3.11/site-packages, /home/alice/src/pytorch");
  EXPECT_EQ(FactText(report, "frameworks.torch.python"), kVenvPython);
  EXPECT_EQ(FactText(report, "frameworks.torch.version"), "2.5.0a0+git32f585d");
  EXPECT_EQ(FactText(report, "frameworks.torch.build"), "rocm");
  EXPECT_EQ(FactText(report, "frameworks.torch_runtime.python"), kVenvPython);
  EXPECT_EQ(FactText(report, "frameworks.torch_runtime.version"), "2.5.0a0+git32f585d");
  // The venv's python is a link to /usr/bin/python3 but another interpreter (pyvenv.cfg): both listed.
  EXPECT_EQ(FactText(report, "frameworks.pythons[2].interpreter"), "/usr/bin/python3");
  EXPECT_EQ(CountRuns(r.runs, kVenvPython), 1u);
  EXPECT_EQ(CountRuns(r.runs, "/usr/bin/python3"), 0u);
  EXPECT_EQ(CountFinding(report, "python.given-interpreter-unusable"), 0u);
  EXPECT_EQ(CountFinding(report, "python.given-interpreter-without-torch"), 0u);
}

TEST(PythonLocate, UnusableGivenPathsAreFindingsNamingThePath) {
  Replayed r = Replay("fw-pyenv-python-arg", {"/home/alice/missing/python3", "/home/alice/venv", "/home/alice/venv/pyvenv.cfg", "python3.99"});
  const Report& report = r.report;
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].problem"), "stat /home/alice/missing/python3: No such file or directory");
  EXPECT_EQ(FactText(report, "frameworks.pythons[1].problem"), "/home/alice/venv is a directory, not a Python interpreter");
  EXPECT_EQ(FactText(report, "frameworks.pythons[2].problem"), "/home/alice/venv/pyvenv.cfg is not executable (mode 0644)");
  EXPECT_EQ(FactText(report, "frameworks.pythons[3].problem"), "python3.99: not found on PATH");
  EXPECT_EQ(CountFinding(report, "python.given-interpreter-unusable"), 4u);
  std::string titles;
  for (const auto& f : report.findings) {
    if (f.rule_id == "python.given-interpreter-unusable") titles += f.title + "\n";
  }
  EXPECT_NE(titles.find("--python /home/alice/venv cannot be examined: /home/alice/venv is a directory"), std::string::npos) << titles;
  // The rest of the section still works: the system python's torch.
  EXPECT_EQ(FactText(report, "frameworks.torch.python"), "/usr/bin/python3");
  EXPECT_EQ(CountRuns(r.runs, "/home/alice/missing/python3"), 0u);
}

TEST(PythonLocate, GivenInterpreterWithoutTorchIsAFinding) {
  Replayed r = Replay("fw-pyenv-python-arg", {"/home/alice/.pyenv/shims/python3"});
  EXPECT_EQ(FactText(r.report, "frameworks.pythons[0].origin"), "--python");
  EXPECT_EQ(CountFinding(r.report, "python.given-interpreter-without-torch"), 1u);
  Replayed fine = Replay("fw-pyenv-python-arg", {"/usr/bin/python3"});
  EXPECT_EQ(CountFinding(fine.report, "python.given-interpreter-without-torch"), 0u);
  EXPECT_EQ(FactText(fine.report, "frameworks.pythons[0].origin"), "--python");
  // Given and found again as the system python: listed once, imported once.
  EXPECT_EQ(FactText(fine.report, "frameworks.pythons[2].interpreter"), "");
  EXPECT_EQ(CountRuns(fine.runs, "/usr/bin/python3"), 1u);
}

// hostile-input D22: a wrapper script given with --python used to be skipped (another
// interpreter's torch was shown with ✓). It is run once for its sys.path, and the import runs
// through it.
TEST(PythonLocate, GivenWrapperIsRunAndItsTorchIsReadAndImportedThroughIt) {
  const std::string wrapper = "/home/alice/bin/python-venv";
  Replayed r = Replay("fw-pyenv-python-arg", {wrapper});
  const Report& report = r.report;
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].interpreter"), wrapper);
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].problem"), "");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].resolved_by"), "ran the wrapper: sys.executable /home/alice/venv/bin/python3");
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].version"), "3.11");
  // Its sys.path, the directories that exist: the venv's site-packages and the torch checkout.
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].search_path"), "/home/alice/venv/lib/python3.11/site-packages, /home/alice/src/pytorch");
  EXPECT_EQ(FactText(report, "frameworks.torch.python"), wrapper);
  EXPECT_EQ(FactText(report, "frameworks.torch.version"), "2.5.0a0+git32f585d");
  EXPECT_EQ(FactText(report, "frameworks.torch_runtime.python"), wrapper);
  EXPECT_EQ(FactText(report, "frameworks.torch_runtime.version"), "2.5.0a0+git32f585d");
  EXPECT_EQ(CountRuns(r.runs, "/usr/bin/python3"), 0u);
  EXPECT_EQ(CountFinding(report, "python.given-interpreter-unusable"), 0u);
  EXPECT_EQ(CountFinding(report, "python.given-interpreter-without-torch"), 0u);
}

TEST(PythonLocate, GivenWrapperThatFailsIsAFindingWithItsCause) {
  const std::string wrapper = "/home/alice/bin/python-broken";
  Replayed r = Replay("fw-pyenv-python-arg", {wrapper});
  const Report& report = r.report;
  EXPECT_EQ(FactText(report, "frameworks.pythons[0].problem"),
            wrapper + ": running it as Python failed (exit status 1): Fatal Python error: init_fs_encoding: failed to get the "
                      "Python codec of the filesystem encoding");
  ASSERT_EQ(CountFinding(report, "python.given-interpreter-unusable"), 1u);
  for (const auto& f : report.findings) {
    if (f.rule_id == "python.given-interpreter-unusable") {
      EXPECT_NE(f.title.find("Fatal Python error"), std::string::npos) << f.title;
    }
  }
  // The rest of the section still describes the next interpreter, and the import runs there.
  EXPECT_EQ(FactText(report, "frameworks.torch.python"), "/usr/bin/python3");
}

// --quick runs no child, a given wrapper included: it stays "known only by running it".
TEST(PythonLocate, GivenWrapperIsNotRunWithQuick) {
  const std::string wrapper = "/home/alice/bin/python-venv";
  Replayed r = Replay("fw-pyenv-python-arg", {wrapper}, true);
  EXPECT_EQ(CountRuns(r.runs, wrapper), 0u);
  EXPECT_EQ(FactText(r.report, "frameworks.pythons[0].search_path_known"), "false");
}

// A plain interpreter given with --python is still read from files: only the import runs it.
TEST(PythonLocate, GivenInterpreterIsNotRunForTheStaticView) {
  Replayed r = Replay("fw-pyenv-python-arg", {kVenvPython});
  EXPECT_EQ(CountRuns(r.runs, kVenvPython), 1u);
}

}  // namespace
}  // namespace rd::testing

namespace rd::testing {
namespace {

// Hostile files where interpreters and their package dirs should be: a symlink loop given with
// --python, a huge binary .pth, a binary pyvenv.cfg, a pyenv version file of garbage.
TEST(PythonLocate, HostileFilesNeverCrashAndNameTheProblem) {
  TempTree tree;
  tree.Write("env.json", R"({"PATH": "/home/a/.pyenv/shims:/usr/bin", "HOME": "/home/a", "PWD": "/home/a"})");
  tree.Link("files/home/a/loop/python3", "python3");
  tree.Write("files/usr/bin/python3.11", "\x7f" "ELF stand-in\n");
  tree.Link("files/usr/bin/python3", "python3.11");
  tree.Write("files/usr/lib/python3/dist-packages/huge.pth", std::string(1 << 20, '\x01'));
  tree.Write("files/usr/lib/python3/dist-packages/bad.pth", "\xff\xfe/nowhere\x01\n../../../../etc\n");
  tree.Write("files/home/a/venv/pyvenv.cfg", std::string("\x00\x01\x02=\xff", 5));
  tree.Link("files/home/a/venv/bin/python3", "/usr/bin/python3.11");
  tree.Write("files/home/a/.pyenv/shims/python3", "#!/usr/bin/env bash\nexport PYENV_ROOT=\"/home/a/.pyenv\"\n"
                                                  "exec \"/home/a/.pyenv/libexec/pyenv\" exec \"$program\" \"$@\"\n");
  tree.Write("files/home/a/.pyenv/version", std::string("\x00\x01 garbage\n../x\n", 17));
  for (const char* exe : {"files/usr/bin/python3.11", "files/home/a/.pyenv/shims/python3"}) {
    std::filesystem::permissions(tree.Path(exe), std::filesystem::perms::owner_all | std::filesystem::perms::group_exec |
                                                     std::filesystem::perms::others_exec | std::filesystem::perms::others_read);
  }
  auto snapshot = SnapshotSystem::Load(tree.root());
  ASSERT_TRUE(snapshot.ok());
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  PipelineOptions options;
  options.pythons = {"/home/a/loop/python3", "/home/a/venv/bin/python3"};
  Collection collection = RunCollectors(std::shared_ptr<System>(std::move(snapshot).value()), db.data,
                                        {TorchStaticCollector(), TorchDynamicCollector()}, options);
  Report report = EvaluateReport(std::move(collection.facts), std::move(collection.runs), db, {});
  for (const auto& run : report.collectors) EXPECT_EQ(run.status, CollectorStatus::Ok) << run.name << ": " << run.message;
  EXPECT_NE(FactText(report, "frameworks.pythons[0].problem").find("/home/a/loop/python3"), std::string::npos);
  EXPECT_EQ(FactText(report, "frameworks.pythons[1].interpreter"), "/home/a/venv/bin/python3");
  EXPECT_EQ(FactText(report, "frameworks.pythons[1].problem"), "");
  // The shim's version file names nothing installed and there is no "system" python3 after the
  // shims on PATH except /usr/bin/python3: pyenv's "system" fallback does not apply (a version
  // file was found), so the shim runs nothing and is left out.
  EXPECT_EQ(FactText(report, "frameworks.torch.found"), "false");
  EXPECT_EQ(FactText(report, "frameworks.pythons[2].interpreter"), "/usr/bin/python3");
  EXPECT_EQ(FactText(report, "frameworks.pythons[2].search_path"), "/usr/lib/python3/dist-packages");
}

}  // namespace
}  // namespace rd::testing
