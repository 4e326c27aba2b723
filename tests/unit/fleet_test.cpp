// Fleet merge: findings by node, version skew, probe outliers, missing and unreadable reports.
#include <gtest/gtest.h>

#include "fleet/fleet.h"
#include "fleet/fleet_loader.h"
#include "fleet/fleet_render.h"
#include "report/json_report.h"
#include "temp_tree.h"

#include <filesystem>

namespace rd {
namespace {

NodeReport Node(const std::string& name, const std::string& kernel, double h2d = -1,
                std::vector<std::string> finding_ids = {}) {
  NodeReport node{name, name + ".json", {}};
  node.report.facts.Set("kernel.release", kernel);
  node.report.facts.Set("os.pretty_name", "Debian GNU/Linux 12 (bookworm)");
  if (h2d >= 0) node.report.facts.Set("probes.memcpy.h2d_pinned_gbps", h2d);
  for (const auto& id : finding_ids) {
    Finding f;
    f.rule_id = id;
    f.severity = id.find("err") != std::string::npos ? Severity::Error : Severity::Warning;
    node.report.findings.push_back(f);
  }
  return node;
}

FleetOptions Options() {
  FleetOptions options;
  options.skew_facts = {"kernel.release", "os.pretty_name", "rocm.version"};
  options.probe_metrics = {"probes.memcpy.h2d_pinned_gbps"};
  options.outlier_fraction = 0.2;
  return options;
}

TEST(FleetMerge, GroupsFindingsByNodeCountingEachNodeOnce) {
  std::vector<NodeReport> nodes = {Node("a", "6.1"), Node("b", "6.1", -1, {"x.warn", "x.warn", "y.err"}),
                                   Node("c", "6.1", -1, {"x.warn"})};
  FleetSummary s = MergeFleet(nodes, {}, Options());
  ASSERT_EQ(s.findings.size(), 2u);
  EXPECT_EQ(s.findings[0].rule_id, "y.err");  // Errors first.
  EXPECT_EQ(s.findings[0].nodes, (std::vector<std::string>{"b"}));
  EXPECT_EQ(s.findings[1].nodes, (std::vector<std::string>{"b", "c"}));
}

// ux-review m16: a note is marked "•" in fleet as in check, not "·".
TEST(FleetMerge, NotesUseTheSameMarkAsCheck) {
  NodeReport node = Node("a", "6.1");
  Finding note;
  note.rule_id = "x.note";
  note.severity = Severity::Info;
  node.report.findings.push_back(note);
  std::string text = RenderFleetText(MergeFleet({node}, {}, Options()), false);
  EXPECT_NE(text.find("  • x.note"), std::string::npos) << text;
  EXPECT_EQ(text.find("  · x.note"), std::string::npos) << text;
}

TEST(FleetMerge, ReportsSkewOnlyForFactsThatDiffer) {
  std::vector<NodeReport> nodes = {Node("a", "6.1.0-18"), Node("b", "6.1.0-18"), Node("c", "6.1.0-21")};
  FleetSummary s = MergeFleet(nodes, {}, Options());
  ASSERT_EQ(s.skew.size(), 1u);  // os.pretty_name agrees; rocm.version is known nowhere.
  EXPECT_EQ(s.skew[0].fact, "kernel.release");
  ASSERT_EQ(s.skew[0].groups.size(), 2u);
  EXPECT_EQ(s.skew[0].groups[0].value, "6.1.0-18");
  EXPECT_EQ(s.skew[0].groups[0].nodes, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(s.skew[0].groups[1].nodes, (std::vector<std::string>{"c"}));
}

TEST(FleetMerge, AllAgreeMeansNoSkew) {
  FleetSummary s = MergeFleet({Node("a", "6.1"), Node("b", "6.1")}, {}, Options());
  EXPECT_TRUE(s.skew.empty());
  EXPECT_EQ(s.skew_checked.size(), 3u);
}

TEST(FleetMerge, ANodeThatCannotTellIsItsOwnGroup) {
  std::vector<NodeReport> nodes = {Node("a", "6.1"), Node("b", "6.1")};
  nodes[1].report.facts.MarkAbsent("kernel", "uname failed");
  FleetSummary s = MergeFleet(nodes, {}, Options());
  ASSERT_EQ(s.skew.size(), 1u);
  EXPECT_EQ(s.skew[0].groups[1].value, "(unknown)");
}

TEST(FleetMerge, OutlierIsBelowMedianByMoreThanTheFraction) {
  std::vector<NodeReport> nodes = {Node("a", "6.1", 50), Node("b", "6.1", 52), Node("c", "6.1", 41),
                                   Node("d", "6.1", 39), Node("e", "6.1", 51)};
  // Median 50: 41 is 18% below (not an outlier), 39 is 22% below.
  FleetSummary s = MergeFleet(nodes, {}, Options());
  ASSERT_EQ(s.outliers.size(), 1u);
  EXPECT_EQ(s.outliers[0].node, "d");
  EXPECT_DOUBLE_EQ(s.outliers[0].median, 50);
  EXPECT_NEAR(s.outliers[0].below_fraction, 0.22, 1e-9);
  FleetOptions loose = Options();
  loose.outlier_fraction = 0.1;
  EXPECT_EQ(MergeFleet(nodes, {}, loose).outliers.size(), 2u);
}

TEST(FleetMerge, NoOutliersFromFewerThanThreeSamplesOrNonNumbers) {
  std::vector<NodeReport> nodes = {Node("a", "6.1", 50), Node("b", "6.1", 5), Node("c", "6.1")};
  nodes[2].report.facts.Set("probes.memcpy.h2d_pinned_gbps", "fast");
  EXPECT_TRUE(MergeFleet(nodes, {}, Options()).outliers.empty());
}

TEST(FleetMerge, MissingNodesAreExpectedOnesWithoutAReport) {
  FleetOptions options = Options();
  options.expected_nodes = {"a", "z", "b", "z", "c"};
  FleetSummary s = MergeFleet({Node("a", "6.1"), Node("b", "6.1")}, {{"c", "c.json", "c.json: not valid JSON"}}, options);
  EXPECT_EQ(s.missing_nodes, (std::vector<std::string>{"z"}));
  ASSERT_EQ(s.unreadable.size(), 1u);
  EXPECT_EQ(FleetToJson(s)["summary"]["nodes_missing"], 1);
}

TEST(FleetOptionsData, ReadsTheTableAndKeepsDefaults) {
  auto table = nlohmann::json::parse(R"({"skew_facts": ["a.b", 3], "probe_metrics": ["p.q"]})");
  FleetOptions options = FleetOptionsFromData(table);
  EXPECT_EQ(options.skew_facts, (std::vector<std::string>{"a.b"}));
  EXPECT_EQ(options.probe_metrics, (std::vector<std::string>{"p.q"}));
  EXPECT_DOUBLE_EQ(options.outlier_fraction, 0.2);
  EXPECT_DOUBLE_EQ(FleetOptionsFromData(nlohmann::json::parse(R"({"probe_outlier_fraction": 0.5})")).outlier_fraction, 0.5);
}

TEST(FleetLoader, NamesNodesByHostnameUnlessRedacted) {
  Report report;
  EXPECT_EQ(NodeName(report, "/x/gpu-node-07.json"), "gpu-node-07");
  report.facts.Set("host.hostname", "<redacted>");
  EXPECT_EQ(NodeName(report, "dir/n1.json"), "n1");
  report.facts.Set("host.hostname", "gpu-node-07");
  EXPECT_EQ(NodeName(report, "dir/n1.json"), "gpu-node-07");
}

TEST(FleetLoader, LoadsADirectoryAndExplainsBadFiles) {
  testing::TempTree tree;
  Report good;
  good.facts.Set("kernel.release", "6.1");
  tree.Write("reports/n1.json", ReportToJson(good).dump());
  tree.Write("reports/n2.json", "{not json");
  tree.Write("reports/n3.json", "{\"hello\": 1}");
  tree.Write("reports/notes.txt", "ignored");
  good.facts.Set("host.hostname", "n1");
  tree.Write("dup.json", ReportToJson(good).dump());
  LoadedFleet fleet = LoadFleetReports({tree.Path("reports"), tree.Path("dup.json"), tree.Path("absent.json")});
  ASSERT_EQ(fleet.nodes.size(), 1u);
  EXPECT_EQ(fleet.nodes[0].node, "n1");
  ASSERT_EQ(fleet.unreadable.size(), 4u);
  std::string all;
  for (const auto& u : fleet.unreadable) all += u.message + "\n";
  EXPECT_NE(all.find("n2.json: not valid JSON"), std::string::npos) << all;
  EXPECT_NE(all.find("not a rocm-doctor report"), std::string::npos) << all;
  EXPECT_NE(all.find("a second report for node n1"), std::string::npos) << all;
  EXPECT_NE(all.find("absent.json"), std::string::npos) << all;
}

TEST(FleetLoader, HostileFilesBecomeUnreadableNotCrashes) {
  testing::TempTree tree;
  tree.Write("r/binary.json", std::string("\x7f" "ELF\0\0\xff\xfe", 9));
  tree.Write("r/array.json", "[1, 2, 3]");
  tree.Write("r/newer.json", R"({"schema": 99, "facts": {}})");
  tree.Link("r/loop.json", "loop.json");
  std::filesystem::create_directories(tree.Path("r/dir.json"));
  Report good;
  tree.Write("r/ok.json", ReportToJson(good).dump());
  tree.Write("r/fleet.json", FleetToJson(MergeFleet({}, {}, FleetOptions{})).dump());  // earlier output: skipped
  LoadedFleet fleet = LoadFleetReports({tree.Path("r")});
  ASSERT_EQ(fleet.nodes.size(), 1u);
  EXPECT_EQ(fleet.nodes[0].node, "ok");
  std::string all;
  for (const auto& u : fleet.unreadable) all += u.node + ": " + u.message + "\n";
  EXPECT_EQ(fleet.unreadable.size(), 5u) << all;
  EXPECT_NE(all.find("newer than this rocm-doctor"), std::string::npos) << all;
  EXPECT_NE(all.find("loop.json"), std::string::npos) << all;
  EXPECT_EQ(all.find("fleet:"), std::string::npos) << all;
}

TEST(FleetLoader, ParsesNodeListsWithComments) {
  EXPECT_EQ(ParseNodeList("n1\n # all\n n2  # second\n\n"), (std::vector<std::string>{"n1", "n2"}));
}

TEST(FleetRender, TextAndMarkdownNameTheSkewAndOutliers) {
  std::vector<NodeReport> nodes = {Node("a", "6.1", 50), Node("b", "6.1", 50), Node("c", "6.2", 10)};
  FleetSummary s = MergeFleet(nodes, {}, Options());
  std::string text = RenderFleetText(s, false);
  EXPECT_NE(text.find("Version skew"), std::string::npos) << text;
  EXPECT_NE(text.find("6.2"), std::string::npos) << text;
  EXPECT_NE(text.find("80% below"), std::string::npos) << text;
  std::string md = RenderFleetMarkdown(s);
  EXPECT_NE(md.find("| `kernel.release` | `6.2` | 1 | c |"), std::string::npos) << md;
  auto j = FleetToJson(s);
  EXPECT_EQ(j["probe_outliers"][0]["node"], "c");
  EXPECT_EQ(j["fleet_schema"], kFleetSchema);
}

}  // namespace
}  // namespace rd
