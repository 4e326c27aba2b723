// Plants identifying data into a scenario and checks none of it reaches JSON or Markdown.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "cli/io.h"
#include "scenario.h"
#include "temp_tree.h"

namespace rd::testing {
namespace {

const char* kSecrets[] = {"zeta-workstation-07", "quentin", "/home/quentin", "203.0.113.77", "2001:db8:85a3::8a2e:370:7334",
                          "3c:ec:ef:12:34:56", "PHX-SERIAL-99812", "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b", "quentin@example.org",
                          "quentins-lab"};

class RedactionScenario : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::copy(FixturePath("debian13-host"), tree.Path("snap"), std::filesystem::copy_options::recursive);
    tree.Write("snap/meta.json", R"({
      "uname": {"sysname": "Linux", "nodename": "zeta-workstation-07", "release": "6.12.48+deb13-amd64",
                "version": "#1", "machine": "x86_64", "libc_version": "2.41"},
      "identity": {"uid": 1042, "euid": 1042, "gid": 1042, "groups": [1042, 2001, 44],
                   "user_name": "quentin", "home": "/home/quentin"},
      "groups": {"1042": {"name": "quentin"}, "2001": {"name": "quentins-lab"}, "44": {"name": "video"}}})");
    tree.Write("snap/env.json", R"({"PATH": "/home/quentin/.local/bin:/usr/bin",
      "VIRTUAL_ENV": "/home/quentin/venvs/torch", "NCCL_SOCKET_IFNAME": "eth0",
      "NCCL_COMM_ID": "203.0.113.77:29500", "NCCL_IB_HCA_MAC": "3c:ec:ef:12:34:56",
      "ROCM_DOCTOR_NOTE_SERIAL": "PHX-SERIAL-99812", "HIP_VISIBLE_DEVICES": "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
      "HIP_NOTE_MAIL": "quentin@example.org", "NCCL_SOCKET_ADDR": "2001:db8:85a3::8a2e:370:7334",
      "HSA_TOOLS_TOKEN": "tok_very_secret_value"})");
    tree.Write("snap/files/sys/class/dmi/id/product_serial", "PHX-SERIAL-99812\n");
  }
  std::string Run(const std::string& format, bool redact) {
    std::ostringstream out, err;
    Io io{out, err, false, true};
    std::vector<std::string> args = {"rocm-doctor", "check", "--replay", tree.Path("snap"), "-f", format};
    if (!redact) args.push_back("--no-redact");
    std::vector<const char*> argv;
    for (auto& a : args) argv.push_back(a.c_str());
    RunCli(static_cast<int>(argv.size()), argv.data(), io);
    return out.str();
  }
  TempTree tree;
};

TEST_F(RedactionScenario, JsonAndMarkdownCarryNoneOfThePlantedSecrets) {
  for (const char* format : {"json", "markdown"}) {
    std::string report = Run(format, true);
    ASSERT_FALSE(report.empty());
    for (const char* secret : kSecrets) EXPECT_EQ(report.find(secret), std::string::npos) << format << " leaks " << secret;
    EXPECT_EQ(report.find("tok_very_secret_value"), std::string::npos);
    EXPECT_NE(report.find("debian"), std::string::npos) << "redaction must keep the diagnosis";
  }
}

TEST_F(RedactionScenario, NoRedactKeepsThemAndSecretsAreNeverCollected) {
  std::string report = Run("json", false);
  EXPECT_NE(report.find("zeta-workstation-07"), std::string::npos);
  EXPECT_NE(report.find("203.0.113.77"), std::string::npos);
  EXPECT_EQ(report.find("tok_very_secret_value"), std::string::npos);  // never collected at all
}

}  // namespace
}  // namespace rd::testing
