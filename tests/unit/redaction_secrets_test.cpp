// Secrets and machine identifiers in free text (hostile-input report D4), versions that look like
// addresses (m7), and the literal index at scale (D15).
#include <gtest/gtest.h>

#include "report/redaction.h"

namespace rd {
namespace {

std::string Scrub(const std::string& text) {
  Facts facts;
  return Redactor(facts).Scrub(text);
}

TEST(RedactionSecretsTest, SecretNamedAssignmentsKeepTheName) {
  EXPECT_EQ(Scrub("HF_TOKEN=hf_leakme123"), "HF_TOKEN=<secret>");
  EXPECT_EQ(Scrub("export GITHUB_TOKEN=abc"), "export GITHUB_TOKEN=<secret>");
  EXPECT_EQ(Scrub("MY_DB_PASSWORD: 'hunter2 x'"), "MY_DB_PASSWORD: <secret>");
  EXPECT_EQ(Scrub("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), "AWS_SECRET_ACCESS_KEY=<secret>");
  EXPECT_EQ(Scrub(R"({"OPENAI_API_KEY": "x1"})"), R"({"OPENAI_API_KEY": <secret>})");
  EXPECT_EQ(Scrub("Authorization: Bearer abc.def"), "Authorization: Bearer <secret>");
  EXPECT_EQ(Scrub("a=1 HF_TOKEN=zz b=2"), "a=1 HF_TOKEN=<secret> b=2");
  // Not secret names: the diagnosis stays.
  for (const char* keep : {"HSA_OVERRIDE_GFX_VERSION=10.3.0", "AMD_SERIALIZE_KERNEL=3", "ROCM_PATH=/opt/rocm",
                           "HIP_VISIBLE_DEVICES=0,1", "Name: gfx942"}) {
    EXPECT_EQ(Scrub(keep), keep);
  }
}

TEST(RedactionSecretsTest, TokenShapesAnywhere) {
  const char* tokens[] = {"hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
                          "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
                          "gho_A1b2C3d4E5f6G7h8I9j0", "ghu_A1b2C3d4E5f6G7h8I9j0", "ghs_A1b2C3d4E5f6G7h8I9j0",
                          "ghr_A1b2C3d4E5f6G7h8I9j0", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
                          "sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2", "AKIAIOSFODNN7EXAMPLE", "ASIAXYZ0123456789ABC",
                          "xoxb-1234567890-abcdefghij", "glpat-A1b2C3d4E5f6G7h8I9j0"};
  for (const char* token : tokens) {
    std::string out = Scrub(std::string("curl says ") + token + " failed");
    EXPECT_EQ(out, "curl says <secret> failed") << token;
  }
  // Names, not tokens.
  for (const char* keep : {"pip install hf_transfer", "scikit-learn sk-learn", "gho_st", "task-manager"}) {
    EXPECT_EQ(Scrub(keep), keep);
  }
}

TEST(RedactionSecretsTest, RandomValuesAfterSecretWords) {
  EXPECT_EQ(Scrub("the api key is Zx81kQpL0vNw3RtY7uBc2MeH"), "the api key is <secret>");
  EXPECT_EQ(Scrub("token: 9fQ2xLk0PzR7mWv4TbN8cYh1"), "token: <secret>");
  EXPECT_EQ(Scrub("key file /etc/ssl/private/server.pem"), "key file /etc/ssl/private/server.pem");
  EXPECT_EQ(Scrub("password authentication_failure_here"), "password authentication_failure_here");
}

TEST(RedactionSecretsTest, DmiSerialsAndMachineIds) {
  EXPECT_EQ(Scrub("/sys/class/dmi/id/product_serial:PF2ABC12"), "/sys/class/dmi/id/product_serial:<serial>");
  EXPECT_EQ(Scrub("board_serial = BSN-778899"), "board_serial = <serial>");
  EXPECT_EQ(Scrub("\tSerial Number: CN7XYZ0042"), "\tSerial Number: <serial>");
  EXPECT_EQ(Scrub("$ sudo cat /sys/class/dmi/id/chassis_serial\nCHS0099\n$ ls"),
            "$ sudo cat /sys/class/dmi/id/chassis_serial\n<serial>\n$ ls");
  EXPECT_EQ(Scrub("      Machine ID: 0123456789abcdef0123456789abcdef"), "      Machine ID: <machine-id>");
  EXPECT_EQ(Scrub("         Boot ID: fedcba9876543210fedcba9876543210"), "         Boot ID: <machine-id>");
  EXPECT_EQ(Scrub("$ cat /etc/machine-id\n0123456789abcdef0123456789abcdef"), "$ cat /etc/machine-id\n<machine-id>");
  EXPECT_EQ(Scrub("AMD_SERIALIZE_KERNEL=3\nok"), "AMD_SERIALIZE_KERNEL=3\nok");
}

TEST(RedactionSecretsTest, VersionsThatLookLikeAddressesStay) {
  // hostile-input report m7.
  for (const char* keep : {"firmware 1.2.3.4", "ABI 10.0.0.1", "ver 1.2.3.4", "version: 1.2.3.4", "v1.2.3.4",
                           "VBIOS version 113.0.0.1", "driver 2.3.4.5", "1.2.3.4.5", "lib 6.1.2.3.4",
                           "torch 2.4.1.0"}) {
    EXPECT_EQ(Scrub(keep), keep);
  }
  EXPECT_EQ(Scrub("inet 10.0.0.1/24"), "inet <ipv4>/24");
  EXPECT_EQ(Scrub("connect 192.168.1.10:8080"), "connect <ipv4>:8080");
  EXPECT_EQ(Scrub("http://10.1.2.3/x"), "http://<ipv4>/x");
  EXPECT_EQ(Scrub("addr:10.0.0.1 Bcast"), "addr:<ipv4> Bcast");
  EXPECT_EQ(Scrub("10.0.0.1"), "<ipv4>");
  EXPECT_EQ(Scrub("torch 10.4.1.0"), "torch <ipv4>");  // two digits: could be an address
}

TEST(RedactionSecretsTest, Ipv6EndsWhereTheAddressEnds) {
  EXPECT_EQ(Scrub("addr fe80::1ff:fe23:4567:890a/64"), "addr <ipv6>/64");
  EXPECT_EQ(Scrub("inet6 2001:db8::1 scope"), "inet6 <ipv6> scope");
  EXPECT_EQ(Scrub("fe80::1ff:fe23:4567:890a%eth0"), "<ipv6>%eth0");
  EXPECT_EQ(Scrub("hip::host std::vector"), "hip::host std::vector");
  EXPECT_EQ(Scrub("a::bz"), "a::bz");
}

TEST(RedactionSecretsTest, ManyLiteralsFromFacts) {
  Facts facts;
  for (int i = 0; i < 5000; ++i) {
    facts.Set("triage.prompts[" + std::to_string(i) + "].user_name", "user" + std::to_string(10000 + i));
  }
  Redactor r(facts);
  EXPECT_EQ(r.Scrub("user10000@x user14999 user15000"), "<redacted>@x <redacted> user15000");
}

}  // namespace
}  // namespace rd
