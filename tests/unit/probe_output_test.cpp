// ParseProbeOutput: the line protocol of rocm-doctor-probe, and hostile output.
#include <gtest/gtest.h>

#include "parsers/probe_output.h"

namespace rd {
namespace {

TEST(ProbeOutput, ReadsSummaryStartsResultsAndDone) {
  ProbeOutput out = ParseProbeOutput(
      "{\"probe\":\"runtime\",\"platform\":\"hip\",\"device_count\":1,\"status\":\"ok\"}\n"
      "{\"probe\":\"runtime\",\"phase\":\"start\"}\n"
      "{\"probe\":\"runtime\",\"device\":0,\"name\":\"MI210\",\"status\":\"ok\"}\n"
      "{\"probe\":\"kernel\",\"phase\":\"start\"}\n"
      "{\"probe\":\"kernel\",\"device\":0,\"status\":\"fail\",\"error\":\"hipErrorNoBinaryForGpu\"}\n"
      "{\"probe\":\"done\",\"elapsed_ms\":12}\n");
  EXPECT_EQ(out.summary.value("device_count", 0), 1);
  EXPECT_EQ(out.started, (std::vector<std::string>{"runtime", "kernel"}));
  ASSERT_EQ(out.results.size(), 2u);
  EXPECT_EQ(out.results[1]["error"], "hipErrorNoBinaryForGpu");
  EXPECT_TRUE(out.done);
  EXPECT_EQ(out.garbage_lines, 0u);
  EXPECT_EQ(UnfinishedProbe(out), "");
}

TEST(ProbeOutput, TheLastStartedProbeIsUnfinishedWithoutDone) {
  ProbeOutput out = ParseProbeOutput("{\"probe\":\"runtime\",\"phase\":\"start\"}\n"
                                     "{\"probe\":\"runtime\",\"device\":0,\"status\":\"ok\"}\n"
                                     "{\"probe\":\"memcpy\",\"phase\":\"start\"}\n");
  EXPECT_FALSE(out.done);
  EXPECT_EQ(UnfinishedProbe(out), "memcpy");
}

TEST(ProbeOutput, GarbageIsCountedAndSampledNeverThrown) {
  std::string junk = "not json\n\x01\x02\xff\xfe binary\n[1,2]\n{\"no_probe\":1}\n{\"probe\":7}\n{\"probe\":\"x\"}\n{\"probe\":\"kernel\",";
  ProbeOutput out = ParseProbeOutput(junk);
  EXPECT_EQ(out.garbage_lines, 7u);
  EXPECT_EQ(out.garbage_sample, "not json");
  EXPECT_TRUE(out.results.empty());
  EXPECT_EQ(UnfinishedProbe(out), "");
}

TEST(ProbeOutput, LastLinesKeepsTheTailPrintable) {
  auto lines = LastLines("a\n\nb\nc\x01\nd\n", 3);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines.front(), "b");
  EXPECT_EQ(lines.back(), "d");
  EXPECT_EQ(LastLines(std::string(100000, 'x'), 2, 50).front().size() <= 60, true);
}

}  // namespace
}  // namespace rd
