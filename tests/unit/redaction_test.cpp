#include "report/redaction.h"

#include <gtest/gtest.h>

#include "report/report.h"

namespace rd {
namespace {

TEST(RedactionTest, PatternsScrubAddressesAndIds) {
  Facts facts;
  Redactor r(facts);
  EXPECT_EQ(r.Scrub("from 192.168.1.20 via 10.0.0.1"), "from <ipv4> via <ipv4>");
  EXPECT_EQ(r.Scrub("mac 00:1a:2b:3c:4d:5e end"), "mac <mac> end");
  EXPECT_EQ(r.Scrub("addr fe80::1ff:fe23:4567:890a/64"), "addr <ipv6>/64");
  EXPECT_EQ(r.Scrub("uuid 123e4567-e89b-12d3-a456-426614174000"), "uuid <uuid>");
  EXPECT_EQ(r.Scrub("Uuid: GPU-5e7c1d2b3a4f6e8d"), "Uuid: GPU-<uuid>");
  EXPECT_EQ(r.Scrub("/home/alice/venv/lib"), "/home/<user>/venv/lib");
  EXPECT_EQ(r.Scrub("C:\\Users\\Bob\\AppData"), "C:\\Users\\<user>\\AppData");
  EXPECT_EQ(r.Scrub("mail bob@example.org now"), "mail <email> now");
}

TEST(RedactionTest, KeepsVersionsBusIdsTimesAndCppNames) {
  Facts facts;
  Redactor r(facts);
  for (const char* keep : {"ROCm 6.2.0-66", "kernel 6.18.44-fc", "0000:03:00.0", "17:53:42", "hip::host",
                           "gfx90a:sramecc+:xnack-", "std::vector", "GLIBCXX_3.4.32"}) {
    EXPECT_EQ(r.Scrub(keep), keep);
  }
}

TEST(RedactionTest, LiteralsFromFactsButNotCommonWords) {
  Facts facts;
  facts.Set("host.hostname", "gpu-node-17.lab");
  facts.Set("identity.groups", nlohmann::json::parse(R"([{"gid": 44, "name": "video"}, {"gid": 1001, "name": "alice-team"}])"));
  Redactor r(facts);
  EXPECT_EQ(r.Scrub("ssh gpu-node-17.lab"), "ssh <redacted>");
  EXPECT_EQ(r.Scrub("groups: video alice-team"), "groups: video <group>");
  Facts debian;
  debian.Set("host.hostname", "debian");
  Redactor keep(debian);
  EXPECT_EQ(keep.Scrub("ID=debian"), "ID=debian");  // a host called debian must not erase the distro
}

TEST(RedactionTest, SensitiveKeysAreReplacedWhole) {
  Facts facts;
  Redactor r(facts);
  auto out = r.ScrubJson(nlohmann::json::parse(R"({"hostname": "x", "serial_number": "PHYS123", "gfx": "gfx90a"})"));
  EXPECT_EQ(out["hostname"], "<redacted>");
  EXPECT_EQ(out["serial_number"], "<redacted>");
  EXPECT_EQ(out["gfx"], "gfx90a");
}

TEST(RedactionTest, KeyNamesAreMatchedByToken) {
  EXPECT_FALSE(IsSensitiveKey("AMD_SERIALIZE_KERNEL"));
  EXPECT_FALSE(IsSensitiveKey("ROCM_HOME"));
  EXPECT_FALSE(IsSecretName("HSA_TOOLS_LIB"));
  EXPECT_TRUE(IsSensitiveKey("product_serial"));
  EXPECT_TRUE(IsSensitiveKey("account"));  // a cluster prompt's "[cad14908]" project tag
  EXPECT_TRUE(IsSensitiveKey("serialNumber"));
  EXPECT_TRUE(IsSensitiveKey("hostname"));
  EXPECT_TRUE(IsSecretName("HF_TOKEN"));
  EXPECT_TRUE(IsSecretName("WANDB_API_KEY"));
  EXPECT_TRUE(IsSecretName("AWS_SECRET_ACCESS_KEY"));
  EXPECT_TRUE(IsSecretName("PGPASSWORD"));
  EXPECT_TRUE(IsSecretName("ROCM_LICENSE_KEY"));
  EXPECT_FALSE(IsSecretName("HSA_KERNARG_POOL_SIZE"));
  EXPECT_FALSE(IsSensitiveKey("support_key"));
  EXPECT_TRUE(IsSensitiveKey("HF_TOKEN"));
}

TEST(RedactionTest, OverlongLinesAreDroppedNotScanned) {
  Facts facts;
  Redactor r(facts);
  std::string line(100000, 'a');
  EXPECT_EQ(r.Scrub(line), "<redacted: line of 100000 bytes>");
}

}  // namespace
}  // namespace rd

namespace rd {
namespace {

// Issue 13 item 7: host and user names where tools print them outside prompts, in context (a
// two-letter host too), and as literals learnt by triage everywhere else in the report.
TEST(RedactionTest, HostsAndUsersOutsidePrompts) {
  Facts facts;
  Redactor r(facts);
  EXPECT_EQ(r.Scrub("Linux md 4.15.0-31-generic #33-Ubuntu SMP x86_64 GNU/Linux"), "Linux <host> 4.15.0-31-generic #33-Ubuntu SMP x86_64 GNU/Linux");
  EXPECT_EQ(r.Scrub("Jul 28 15:11:48 ubuntu24 ollama[307422]: rocblaslt error"), "Jul 28 15:11:48 <host> ollama[307422]: rocblaslt error");
  EXPECT_EQ(r.Scrub("nov. 11 15:17:21 fw16 systemd[1]: Started"), "nov. 11 15:17:21 <host> systemd[1]: Started");
  EXPECT_EQ(r.Scrub("#   Rank  0 Pid   2303 on deep-vision3 device  0 [0000:2f:00.0]"), "#   Rank  0 Pid   2303 on <host> device  0 [0000:2f:00.0]");
  EXPECT_EQ(r.Scrub("WSL kernel 5.15.167.4-microsoft-standard-WSL2"), "WSL kernel 5.15.167.4-microsoft-standard-WSL2");
  EXPECT_EQ(r.Scrub("to C:\\\\Users\\\\Admin\\\\AppData\\\\Local"), "to C:\\\\Users\\\\<user>\\\\AppData\\\\Local");
  // Not a host: the kernel's own word after "Linux version".
  EXPECT_EQ(r.Scrub("Linux version 6.8.0-45-generic (buildd@lcy02)"), "Linux version 6.8.0-45-generic (buildd@lcy02)");
}

TEST(RedactionTest, TriageLearnsNamesFromUnameAndHomePaths) {
  Facts facts;
  facts.Set("triage.identities[0].hostname", "wukong");
  facts.Set("triage.identities[1].user_name", "facepp1");
  Redactor r(facts);
  EXPECT_EQ(r.Scrub("ssh wukong; ls /public/home/facepp1/.config"), "ssh <redacted>; ls /public/home/<redacted>/.config");
}

}  // namespace
}  // namespace rd
