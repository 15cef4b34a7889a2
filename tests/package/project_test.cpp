// The Choregraphe project file (.pml): what it lists, and tolerance of
// what it does not know. The robot never reads it: problems are warnings.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/package/package.hpp"
#include "autolife/package/project.hpp"
#include "helpers.hpp"

namespace autolife::package {
namespace {

using testing::describe;
using testing::fixture;
using testing::readText;
using test::TempDir;
using testing::writeText;

TEST(Project, ReadsWhatAChoregrapheProjectLists) {
  ProjectResult r = parseProject(readText(fixture("reference_example") / "my-app.pml"), "my-app.pml");
  ASSERT_TRUE(r.project) << describe(r.problems);
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  const Project& p = *r.project;
  EXPECT_EQ(p.name, "my-app");
  EXPECT_EQ(p.formatVersion, "4");
  EXPECT_EQ(p.manifestSrc, "manifest.xml");
  ASSERT_EQ(p.behaviors.size(), 1u);
  EXPECT_EQ(p.behaviors[0].name, "behavior");
  EXPECT_EQ(p.behaviors[0].src, "behavior_1");
  EXPECT_EQ(p.behaviors[0].xar, "behavior.xar");
  ASSERT_EQ(p.dialogs.size(), 1u);
  EXPECT_EQ(p.dialogs[0].src, "greetings/greetings.dlg");
  ASSERT_EQ(p.resources.size(), 1u);
  EXPECT_EQ(p.resources[0].name, "hello");
  ASSERT_EQ(p.topics.size(), 1u);
  EXPECT_EQ(p.topics[0].topicName, "greetings");
  EXPECT_EQ(p.topics[0].language, "en_US");
  EXPECT_THAT(p.ignoredPaths, ::testing::ElementsAre(".metadata"));
  ASSERT_EQ(p.translations.size(), 1u);
  EXPECT_EQ(p.translations[0].src, "translations/translation_en_US.ts");
}

TEST(Project, EmptySectionsAreFine) {
  ProjectResult r = parseProject(
      "<Package name=\"x\" format_version=\"5\"><Manifest src=\"manifest.xml\"/><BehaviorDescriptions/>"
      "<Dialogs/><Resources/><Topics/><IgnoredPaths/></Package>",
      "x.pml");
  ASSERT_TRUE(r.project);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_EQ(r.project->formatVersion, "5");
  EXPECT_TRUE(r.project->behaviors.empty());
}

TEST(Project, AMalformedProjectIsAWarningWithItsPosition) {
  ProjectResult r = parseProject("<Package name=\"x\">\n  <Dialogs>\n</Package>", "x.pml");
  EXPECT_FALSE(r.project);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].severity, core::Severity::Warning);
  EXPECT_EQ(r.problems[0].diagnostic.file, "x.pml");
  EXPECT_EQ(r.problems[0].diagnostic.line, 3);
}

TEST(Project, AnotherRootElementIsNotAProject) {
  ProjectResult r = parseProject("<ChoregrapheProject/>", "x.pml");
  EXPECT_FALSE(r.project);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].severity, core::Severity::Warning);
}

TEST(Project, APackageLoadsItsProjectFile) {
  LoadResult loaded = loadPackage(fixture("reference_example"));
  ASSERT_TRUE(loaded.package) << describe(loaded.problems);
  EXPECT_TRUE(loaded.problems.empty()) << describe(loaded.problems);
  ASSERT_TRUE(loaded.package->project);
  EXPECT_EQ(loaded.package->project->name, "my-app");
}

TEST(Project, ABehaviorTheProjectListsButTheManifestDoesNotIsAWarning) {
  TempDir dir;
  writeText(dir / "manifest.xml",
            "<package uuid=\"p\" version=\"1\"><contents><behaviorContent path=\"a\"/></contents></package>");
  writeText(dir / "a/behavior.xar", "<ChoregrapheProject/>");
  writeText(dir / "p.pml",
            "<Package name=\"p\"><BehaviorDescriptions><BehaviorDescription name=\"behavior\" src=\"a/\" "
            "xar=\"behavior.xar\"/><BehaviorDescription name=\"behavior\" src=\"b\" xar=\"behavior.xar\"/>"
            "</BehaviorDescriptions></Package>");
  LoadResult loaded = loadPackage(dir.path());
  ASSERT_TRUE(loaded.package);
  ASSERT_EQ(loaded.problems.size(), 1u) << describe(loaded.problems);
  EXPECT_EQ(loaded.problems[0].format(),
            (dir / "p.pml").string() + ": warning: the project lists behavior b but manifest.xml has no "
                                       "behaviorContent for it");
}

}  // namespace
}  // namespace autolife::package
