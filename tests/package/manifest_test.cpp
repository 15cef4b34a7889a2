// manifest.xml as real packages write it (REFERENCE §6): every field
// autolife reads, the forms Choregraphe produces (empty natures, CDATA
// conditions over several lines), and each problem reported at its place.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/package/manifest.hpp"
#include "autolife/package/package.hpp"
#include "helpers.hpp"

namespace autolife::package {
namespace {

using testing::describe;
using testing::fixture;
using testing::mentions;
using testing::readText;
using ::testing::ElementsAre;
using ::testing::Pair;

ManifestResult parseFixture(const std::string& name) {
  return parseManifest(readText(fixture(name) / "manifest.xml"), ManifestOptions{"manifest.xml", name});
}

TEST(Manifest, ReadsTheReferenceExample) {
  ManifestResult r = parseFixture("reference_example");
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  const Manifest& m = *r.manifest;
  EXPECT_EQ(m.uuid, "my-app");
  EXPECT_FALSE(m.uuidFromFallback);
  EXPECT_EQ(m.version, "1.0.0");
  EXPECT_THAT(m.names, ElementsAre(Pair("en_US", "My app")));
  EXPECT_THAT(m.supportedLanguages, ElementsAre("en_US"));
  EXPECT_EQ(m.requirements.naoqiMinVersion, "2.5");
  EXPECT_EQ(m.requirements.naoqiMaxVersion, "");
  EXPECT_THAT(m.requirements.robotModels, ElementsAre("JULIETTE"));
  ASSERT_EQ(m.behaviors.size(), 1u);
  const BehaviorContent& b = m.behaviors[0];
  EXPECT_EQ(b.path, "behavior_1");
  EXPECT_EQ(b.nature, Nature::Interactive);
  EXPECT_TRUE(b.userRequestable);
  EXPECT_THAT(b.triggerSentences, ElementsAre(Pair("en_US", ElementsAre("start my app"))));
  EXPECT_THAT(b.loadingResponses, ElementsAre(Pair("en_US", ElementsAre("Here we go"))));
  ASSERT_TRUE(b.launchTrigger);
  EXPECT_EQ(b.launchTrigger->text, "('Launchpad/NumPeopleZone1' >= 1) ~ 3");
  EXPECT_TRUE(b.launchTrigger->valid());
  EXPECT_EQ(b.launchTrigger->start.line, 13);
  EXPECT_EQ(b.launchTrigger->start.column, 53);  // just after <![CDATA[
  EXPECT_TRUE(b.permissions.canRunOnPod);
  EXPECT_TRUE(b.permissions.canStandUp);
  EXPECT_FALSE(b.permissions.canRunInSleep);
  EXPECT_EQ(b.position.line, 7);
  EXPECT_EQ(b.position.column, 5);
  ASSERT_EQ(m.dialogs.size(), 1u);
  EXPECT_EQ(m.dialogs[0].topicName, "greetings");
  EXPECT_EQ(m.dialogs[0].path, "greetings/greetings.dlg");
}

TEST(Manifest, EmptyOrMissingNatureIsAPlainBehavior) {
  ManifestResult r = parseFixture("empty_natures");
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  const auto& behaviors = r.manifest->behaviors;
  ASSERT_EQ(behaviors.size(), 4u);
  EXPECT_EQ(behaviors[0].path, ".");
  EXPECT_EQ(behaviors[0].nature, Nature::None);
  EXPECT_EQ(behaviors[1].nature, Nature::None);  // <nature/>
  EXPECT_EQ(behaviors[2].nature, Nature::None);  // no <nature> at all
  EXPECT_EQ(behaviors[3].nature, Nature::Solitary) << "surrounding whitespace is not part of the nature";
  EXPECT_THAT(r.manifest->names, ::testing::IsEmpty());
  EXPECT_THAT(r.manifest->supportedLanguages, ElementsAre("en_US", "fr_FR"));
}

TEST(Manifest, CdataConditionsKeepTheirNewlines) {
  ManifestResult r = parseFixture("cdata_conditions");
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  const BehaviorContent& multiline = r.manifest->behaviors[0];
  ASSERT_TRUE(multiline.launchTrigger);
  EXPECT_EQ(multiline.launchTrigger->text,
            "\n('Launchpad/NumPeopleZone2' >= 1) ~ 3\n    && 'AutonomousLife/State' = \"solitary\"\n");
  EXPECT_TRUE(multiline.launchTrigger->valid());
  EXPECT_EQ(multiline.launchTrigger->start.line, 7);  // the text starts with the newline after <![CDATA[
}

TEST(Manifest, PlainTextConditionsHaveTheirEntitiesDecoded) {
  ManifestResult r = parseFixture("cdata_conditions");
  ASSERT_TRUE(r.manifest);
  const BehaviorContent& plain = r.manifest->behaviors[1];
  ASSERT_TRUE(plain.launchTrigger);
  EXPECT_EQ(plain.launchTrigger->text, "'Launchpad/BatteryLevel' < 0.2 && !'Launchpad/IsCharging'");
  EXPECT_TRUE(plain.launchTrigger->valid());
}

TEST(Manifest, ConditionsWithAnotherPurposeAreNotLaunchTriggers) {
  ManifestResult r = parseFixture("cdata_conditions");
  ASSERT_TRUE(r.manifest);
  EXPECT_FALSE(r.manifest->behaviors[2].launchTrigger);
}

TEST(Manifest, ReadsEveryFieldOfAFullManifestAndIgnoresUnknownElements) {
  ManifestResult r = parseFixture("full_manifest");
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  const Manifest& m = *r.manifest;
  EXPECT_EQ(m.version, "3.2.1");
  EXPECT_THAT(m.names, ElementsAre(Pair("en_US", "Full manifest"), Pair("fr_FR", "Manifeste complet")));
  EXPECT_THAT(m.descriptions, ElementsAre(Pair("en_US", "Every field autolife reads.")));
  EXPECT_THAT(m.descriptionLanguages, ElementsAre("en_US"));
  EXPECT_EQ(m.requirements.naoqiMinVersion, "2.4");
  EXPECT_EQ(m.requirements.naoqiMaxVersion, "2.9");
  EXPECT_THAT(m.requirements.robotModels, ElementsAre("JULIETTE", "NAO"));
  ASSERT_EQ(m.behaviors.size(), 2u);
  const BehaviorContent& charging = m.behaviors[0];
  EXPECT_EQ(charging.nature, Nature::Solitary);
  EXPECT_THAT(charging.names, ElementsAre(Pair("en_US", "Charging")));
  EXPECT_THAT(charging.descriptions, ElementsAre(Pair("en_US", "Goes to the charger.")));
  EXPECT_THAT(charging.triggerSentences, ElementsAre(Pair("en_US", ElementsAre("go charge", "battery")),
                                                     Pair("fr_FR", ElementsAre("va te recharger"))));
  EXPECT_THAT(charging.loadingResponses,
              ElementsAre(Pair("en_US", ElementsAre("On my way")), Pair("fr_FR", ElementsAre("J'y vais"))));
  EXPECT_TRUE(charging.permissions.canRunOnPod);
  EXPECT_TRUE(charging.permissions.canStandUp);
  EXPECT_TRUE(charging.permissions.canRunInSleep);
  const BehaviorContent& plain = m.behaviors[1];
  EXPECT_FALSE(plain.userRequestable);
  EXPECT_FALSE(plain.permissions.canRunOnPod || plain.permissions.canStandUp || plain.permissions.canRunInSleep);
  ASSERT_EQ(m.dialogs.size(), 1u);
  EXPECT_EQ(m.dialogs[0].topicName, "chat");
  EXPECT_EQ(m.dialogs[0].typeVersion, "1.0");
  ASSERT_EQ(m.dialogs[0].topics.size(), 2u);
  EXPECT_EQ(m.dialogs[0].topics[1].language, "fr_FR");
  EXPECT_EQ(m.dialogs[0].topics[1].path, "chat/chat_frf.top");
}

TEST(Manifest, AMissingUuidFallsBackToTheFolderNameWithAWarning) {
  ManifestResult r = parseFixture("missing_uuid");
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  EXPECT_EQ(r.manifest->uuid, "missing_uuid");
  EXPECT_TRUE(r.manifest->uuidFromFallback);
  ASSERT_EQ(r.problems.size(), 1u) << describe(r.problems);
  EXPECT_EQ(r.problems[0].severity, core::Severity::Warning);
  EXPECT_EQ(r.problems[0].format(),
            "manifest.xml:2:1: warning: <package> has no uuid attribute: using the folder or archive name "
            "'missing_uuid'");
}

TEST(Manifest, AMissingUuidWithNothingToFallBackOnIsAnError) {
  ManifestResult r = parseManifest("<package version=\"1\"/>");
  EXPECT_FALSE(r.manifest);
  EXPECT_TRUE(core::hasErrors(r.problems)) << describe(r.problems);
}

TEST(Manifest, AUuidThatCannotNameAFolderIsRefused) {
  for (std::string uuid : {"a/b", "..", ".hidden", "bell&#7;"}) {
    ManifestResult r = parseManifest("<package uuid=\"" + uuid + "\" version=\"1\"/>");
    EXPECT_FALSE(r.manifest) << uuid;
    EXPECT_TRUE(mentions(r.problems, "cannot name a package")) << describe(r.problems);
  }
  EXPECT_EQ(uuidProblem("my-app_2.0"), "");
}

TEST(Manifest, MalformedXmlIsReportedAtPugixmlsErrorOffset) {
  ManifestResult r = parseFixture("malformed_xml");
  EXPECT_FALSE(r.manifest);
  ASSERT_EQ(r.problems.size(), 1u) << describe(r.problems);
  EXPECT_EQ(r.problems[0].format(), "manifest.xml:5:3: error: malformed XML: start-end tags mismatch");
  EXPECT_EQ(r.problems[0].diagnostic.sourceLine, "</package>");
}

TEST(Manifest, AnEmptyFileIsMalformedXml) {
  ManifestResult r = parseManifest("");
  EXPECT_FALSE(r.manifest);
  EXPECT_TRUE(mentions(r.problems, "malformed XML")) << describe(r.problems);
}

TEST(Manifest, TheRootMustBePackage) {
  ManifestResult r = parseManifest("<?xml version=\"1.0\"?>\n<manifest uuid=\"x\"/>");
  EXPECT_FALSE(r.manifest);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].format(), "manifest.xml:2:1: error: the root element is <manifest>, not <package>");
}

TEST(Manifest, Utf16IsRefusedWithAClearError) {
  ManifestResult r = parseManifest(std::string("\xFF\xFE<\0p\0", 6));
  EXPECT_FALSE(r.manifest);
  EXPECT_TRUE(mentions(r.problems, "UTF-16")) << describe(r.problems);
}

TEST(Manifest, ReportsUnknownNaturesDuplicatesEscapingPathsAndUnknownPermissions) {
  ManifestResult r = parseFixture("many_problems");
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  std::vector<std::string> lines;
  for (const core::Problem& p : r.problems) lines.push_back(p.format());
  EXPECT_THAT(lines,
              ElementsAre("manifest.xml:2:1: warning: <package> has no version attribute",
                          "manifest.xml:5:21: error: unknown nature 'interactiv': expected interactive, solitary or "
                          "nothing",
                          "manifest.xml:10:9: error: behavior path 'dup/' is already used by the behaviorContent on "
                          "line 7: this one is ignored",
                          "manifest.xml:13:9: error: behaviorContent has a path that leaves the package folder: "
                          "'../outside': it is ignored",
                          "manifest.xml:17:26: warning: unknown permission <canFly> is ignored"));
  ASSERT_EQ(r.manifest->behaviors.size(), 3u);
  EXPECT_EQ(r.manifest->behaviors[0].natureText, "interactiv");
  EXPECT_EQ(r.manifest->behaviors[0].nature, Nature::None);
  EXPECT_EQ(r.manifest->behaviors[1].path, "dup");
  EXPECT_EQ(r.manifest->behaviors[2].path, "no_xar");
}

TEST(Manifest, ABehaviorContentNeedsAPath) {
  ManifestResult r = parseManifest(
      "<package uuid=\"p\" version=\"1\"><contents><behaviorContent><nature>solitary</nature>"
      "</behaviorContent></contents></package>");
  ASSERT_TRUE(r.manifest);
  EXPECT_TRUE(r.manifest->behaviors.empty());
  EXPECT_TRUE(mentions(r.problems, "has no path attribute")) << describe(r.problems);
}

TEST(Manifest, AnEmptyLaunchConditionMeansNoTriggerWithAWarning) {
  ManifestResult r = parseManifest(
      "<package uuid=\"p\" version=\"1\"><contents><behaviorContent path=\"b\"><nature>solitary</nature>"
      "<autonomous><condition purpose=\"launchTrigger\"><![CDATA[  \n ]]></condition></autonomous>"
      "</behaviorContent></contents></package>");
  ASSERT_TRUE(r.manifest);
  EXPECT_FALSE(r.manifest->behaviors[0].launchTrigger);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].severity, core::Severity::Warning);
}

TEST(Manifest, OnlyTheFirstLaunchConditionIsUsed) {
  ManifestResult r = parseManifest(
      "<package uuid=\"p\" version=\"1\"><contents><behaviorContent path=\"b\"><nature>solitary</nature>"
      "<autonomous><condition purpose=\"launchTrigger\">'a'</condition>"
      "<condition purpose=\"launchTrigger\">'b'</condition></autonomous>"
      "</behaviorContent></contents></package>");
  ASSERT_TRUE(r.manifest);
  EXPECT_EQ(r.manifest->behaviors[0].launchTrigger->text, "'a'");
  EXPECT_TRUE(mentions(r.problems, "more than one launch trigger")) << describe(r.problems);
}

TEST(Manifest, ActivitiesWithoutALaunchTriggerAreFine) {
  ManifestResult r = parseManifest(
      "<package uuid=\"p\" version=\"1\"><contents><behaviorContent path=\"b\"><nature>interactive</nature>"
      "</behaviorContent></contents></package>");
  ASSERT_TRUE(r.manifest);
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  EXPECT_FALSE(r.manifest->behaviors[0].launchTrigger);
}

TEST(Manifest, AnActivityIsNamedUuidSlashPath) {
  LoadResult loaded = loadPackage(fixture("empty_natures"));
  ASSERT_TRUE(loaded.package) << describe(loaded.problems);
  std::vector<std::string> names;
  for (const Behavior& b : loaded.package->behaviors) names.push_back(b.name);
  EXPECT_THAT(names, ElementsAre("empty-natures/.", "empty-natures/self_closing", "empty-natures/no_nature_element",
                                 "empty-natures/solitary_one"));
  EXPECT_EQ(loaded.package->behaviors[0].behaviorFile, fixture("empty_natures") / "behavior.xar");
  EXPECT_FALSE(loaded.package->behaviors[0].isActivity());
  EXPECT_TRUE(loaded.package->behaviors[3].isActivity());
}

TEST(Manifest, NatureNames) {
  EXPECT_EQ(natureName(Nature::Interactive), "interactive");
  EXPECT_EQ(natureName(Nature::Solitary), "solitary");
  EXPECT_EQ(natureName(Nature::None), "");
}

}  // namespace
}  // namespace autolife::package
