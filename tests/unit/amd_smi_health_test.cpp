// The amd-smi view and node health (issue 18): the MI300X replay fixtures written by
// tests/tools/make_amdsmi_fixtures.py give their planted finding on the live route (the
// internal-smi child's libamd_smi answer) and, from the same node's `amd-smi … --json`, on the
// paste route, with the same facts; a crash or hang of the child is a finding; a build without
// amdsmi.h says so while rocm_smi still answers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "report/redaction.h"
#include "scenario.h"
#include "triage_helpers.h"

namespace rd {
namespace {

namespace fs = std::filesystem;
using testing::FactText;
using testing::FindingIds;

std::set<std::string> HealthIds(const Report& r) {
  std::set<std::string> out;
  for (const auto& id : FindingIds(r)) {
    if (id.rfind("health.", 0) == 0) out.insert(id);
  }
  return out;
}

Report TriageAmdSmiJson(const std::string& scenario) {
  std::vector<std::pair<std::string, std::string>> texts;
  for (const auto& entry : fs::directory_iterator(fs::path(testing::FixturePath(scenario)) / "amd-smi")) {
    std::ifstream in(entry.path());
    texts.push_back({entry.path().filename().string(), std::string(std::istreambuf_iterator<char>(in), {})});
  }
  std::sort(texts.begin(), texts.end());
  return testing::TriageTexts(texts);
}

struct Scenario {
  const char* name;
  std::set<std::string> findings;
};

const Scenario kScenarios[] = {
    {"mi300x-amdsmi-healthy", {}},
    {"mi300x-pcie-gen4", {"health.pcie-link-below-max"}},
    {"mi300x-ecc-uncorrectable", {"health.ecc-uncorrectable"}},
    {"mi300x-xgmi-down", {"health.xgmi-link"}},
    {"mi300x-old-firmware", {"health.firmware-below-minimum"}},
};

TEST(AmdSmiHealth, EachReplayFixtureGivesItsFindingAndNoOther) {
  for (const auto& s : kScenarios) {
    Report r = testing::ReplayScenario(s.name);
    EXPECT_EQ(HealthIds(r), s.findings) << s.name;
    EXPECT_EQ(FactText(r, "mgmt.library"), "amd_smi") << s.name;
    EXPECT_EQ(FactText(r, "amd_smi.gpu_count"), "8") << s.name;
    EXPECT_EQ(FactText(r, "gpu.count"), "8") << s.name;  // merged with sysfs, not doubled
    EXPECT_TRUE(r.facts.Get("smi.available").state == FactState::Unknown) << s.name << ": rocm_smi was not asked";
  }
}

TEST(AmdSmiHealth, FindingsNameTheGpuAndTheNumbers) {
  Report pcie = testing::ReplayScenario("mi300x-pcie-gen4");
  EXPECT_EQ(FactText(pcie, "amd_smi.gpus[3].link_text"), "16 GT/s x16 of 32 GT/s x16");
  EXPECT_EQ(FactText(pcie, "gpu_health.link_gpus"), "1");
  EXPECT_EQ(FactText(pcie, "gpu_health.problems[0]"), "GPU 3 (0000:75:00.0): PCIe 16 GT/s x16 of 32 GT/s x16");
  Report ecc = testing::ReplayScenario("mi300x-ecc-uncorrectable");
  EXPECT_EQ(FactText(ecc, "amd_smi.gpus[5].ecc_uncorrectable_total"), "2");
  EXPECT_EQ(FactText(ecc, "gpu_health.ecc_gpus"), "1");
  Report xgmi = testing::ReplayScenario("mi300x-xgmi-down");
  EXPECT_EQ(FactText(xgmi, "amd_smi.gpus[2].xgmi_links_down"), "1");
  EXPECT_EQ(FactText(xgmi, "gpu_health.xgmi_gpus"), "2");
  Report fw = testing::ReplayScenario("mi300x-old-firmware");
  EXPECT_EQ(FactText(fw, "amd_smi.gpus[0].pldm_version"), "01.25.03.12");
  EXPECT_EQ(FactText(fw, "amd_smi.gpus[0].firmware_min"), "01.25.06.05");
  EXPECT_EQ(FactText(fw, "gpu_health.firmware"), "PLDM_BUNDLE 01.25.03.12");
  EXPECT_EQ(FactText(fw, "gpu_health.partition"), "SPX/NPS1");
}

// Same node, pasted `amd-smi version|list|static|metric|firmware|xgmi --json`: same findings,
// same facts under the same names (issue 18 item 4).
TEST(AmdSmiHealth, PastedJsonGivesTheSameFactsAsTheLibrary) {
  const char* keys[] = {"pci_bdf", "uuid", "hip_id", "hsa_id", "oam_id", "drm_card", "drm_render", "device_id", "gfx",
                        "marketing_name", "driver_version", "vbios_version", "vram_total_bytes", "link_speed",
                        "max_link_speed", "link_width", "max_link_width", "pcie_replay_count", "ecc_correctable_total",
                        "ecc_uncorrectable_total", "ecc[0].block", "ecc[0].uncorrectable", "xgmi_links_up",
                        "xgmi_links_down", "throttle_ppt_percent", "power_cap_w", "power_cap_max_w", "compute_partition",
                        "memory_partition", "pldm_version", "link_below_max", "ecc_uncorrectable_over", "xgmi_problem",
                        "firmware_below_min", "throttled"};
  for (const auto& s : kScenarios) {
    Report live = testing::ReplayScenario(s.name);
    Report pasted = TriageAmdSmiJson(s.name);
    EXPECT_EQ(HealthIds(pasted), s.findings) << s.name << " (triage)";
    for (int gpu = 0; gpu < 8; ++gpu) {
      for (const char* key : keys) {
        std::string path = "amd_smi.gpus[" + std::to_string(gpu) + "]." + key;
        EXPECT_FALSE(FactText(live, path).empty()) << s.name << " " << path;
        EXPECT_EQ(FactText(live, path), FactText(pasted, path)) << s.name << " " << path;
      }
    }
    for (const char* fact : {"gpu_health.problems", "gpu_health.firmware", "gpu_health.partition", "rocm.release"}) {
      EXPECT_EQ(FactText(live, fact), FactText(pasted, fact)) << s.name << " " << fact;
    }
  }
}

// mi300x-healthy with another internal-smi answer.
Report ReplayWithSmiChild(const std::function<void(nlohmann::json&)>& edit) {
  static int runs = 0;
  fs::path dir = fs::temp_directory_path() / ("rd-amdsmi-" + std::to_string(::getpid()) + "-" + std::to_string(runs++));
  fs::remove_all(dir);
  fs::copy(testing::FixturePath("mi300x-healthy"), dir, fs::copy_options::recursive);
  for (const auto& file : fs::directory_iterator(dir / "commands")) {
    std::ifstream in(file.path());
    nlohmann::json command = nlohmann::json::parse(in);
    if (command["argv"] != nlohmann::json::array({"/proc/self/exe", "internal-smi"})) continue;
    edit(command);
    std::ofstream(file.path()) << command.dump();
  }
  Report report = testing::ReplayFolder(dir.string());
  fs::remove_all(dir);
  return report;
}

std::string TitleOf(const Report& r, const std::string& id) {
  for (const auto& f : r.findings) {
    if (f.rule_id == id) return f.title;
  }
  return "";
}

TEST(AmdSmiHealth, ACrashOrHangOfTheChildIsAFinding) {
  Report crashed = ReplayWithSmiChild([](nlohmann::json& c) {
    c["signal"] = 11;
    c["exit_code"] = -1;
    c["stdout"] = "";
  });
  EXPECT_NE(TitleOf(crashed, "runtime.smi-unavailable").find("crashed (signal 11)"), std::string::npos) << TitleOf(crashed, "runtime.smi-unavailable");
  EXPECT_EQ(FactText(crashed, "mgmt.library"), "none");
  EXPECT_EQ(FactText(crashed, "amd_smi.available"), "false");
  Report hung = ReplayWithSmiChild([](nlohmann::json& c) {
    c["timed_out"] = true;
    c["stdout"] = "";
  });
  EXPECT_NE(TitleOf(hung, "runtime.smi-unavailable").find("hung"), std::string::npos) << TitleOf(hung, "runtime.smi-unavailable");
}

// The sid root's answer without a GPU: amd-smi's cause in the report; rocm_smi still asked.
TEST(AmdSmiHealth, InitFailureNamesTheCauseAndRocmSmiStillAnswers) {
  Report r = ReplayWithSmiChild([](nlohmann::json& c) {
    auto out = nlohmann::json::parse(c["stdout"].get<std::string>());
    out["answered_by"] = "rocm_smi";
    out["amd_smi"] = {{"compiled", true}, {"available", false}, {"library", "libamd_smi.so.27"}, {"lib_version", "27.1.0"},
                      {"status", 34}, {"reason", "amdsmi_init returned status 34: AMDSMI_STATUS_DRIVER_NOT_LOADED: Processor driver not loaded."}};
    c["stdout"] = out.dump();
  });
  EXPECT_NE(TitleOf(r, "runtime.amd-smi-unavailable").find("AMDSMI_STATUS_DRIVER_NOT_LOADED"), std::string::npos);
  EXPECT_EQ(FactText(r, "mgmt.library"), "rocm_smi");
  EXPECT_EQ(FactText(r, "smi.devices[0].vram_total_bytes"), "206141652992");
  EXPECT_TRUE(HealthIds(r).empty());
}

TEST(AmdSmiHealth, ABuildWithoutTheHeaderSaysSo) {
  Report r = ReplayWithSmiChild([](nlohmann::json& c) {
    auto out = nlohmann::json::parse(c["stdout"].get<std::string>());
    out["answered_by"] = "rocm_smi";
    out["amd_smi"] = {{"compiled", false}, {"available", false}, {"library", "libamd_smi.so.27"},
                      {"reason", "this rocm-doctor was built without amd_smi/amdsmi.h (libamd-smi-dev), so it cannot query libamd_smi.so.27"}};
    c["stdout"] = out.dump();
  });
  EXPECT_EQ(FactText(r, "amd_smi.compiled"), "false");
  EXPECT_NE(TitleOf(r, "runtime.amd-smi-unavailable").find("built without amd_smi/amdsmi.h"), std::string::npos);
  EXPECT_EQ(FactText(r, "smi.available"), "true");
}

// A snapshot recorded before the amd-smi view: amd-smi was not asked, which is no finding.
TEST(AmdSmiHealth, AnOldRecordingHasNoAmdSmiPart) {
  Report r = testing::ReplayScenario("mi300x-healthy");
  EXPECT_TRUE(r.facts.Get("amd_smi.available").state == FactState::Unknown);
  EXPECT_FALSE(FindingIds(r).count("runtime.amd-smi-unavailable"));
  EXPECT_EQ(FactText(r, "smi.available"), "true");
}

// A redacted report (the default for JSON, what fleet reads) keeps the PLDM bundle version:
// "01.25.03.12" is no IPv4 address.
TEST(AmdSmiHealth, RedactionKeepsFirmwareVersions) {
  Report r = RedactReport(testing::ReplayScenario("mi300x-old-firmware"));
  EXPECT_EQ(FactText(r, "gpu_health.firmware"), "PLDM_BUNDLE 01.25.03.12");
  EXPECT_EQ(FactText(r, "amd_smi.gpus[0].firmware_min"), "01.25.06.05");
}

TEST(AmdSmiHealth, PastedTextListAndXgmiTable) {
  Report r = testing::TriageTexts({{"list.txt", "GPU: 0\n    BDF: 0000:05:00.0\n    UUID: 1cff74a1-0000-1000-802c-00005be37b00\n"
                                                "    KFD_ID: 4000\n    NODE_ID: 2\n    PARTITION_ID: 0\n    RENDER: renderD128\n"
                                                "    CARD: card0\n    HSA_ID: 2\n    HIP_ID: 0\n    HIP_UUID: GPU-8af705259683161c\n"
                                                "    OAM_ID: 0\n"},
                                   {"xgmi.txt", "XGMI LINK STATUS:\n       bdf           GPU0          GPU1\n"
                                                "GPU0   0000:05:00.0  SELF          D\nGPU1   0000:15:00.0  D             SELF\n"}});
  EXPECT_EQ(FactText(r, "amd_smi.gpus[0].hip_id"), "0");
  EXPECT_EQ(FactText(r, "amd_smi.gpus[0].hsa_id"), "2");
  EXPECT_EQ(FactText(r, "amd_smi.gpus[0].drm_render"), "128");
  EXPECT_EQ(FactText(r, "amd_smi.gpus[0].hip_uuid"), "GPU-8af705259683161c");
  EXPECT_EQ(FactText(r, "amd_smi.gpus[1].xgmi_links_down"), "1");
  EXPECT_TRUE(FindingIds(r).count("health.xgmi-link"));
}

}  // namespace
}  // namespace rd
