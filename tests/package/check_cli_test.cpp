// `autolife check PATH...` through the real binary: one problem per line
// as file:line:column: error|warning: message, a summary line, exit 1 on
// any error, 0 with warnings alone; a missing path is an error, not a crash.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "process.hpp"

namespace autolife::package {
namespace {

namespace fs = std::filesystem;
using autolife::testing::ProcessResult;
using autolife::testing::runProcess;
using testing::entriesOf;
using testing::fixture;
using test::TempDir;
using testing::writeText;
using testing::writeZip;
using ::testing::HasSubstr;

ProcessResult check(std::vector<std::string> paths) {
  paths.insert(paths.begin(), {AUTOLIFE_BINARY, "check"});
  return runProcess(paths);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t begin = 0;
  for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1)
    out.push_back(text.substr(begin, end - begin));
  return out;
}

TEST(CheckCli, AGoodPackagePrintsOnlyTheSummaryAndExitsZero) {
  ProcessResult r = check({fixture("reference_example").string()});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "1 package checked: 0 errors, 0 warnings\n");
  EXPECT_EQ(r.err, "");
}

TEST(CheckCli, ABadConditionIsReportedAtItsManifestLineAndFails) {
  std::string manifest = (fixture("bad_condition") / "manifest.xml").string();
  ProcessResult r = check({fixture("bad_condition").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, manifest + ":12:34: error: launch condition: expected a value, found ')'\n"
                              "1 package checked: 1 error, 0 warnings\n");
}

TEST(CheckCli, AcceptsAManifestPath) {
  std::string manifest = (fixture("bad_condition") / "manifest.xml").string();
  ProcessResult r = check({manifest});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr(manifest + ":12:34: error: "));
}

TEST(CheckCli, WarningsAloneDoNotFail) {
  ProcessResult r = check({fixture("missing_uuid").string()});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, (fixture("missing_uuid") / "manifest.xml").string() +
                       ":2:1: warning: <package> has no uuid attribute: using the folder or archive name "
                       "'missing_uuid'\n"
                       "1 package checked: 0 errors, 1 warning\n");
}

TEST(CheckCli, PrintsEveryProblemInFileOrder) {
  std::string m = (fixture("many_problems") / "manifest.xml").string();
  ProcessResult r = check({fixture("many_problems").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(lines(r.out),
              ::testing::ElementsAre(
                  m + ":2:1: warning: <package> has no version attribute",
                  m + ":5:21: error: unknown nature 'interactiv': expected interactive, solitary or nothing",
                  m + ":10:9: error: behavior path 'dup/' is already used by the behaviorContent on line 7: this one "
                      "is ignored",
                  m + ":13:9: error: behaviorContent has a path that leaves the package folder: '../outside': it is "
                      "ignored",
                  m + ":16:9: warning: behavior no_xar has no behavior.xar (expected at no_xar/behavior.xar)",
                  m + ":17:26: warning: unknown permission <canFly> is ignored",
                  "1 package checked: 3 errors, 3 warnings"));
}

TEST(CheckCli, MalformedXmlGivesTheLineAndColumn) {
  ProcessResult r = check({fixture("malformed_xml").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("manifest.xml:5:3: error: malformed XML: start-end tags mismatch\n"));
}

TEST(CheckCli, AMissingPathIsAnErrorNotACrash) {
  ProcessResult r = check({"/nonexistent/package", fixture("reference_example").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "/nonexistent/package: error: no such file or folder\n2 packages checked: 1 error, 0 warnings\n");
}

TEST(CheckCli, AFolderWithoutManifestIsAnError) {
  TempDir dir;
  ProcessResult r = check({dir.path().string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr((dir / "manifest.xml").string() + ": error: manifest.xml does not exist\n"));
}

TEST(CheckCli, ChecksAPkgAndNamesFilesInsideIt) {
  TempDir dir;
  writeZip(dir / "bad.pkg", entriesOf(fixture("bad_condition")));
  ProcessResult r = check({(dir / "bad.pkg").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, (dir / "bad.pkg").string() +
                       "/manifest.xml:12:34: error: launch condition: expected a value, found ')'\n"
                       "1 package checked: 1 error, 0 warnings\n");
}

TEST(CheckCli, AHostilePkgIsReportedAndNothingEscapes) {
  TempDir dir;
  writeZip(dir / "evil.pkg", {{"manifest.xml", "<package uuid=\"evil\" version=\"1\"/>"}, {"../../evil-escape", "x"}});
  ProcessResult r = check({(dir / "evil.pkg").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, (dir / "evil.pkg").string() +
                       ": error: archive entry '../../evil-escape' would land outside the install folder\n"
                       "1 package checked: 1 error, 0 warnings\n");
  EXPECT_FALSE(fs::exists(fs::temp_directory_path() / "evil-escape"));
}

TEST(CheckCli, SomethingElseIsNotAPackage) {
  TempDir dir;
  writeText(dir / "notes.txt", "hi");
  ProcessResult r = check({(dir / "notes.txt").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("is not a package folder, a manifest.xml or a .pkg archive"));
}

TEST(CheckCli, NeedsAPath) {
  ProcessResult r = check({});
  EXPECT_NE(r.status, 0);
  EXPECT_THAT(r.err, HasSubstr("PATH"));
}

TEST(CheckCli, HelpDocumentsTheOutput) {
  ProcessResult r = check({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_THAT(r.out, HasSubstr("file"));
  EXPECT_THAT(r.out, HasSubstr("Exit status: 1 if any error"));
  EXPECT_THAT(r.out, HasSubstr(".pkg"));
}

}  // namespace
}  // namespace autolife::package
