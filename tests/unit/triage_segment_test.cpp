// The segmenter, the prompt parser, a paste mixing five kinds, redaction of pasted secrets and
// hostile input.
#include <gtest/gtest.h>

#include <string>

#include "parsers/shell_prompt.h"
#include "report/redaction.h"
#include "report/renderers.h"
#include "scenario.h"
#include "triage/triage.h"
#include "triage_helpers.h"

namespace rd {
namespace {

using testing::FactText;
using testing::FindingIds;
using testing::TriageFixture;
using testing::TriageTexts;

TEST(ShellPrompt, LinuxForms) {
  auto p = ParseShellPrompt("alice@box:~/src$ rocminfo | head");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->user, "alice");
  EXPECT_EQ(p->host, "box");
  EXPECT_EQ(p->cwd, "~/src");
  EXPECT_EQ(p->command, "rocminfo | head");
  EXPECT_EQ(p->os, "linux");
  EXPECT_FALSE(p->root);
  p = ParseShellPrompt("root@3f2a1b9c0d1e:/# ls /dev/kfd");
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->root);
  EXPECT_EQ(p->command, "ls /dev/kfd");
  p = ParseShellPrompt("[bob@node1 build]$ cmake ..");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->user, "bob");
  EXPECT_EQ(p->cwd, "build");
  p = ParseShellPrompt("(venv) (base) carol@pc:~$ python -c 'import torch'");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->venv, "base");
  EXPECT_EQ(p->user, "carol");
  // a cluster's project tag before the prompt (ROCm/jax#268)
  p = ParseShellPrompt("[cad14908] fvicentini@a1011:~/rep2$ module load rocm/6.2.1");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->user, "fvicentini");
  EXPECT_EQ(p->host, "a1011");
  EXPECT_EQ(p->command, "module load rocm/6.2.1");
  EXPECT_EQ(p->account, "cad14908");  // the cluster account: redacted like the user
  EXPECT_FALSE(ParseShellPrompt("[note] this is prose"));
  p = ParseShellPrompt("$ groups");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->command, "groups");
  EXPECT_TRUE(p->user.empty());
  // fish, with a venv and a git branch (vllm-project/vllm#28680)
  p = ParseShellPrompt("(test-venv) sage ~/g/vllm (sage/amd-smi-version-bump)> amd-smi");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->user, "sage");
  EXPECT_EQ(p->cwd, "~/g/vllm");
  EXPECT_EQ(p->venv, "test-venv");
  EXPECT_EQ(p->command, "amd-smi");
  p = ParseShellPrompt("dan /opt/src> make");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->user, "dan");
}

TEST(ShellPrompt, WindowsAndPython) {
  auto p = ParseShellPrompt(R"(PS C:\Users\dave\llm> ollama serve)");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->os, "windows");
  EXPECT_EQ(p->user, "dave");
  EXPECT_EQ(p->command, "ollama serve");
  p = ParseShellPrompt(R"(C:\>docker run --device=/dev/kfd rocm/pytorch)");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->os, "windows");
  p = ParseShellPrompt(">>> torch.__version__");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->os, "python");
}

TEST(ShellPrompt, ProseIsNotAPrompt) {
  EXPECT_FALSE(ParseShellPrompt("contact alice@example.com: she uses 50% more memory"));
  EXPECT_FALSE(ParseShellPrompt("# this is a comment"));
  EXPECT_FALSE(ParseShellPrompt("[    8.841500] amdgpu: probe of 0000:c3:00.0 failed with error -12"));
  EXPECT_FALSE(ParseShellPrompt("time=2024-05-02T12:17:03.657Z level=WARN msg=\"x\""));
  EXPECT_FALSE(ParseShellPrompt("see ~/logs for more > details"));
  EXPECT_FALSE(ParseShellPrompt("copy /dev/null (to me)> then"));  // a branch has no space
}

TEST(SplitPaste, FencesPromptsBlankRunsAndBanners) {
  std::string text =
      "some prose\n"                       // 1
      "```\n"                              // 2
      "$ groups\n"                         // 3
      "alice adm video\n"                  // 4
      "$ python x.py\n"                    // 5
      "Traceback (most recent call last):\n"  // 6  stays with its command
      "ValueError: x\n"                    // 7
      "more output\n"                      // 8
      "\n\n"                               // 9-10 a blank run splits
      "after the run\n"                    // 11
      "Traceback (most recent call last):\n"  // 12 a banner splits
      "KeyError: y\n"                      // 13
      "```\n";
  auto pieces = SplitPaste(text, "t.txt");
  ASSERT_EQ(pieces.size(), 5u);
  EXPECT_EQ(pieces[0].source, "t.txt:1-1");
  EXPECT_EQ(pieces[1].source, "t.txt:3-4");
  EXPECT_EQ(pieces[2].source, "t.txt:5-8");
  EXPECT_EQ(pieces[3].source, "t.txt:11-11");
  EXPECT_EQ(pieces[4].source, "t.txt:12-13");
  EXPECT_EQ(pieces[4].first_line, 12u);
}

TEST(SplitPaste, AnsiAndCarriageReturnsAreStripped) {
  auto pieces = SplitPaste("\x1b[31mamdgpu: probe of 0000:03:00.0 failed with error -12\x1b[0m\r\n", "c.txt");
  ASSERT_EQ(pieces.size(), 1u);
  EXPECT_EQ(pieces[0].text, "amdgpu: probe of 0000:03:00.0 failed with error -12\n");
}

TEST(Triage, UnknownPiecesAreKeptAsEvidenceNotGuessed) {
  Report report = TriageTexts({{"u.txt", "the GPU is slow since yesterday\nplease help\n"}});
  EXPECT_EQ(FactText(report, "triage.pieces[0].kind"), "unknown");
  EXPECT_EQ(FactText(report, "triage.unknown[0]"), "u.txt:1-2");
  const auto* ev = report.facts.EvidenceFor("triage.unknown[0]");
  ASSERT_NE(ev, nullptr);
  EXPECT_NE(ev->excerpt.find("the GPU is slow"), std::string::npos);
  EXPECT_TRUE(FindingIds(report).empty());
}

// A ticket-style paste: the docker command and its error, `groups`, a dmesg excerpt, a Python
// traceback and a torch version print, each from the real pastes of tests/fixtures/triage.
TEST(Triage, PasteMixingFiveKindsIsSplitAndDiagnosed) {
  std::string paste = "Here is what I ran:\n\n```\n" + TriageFixture("docker_kfd_ci_runner") + "```\n\n" +
                      "$ groups\nalice adm video\n" +
                      "groups: cannot find name for group ID 991\n\n\n" +
                      "$ sudo dmesg | grep -e amdgpu -e kfd\n" + TriageFixture("atomics_polaris") + "\n\n" +
                      "$ python3 train.py\n" + TriageFixture("torch_glibcxx_import") +
                      "$ python -c \"import torch; print(torch.__version__, torch.version.hip, torch.cuda.is_available())\"\n"
                      "1.8.1+cu102 None False\n";
  Report report = TriageTexts({{"ticket.md", paste}});
  std::set<std::string> kinds;
  for (const auto& piece : report.facts.Get("triage.pieces").value->items()) kinds.insert(piece.value()["kind"]);
  EXPECT_EQ(kinds, (std::set<std::string>{"unknown", "container-error", "id-groups", "kernel-log", "python-error",
                                          "torch-version"}));
  EXPECT_EQ(FindingIds(report),
            (std::set<std::string>{"docker.host-no-kfd", "access.gid-without-name", "kernel.pci-atomics-rejected", "arch.dropped-legacy",
                                   "loader.missing-symbol-version", "torch.wrong-wheel"}));
  EXPECT_EQ(FactText(report, "frameworks.torch.build"), "cuda");
  EXPECT_EQ(FactText(report, "frameworks.torch.hip"), "");  // printed as None: not a ROCm build
  EXPECT_EQ(FactText(report, "frameworks.torch_runtime.available"), "false");
  EXPECT_EQ(FactText(report, "identity.groups[0].name"), "alice");
  // The inferred conclusion says so, and rests on the quoted lines with their place in the paste.
  for (const auto& f : report.findings) {
    if (f.rule_id != "torch.wrong-wheel") continue;
    EXPECT_NE(f.title.find("inferred"), std::string::npos);
    bool torch_line = false, amd_line = false;
    for (const auto& e : f.evidence) {
      torch_line = torch_line || e.excerpt == "1.8.1+cu102 None False";
      amd_line = amd_line || e.excerpt.find("/dev/kfd") != std::string::npos || e.excerpt.find("amdgpu") != std::string::npos;
    }
    EXPECT_TRUE(torch_line && amd_line);
  }
  const auto* ev = report.facts.EvidenceFor("kernel_log.atomics_rejected[0].device");
  ASSERT_NE(ev, nullptr);
  EXPECT_EQ(ev->source, "paste:ticket.md:21");
}

TEST(Triage, RulesThatNeedConstructedLines) {
  // CMake's own messages (Modules/CMakeDetermineHIPCompiler.cmake, CMakeHIPInformation) and a
  // failing HIP call in the AMD_LOG_LEVEL=3 format of tests/fixtures/triage/amd_log_hip_device_ok.txt.
  Report report = TriageTexts(
      {{"cmake.txt", "CMake Error at CMakeLists.txt:3 (project):\n  No CMAKE_HIP_COMPILER could be found.\n"},
       {"arch.txt", "CMake Error at /usr/share/cmake-3.28/Modules/CMakeDetermineHIPCompiler.cmake:217 (message):\n"
                    "  Failed to detect a default HIP architecture.\n"},
       {"log.txt", ":3:hip_device_runtime.cpp   :640 : 3169392704 us: [pid:9111  tid:0x79a41865cb80] "
                   "hipGetDeviceCount: Returned hipErrorNoDevice : \n"},
       {"cpu.txt", "$ python -c 'import torch; print(torch.__version__)'\n2.4.1+cpu\n$ ls /dev/kfd\n/dev/kfd\n"}});
  // hipErrorNoDevice also gets the device-access checklist (runtime.hip-finds-no-gpu).
  EXPECT_EQ(FindingIds(report), (std::set<std::string>{"cmake.no-hip-compiler", "cmake.hip-architectures", "hip.api-call-failed",
                                                       "runtime.hip-finds-no-gpu", "status.decoded", "torch.wrong-wheel"}));
  EXPECT_EQ(FactText(report, "amd_log.errors[0].api"), "hipGetDeviceCount");
  EXPECT_EQ(FactText(report, "status_codes[0].code"), "100");
}

TEST(Triage, HealthyRocmTorchPrintIsNoAlarm) {
  Report report = TriageTexts({{"ok.txt",
                                "$ python -c \"import torch; print(torch.__version__, torch.version.hip, "
                                "torch.cuda.is_available())\"\n2.5.1+rocm6.2 6.2.41133-dd7f95766 True\n"}});
  EXPECT_EQ(FactText(report, "frameworks.torch.build"), "rocm");
  EXPECT_EQ(FactText(report, "frameworks.torch.build_version"), "6.2");
  EXPECT_EQ(FactText(report, "frameworks.torch.hip"), "6.2.41133-dd7f95766");
  EXPECT_EQ(FactText(report, "frameworks.torch_runtime.available"), "true");
  EXPECT_TRUE(FindingIds(report).empty());
}

TEST(Triage, RedactsPromptsHomePathsAndEmailsInJsonAndMarkdown) {
  std::string paste =
      "alice@alice-workstation:~$ cat /home/alice/.bashrc | grep HSA\n"
      "export HSA_OVERRIDE_GFX_VERSION=10.3.0\n"
      "PS C:\\Users\\bobsmith\\ollama> ollama serve\n"
      "time=2025-07-29T13:31:47.016+02:00 level=WARN source=amd_windows.go:138 msg=\"amdgpu is not supported "
      "(supported types:[])\" gpu_type=gfx1031 gpu=0 library=C:\\Users\\bobsmith\\AppData\\Local\\Programs\\Ollama\\lib\\ollama\\rocm\n"
      "[root@gpu-node-17 ~]# id\n"
      "uid=1000(alice) gid=1000(alice) groups=1000(alice),44(video),993(render)\n"
      "reply to alice.liddell@example.org, server 192.168.1.20, MAC 00:1a:2b:3c:4d:5e\n";
  Report report = RedactReport(TriageTexts({{"secret.txt", paste}}));
  std::string json = RenderJson(report), markdown = RenderMarkdown(report);
  for (const std::string& out : {json, markdown}) {
    for (const char* secret : {"alice-workstation", "/home/alice", "bobsmith", "gpu-node-17", "alice.liddell@example.org",
                               "192.168.1.20", "00:1a:2b:3c:4d:5e"}) {
      EXPECT_EQ(out.find(secret), std::string::npos) << secret;
    }
  }
  // What is not secret survives: the diagnosis is still readable.
  EXPECT_NE(json.find("gfx1031"), std::string::npos);
  EXPECT_NE(json.find("HSA_OVERRIDE_GFX_VERSION"), std::string::npos);
}

TEST(Triage, HostileInputNeverCrashes) {
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 131) & 0xff);
  std::string huge_line(1 << 20, 'a');
  std::string many_prompts;
  for (int i = 0; i < 2000; ++i) many_prompts += "$ x\n";
  std::string nested = "[" + std::string(5000, '[') + "\"gpu\": 0, \"asic\"";
  std::string lone_escapes = "\x1b[\x1b[\x1b";
  for (const std::string& text : {binary, huge_line, many_prompts, nested, lone_escapes, std::string("\0\0\n", 3),
                                  std::string(":3:x us: [pid:"), std::string("GPU: 99999999999999999999\n  BDF:\n"),
                                  std::string("amdgpu: probe of x failed with error -99999999999999999999\n"),
                                  std::string("uid=(( gid=)) groups=,,,((\n"), std::string("Call returned 0x\n"),
                                  // found by fuzz_triage: a supported list without a gfx name
                                  std::string("time=x msg=\"amdgpu is not supported by x [gfx1030]\"\n")}) {
    Report report = TriageTexts({{"hostile.txt", text}});
    EXPECT_TRUE(report.facts.Get("triage.pieces").value != nullptr);
    (void)RenderJson(RedactReport(report));
  }
}

}  // namespace
}  // namespace rd
