// Issue 13 "must show": the same machine gives the same derived GPUs and arch findings whether
// it is replayed (collectors read sysfs) or its recorded rocminfo and dmesg output is pasted
// (triage, the derive stage reading the paste), and still when that output is cut to one agent's
// block, to its last 20 lines, or buried in prose and prompts.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scenario.h"
#include "triage_helpers.h"
#include "util/strings.h"

namespace rd {
namespace {

namespace fs = std::filesystem;
using namespace rd::testing;
using nlohmann::json;

struct Recorded {
  std::string scenario, rocminfo, dmesg, override_value;
};

// Every fixture that recorded a rocminfo run with GPU agents in it.
std::vector<Recorded> RecordedFixtures() {
  std::vector<Recorded> out;
  for (const auto& dir : fs::directory_iterator(ROCM_DOCTOR_FIXTURES)) {
    if (!fs::is_directory(dir.path() / "commands")) continue;
    Recorded r{dir.path().filename().string()};
    for (const auto& file : fs::directory_iterator(dir.path() / "commands")) {
      std::ifstream in(file.path());
      json j = json::parse(in, nullptr, false);
      if (!j.is_object() || !j.contains("argv") || j["argv"].empty()) continue;
      std::string program = j["argv"][0].get<std::string>();
      if (program == "rocminfo") r.rocminfo = j.value("stdout", "");
      if (program == "dmesg") r.dmesg = j.value("stdout", "");
    }
    std::ifstream env(dir.path() / "env.json");
    json e = json::parse(env, nullptr, false);
    if (e.is_object()) r.override_value = e.value("HSA_OVERRIDE_GFX_VERSION", "");
    if (r.rocminfo.find("Device Type:") != std::string::npos) out.push_back(std::move(r));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.scenario < b.scenario; });
  return out;
}

// gfx/class of each GPU KFD lists (rocminfo shows only those), in order.
std::vector<std::string> KfdGpus(const Report& r, bool only_in_kfd) {
  std::vector<std::string> out;
  for (size_t i = 0;; ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    if (!r.facts.Get(at).value) break;
    if (only_in_kfd && FactText(r, at + ".in_kfd") == "false") continue;
    out.push_back(FactText(r, at + ".gfx") + "/" + FactText(r, at + ".arch_class"));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::set<std::string> ArchFindings(const Report& r) {
  std::set<std::string> out;
  for (const auto& id : FindingIds(r)) {
    if (StartsWith(id, "arch.")) out.insert(id);
  }
  return out;
}

// What a user pastes: the override they exported (it changes what rocminfo prints), the
// rocminfo run and the kernel log.
std::string Paste(const Recorded& r, const std::string& rocminfo) {
  std::string paste;
  if (!r.override_value.empty()) paste += "$ export HSA_OVERRIDE_GFX_VERSION=" + r.override_value + "\n";
  paste += "$ rocminfo\n" + rocminfo;
  if (!r.dmesg.empty()) paste += "\n$ sudo dmesg\n" + r.dmesg;
  return paste;
}

TEST(Parity, PastedRocminfoAndDmesgDeriveWhatTheReplayDerives) {
  auto fixtures = RecordedFixtures();
  ASSERT_GE(fixtures.size(), 6u);
  for (const auto& r : fixtures) {
    Report replay = ReplayScenario(r.scenario);
    Report pasted = TriageTexts({{"paste.txt", Paste(r, r.rocminfo)}});
    EXPECT_EQ(KfdGpus(pasted, false), KfdGpus(replay, true)) << r.scenario;
    EXPECT_EQ(ArchFindings(pasted), ArchFindings(replay)) << r.scenario;
    EXPECT_EQ(FactText(pasted, "gpu.has_igpu_and_dgpu"), FactText(replay, "gpu.has_igpu_and_dgpu")) << r.scenario;
  }
}

// The lines of the first GPU agent's block ("*******", "Agent N", "*******", … up to the next).
std::string FirstGpuAgentBlock(const std::string& rocminfo) {
  auto lines = SplitLines(rocminfo);
  size_t device = 0;
  while (device < lines.size() && !(Contains(lines[device], "Device Type:") && Contains(lines[device], "GPU"))) ++device;
  size_t start = device;
  while (start > 0 && !StartsWith(lines[start], "Agent ")) --start;
  if (start > 0) --start;  // the ******* above "Agent N"
  size_t end = device;
  while (end < lines.size() && !StartsWith(lines[end], "Agent ")) ++end;
  if (end < lines.size()) --end;  // the ******* above the next agent
  std::string out;
  for (size_t i = start; i < end && i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

std::string LastLines(const std::string& text, size_t n) {
  auto lines = SplitLines(text);
  std::string out;
  for (size_t i = lines.size() > n ? lines.size() - n : 0; i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

TEST(Fragments, OneAgentBlockTheTailAndProseStillNameTheGpu) {
  for (const auto& r : RecordedFixtures()) {
    Report whole = TriageTexts({{"paste.txt", Paste(r, r.rocminfo)}});
    auto gpus = KfdGpus(whole, false);
    ASSERT_FALSE(gpus.empty()) << r.scenario;
    std::set<std::string> distinct(gpus.begin(), gpus.end());

    // One agent's block: that GPU, with its arch findings.
    Report block = TriageTexts({{"paste.txt", Paste(r, FirstGpuAgentBlock(r.rocminfo))}});
    auto block_gpus = KfdGpus(block, false);
    ASSERT_EQ(block_gpus.size(), 1u) << r.scenario << ": one agent block";
    EXPECT_TRUE(distinct.count(block_gpus[0])) << r.scenario << ": " << block_gpus[0];
    if (distinct.size() == 1) {
      EXPECT_EQ(ArchFindings(block), ArchFindings(whole)) << r.scenario;
    }

    // The last 20 lines: the last agent's ISA name is all there is of it.
    Report tail = TriageTexts({{"paste.txt", (r.override_value.empty() ? "" : "HSA_OVERRIDE_GFX_VERSION=" + r.override_value + "\n") +
                                                 LastLines(r.rocminfo, 20)}});
    auto tail_gpus = KfdGpus(tail, false);
    ASSERT_FALSE(tail_gpus.empty()) << r.scenario << ": tail";
    std::string tail_gfx = tail_gpus[0].substr(0, tail_gpus[0].find('/'));
    bool known = false;
    for (const auto& g : distinct) known = known || StartsWith(g, tail_gfx + "/");
    // Under an override the runtime's ISA names the override's target, which no longer says
    // which GPU it is: then the fragment may not name it, but must not misname it as native.
    if (r.override_value.empty()) {
      EXPECT_TRUE(known) << r.scenario << ": tail named " << tail_gpus[0];
      if (distinct.size() == 1) {
        EXPECT_EQ(ArchFindings(tail), ArchFindings(whole)) << r.scenario << ": tail";
      }
    }

    // Merged into prose and prompts, with the listing's first line glued onto a sentence.
    std::string prose = "Hi all, after the upgrade nothing works. Output of alice@box:~$ rocminfo below: " + r.rocminfo +
                        "\nAny idea what is wrong? Thanks\n";
    if (!r.override_value.empty()) prose = "I use export HSA_OVERRIDE_GFX_VERSION=" + r.override_value + " in .bashrc\n" + prose;
    Report mixed = TriageTexts({{"paste.txt", prose}});
    EXPECT_EQ(KfdGpus(mixed, false), gpus) << r.scenario << ": prose";
    EXPECT_EQ(ArchFindings(mixed), ArchFindings(whole)) << r.scenario << ": prose";
  }
}

}  // namespace
}  // namespace rd
