// `autolife check PATH...` through the real binary: one problem per line
// as file:line:column: error|warning: message, a summary line, exit 1 on
// any error, 0 with warnings alone; a missing path is an error, not a crash;
// a folder of packages as serve --packages takes it; the launch triggers'
// keys that nothing writes and comparisons true while a key has no value.
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

// A package with one solitary activity whose launch trigger is `trigger`,
// and `files` beside its manifest (relative path -> text).
void writePackage(const fs::path& root, const std::string& uuid, const std::string& trigger,
                  const std::vector<std::pair<std::string, std::string>>& files = {}) {
  writeText(root / "manifest.xml",
            "<package uuid=\"" + uuid + "\" version=\"1.0.0\">\n"
            "  <contents>\n"
            "    <behaviorContent path=\".\">\n"
            "      <nature>solitary</nature>\n"
            "      <autonomous>\n"
            "        <condition purpose=\"launchTrigger\"><![CDATA[" + trigger + "]]></condition>\n"
            "      </autonomous>\n"
            "    </behaviorContent>\n"
            "  </contents>\n"
            "</package>\n");
  writeText(root / "behavior.xar", "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<ChoregrapheProject xar_version=\"3\">"
                                   "<Box name=\"root\" id=\"-1\"/></ChoregrapheProject>\n");
  for (const auto& [path, text] : files) writeText(root / path, text);
}

// Issue 16: `check` on a folder of packages, as `serve --packages` takes it.
TEST(CheckCli, AFolderOfPackagesChecksEachPackageInIt) {
  TempDir dir;
  writePackage(dir / "a", "a", "'Launchpad/NumPeopleZone1' >= 1");
  writeText(dir / "b" / "manifest.xml", "<package uuid=\"b\" version=\"1\"><contents>");
  writeZip(dir / "c.pkg", entriesOf(fixture("bad_condition")));
  writeText(dir / ".git" / "HEAD", "ref: refs/heads/main\n");
  writeText(dir / "notes.txt", "not a package");
  ProcessResult r = check({dir.path().string()});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_THAT(r.out, HasSubstr((dir / "b" / "manifest.xml").string() + ":1:"));
  EXPECT_THAT(r.out, HasSubstr((dir / "c.pkg").string() + "/manifest.xml:12:34: error: launch condition:"));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr(".git")));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("manifest.xml does not exist")));
  EXPECT_THAT(r.out, ::testing::EndsWith("3 packages checked: 2 errors, 0 warnings\n"));
}

TEST(CheckCli, AnEmptyFolderIsStillAFolderWithoutManifest) {
  TempDir dir;
  ProcessResult r = check({dir.path().string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, (dir / "manifest.xml").string() + ": error: manifest.xml does not exist\n"
                   "1 package checked: 1 error, 0 warnings\n");
}

TEST(CheckCli, WarnsAboutATriggerKeyNothingWrites) {
  TempDir dir;
  writePackage(dir / "p", "p", "'MyApp/Ready' == 1 && 'Launchpad/IsCharging' && ALBattery.charge < 20");
  ProcessResult r = check({(dir / "p").string()});
  EXPECT_EQ(r.status, 0) << r.out;
  const std::string m = (dir / "p" / "manifest.xml").string();
  EXPECT_EQ(r.out, m + ":6:53: warning: launch condition: nothing writes 'MyApp/Ready' (no checked package mentions it "
                       "and no NAOqi module writes it): it reads Invalid, as 0 in comparisons\n" +
                   m + ":6:75: warning: launch condition: nothing writes 'Launchpad/IsCharging' (no checked package "
                       "mentions it and no NAOqi module writes it): it reads Invalid, as 0 in comparisons\n"
                       "1 package checked: 0 errors, 2 warnings\n")
      << "a service operand is fed by its service: not reported";
}

TEST(CheckCli, AKeyWrittenByAPackageTheScenarioOrNaoqiIsNotReported) {
  TempDir dir;
  const std::string trigger = "'MyApp/Ready' == 1 && 'MyApp/Mood' == \"happy\" && 'Other/Flag' && 'Test/Input' > 0 && "
                              "size('PeoplePerception/VisiblePeopleList') > 0 && 'FrontTactilTouched' && 'Launchpad/State' "
                              "== \"solitary\"";
  writePackage(dir / "p", "p", trigger,
               {{"script.py", "ALProxy('ALMemory').insertData(\"MyApp/Ready\", 1)\n"},
                {"mood.top", "topic: ~mood()\nu:(I am happy) $MyApp/Mood=happy\n"}});
  writePackage(dir / "q", "q", "'Launchpad/NumPeopleZone1' >= 1", {{"flag.xar", "<Parameter value=\"Other/Flag\"/>"}});
  writeText(dir / "day.yaml", "steps:\n  - {t: 1, set: {Test/Input: 2}}\n");
  ProcessResult r = check({dir.path().string(), "--scenario", (dir / "day.yaml").string()});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "2 packages checked: 0 errors, 0 warnings\n");
  ProcessResult without = check({dir.path().string()});
  EXPECT_THAT(without.out, HasSubstr("nothing writes 'Test/Input'"));
  EXPECT_THAT(without.out, HasSubstr("2 packages checked: 0 errors, 1 warning\n"));
}

TEST(CheckCli, AScenarioAloneChecksItsPackages) {
  TempDir dir;
  writePackage(dir / "p", "p", "'Launchpad/NumPeopleZone1' >= 1");
  writeText(dir / "day.yaml", "packages: [p]\n");
  ProcessResult r = check({"--scenario", (dir / "day.yaml").string()});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "1 package checked: 0 errors, 0 warnings\n");
  ProcessResult bad = check({"--scenario", (dir / "nonexistent.yaml").string()});
  EXPECT_NE(bad.status, 0);
}

// Issue 16's case: a trigger that fired early, true while the key is unset.
// Not for the keys a robot has from its start: the Launchpad's, and those
// the simulated robot writes at boot as a robot does (UserSession/FocusedUser
// is -1 then: issue 32).
TEST(CheckCli, WarnsAboutAComparisonTrueWhileItsKeyHasNoValue) {
  TempDir dir;
  writePackage(dir / "p", "p",
               "('ALTracker/ActiveTarget' >= 0) && 'Launchpad/BatteryLevel' < 20 && ('UserSession/FocusedUser' >= 0)");
  ProcessResult r = check({(dir / "p").string()});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, (dir / "p" / "manifest.xml").string() +
                       ":6:53: warning: launch condition: 'ALTracker/ActiveTarget' has no value: Invalid compares as "
                       "0, so `('ALTracker/ActiveTarget' >= 0)` is true until something writes it\n"
                       "1 package checked: 0 errors, 1 warning\n")
      << "the Launchpad's keys and the boot's have a value from the start";
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
