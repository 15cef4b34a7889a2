// The PackageStore: install (folder or .pkg) into <root>/<uuid>/, replace,
// remove, reload what is installed, load in place; a broken package never
// stops the others, and a failed install leaves the old one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "autolife/package/store.hpp"
#include "helpers.hpp"

namespace autolife::package {
namespace {

namespace fs = std::filesystem;
using testing::describe;
using testing::entriesOf;
using testing::fixture;
using testing::listTree;
using testing::mentions;
using testing::readText;
using test::TempDir;
using testing::writeText;
using testing::writeZip;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::string manifest(const std::string& uuid, const std::string& version, const std::string& contents = "") {
  return "<package uuid=\"" + uuid + "\" version=\"" + version + "\"><contents>" + contents + "</contents></package>";
}

std::string activity(const std::string& path, const std::string& nature, const std::string& condition = "") {
  std::string trigger = condition.empty() ? ""
                                          : "<autonomous><condition purpose=\"launchTrigger\"><![CDATA[" + condition +
                                                "]]></condition></autonomous>";
  return "<behaviorContent path=\"" + path + "\"><nature>" + nature + "</nature>" + trigger + "</behaviorContent>";
}

// A package folder written for the test.
fs::path makePackage(const fs::path& folder, const std::string& manifestText, const std::vector<std::string>& behaviors) {
  writeText(folder / "manifest.xml", manifestText);
  for (const std::string& b : behaviors) writeText(folder / b / "behavior.xar", "<ChoregrapheProject/>");
  return folder;
}

std::vector<std::string> names(const std::vector<Behavior>& behaviors) {
  std::vector<std::string> out;
  for (const Behavior& b : behaviors) out.push_back(b.name);
  return out;
}

std::vector<std::string> uuids(const std::vector<PackageInfo>& packages) {
  std::vector<std::string> out;
  for (const PackageInfo& p : packages) out.push_back(p.uuid);
  return out;
}

// Only the package folders under the root (not the store's work folders).
std::vector<std::string> installedFolders(const fs::path& root) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(root)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

struct StoreTest : ::testing::Test {
  TempDir dir;
  fs::path root = dir / "apps";
  fs::path sources = dir / "sources";
};

TEST_F(StoreTest, InstallsAFolderUnderItsUuid) {
  PackageStore store(root);
  InstallResult r = store.install(fixture("reference_example"));
  ASSERT_TRUE(r.installed) << describe(r.problems);
  EXPECT_EQ(r.uuid, "my-app");
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  EXPECT_TRUE(store.has("my-app"));
  EXPECT_THAT(installedFolders(root), ElementsAre("my-app"));
  EXPECT_THAT(listTree(root / "my-app"),
              ElementsAre("behavior_1", "behavior_1/behavior.xar", "manifest.xml", "my-app.pml"));
  std::vector<PackageInfo> packages = store.packages();
  ASSERT_EQ(packages.size(), 1u);
  EXPECT_EQ(packages[0].version, "1.0.0");
  EXPECT_EQ(packages[0].path, root / "my-app");
  EXPECT_EQ(packages[0].names.at("en_US"), "My app");
  EXPECT_FALSE(packages[0].inPlace);
}

TEST_F(StoreTest, ListsActivitiesWithTheirPackageRootAndBehaviorFile) {
  PackageStore store(root);
  ASSERT_TRUE(store.install(fixture("reference_example")).installed);
  std::vector<Behavior> activities = store.activities();
  ASSERT_EQ(activities.size(), 1u);
  const Behavior& a = activities[0];
  EXPECT_EQ(a.name, "my-app/behavior_1");
  EXPECT_EQ(a.packageUuid, "my-app");
  EXPECT_EQ(a.nature(), Nature::Interactive);
  EXPECT_EQ(a.packageRoot, root / "my-app");
  EXPECT_EQ(a.behaviorFile, root / "my-app/behavior_1/behavior.xar");
  EXPECT_TRUE(fs::exists(a.behaviorFile));
  ASSERT_NE(a.launchTrigger(), nullptr);
  EXPECT_TRUE(a.launchTrigger()->valid());
  EXPECT_TRUE(a.content.permissions.canRunOnPod);
  EXPECT_TRUE(a.valid);
}

TEST_F(StoreTest, BehaviorsIncludePlainOnesActivitiesDoNot) {
  PackageStore store(root);
  ASSERT_TRUE(store.install(fixture("empty_natures")).installed);
  EXPECT_THAT(names(store.behaviors()), ElementsAre("empty-natures/.", "empty-natures/self_closing",
                                                    "empty-natures/no_nature_element", "empty-natures/solitary_one"));
  EXPECT_THAT(names(store.activities()), ElementsAre("empty-natures/solitary_one"));
  auto root = store.behavior("empty-natures/.");
  ASSERT_TRUE(root);
  EXPECT_EQ(root->behaviorFile, this->root / "empty-natures/behavior.xar");
  EXPECT_FALSE(store.behavior("empty-natures/nothing"));
  EXPECT_FALSE(store.behavior("nobody/x"));
}

TEST_F(StoreTest, InstallsAPkgArchive) {
  writeZip(dir / "my-app.pkg", entriesOf(fixture("reference_example")));
  PackageStore store(root);
  InstallResult r = store.install(dir / "my-app.pkg");
  ASSERT_TRUE(r.installed) << describe(r.problems);
  EXPECT_EQ(r.uuid, "my-app");
  EXPECT_EQ(readText(root / "my-app/manifest.xml"), readText(fixture("reference_example") / "manifest.xml"));
  EXPECT_THAT(names(store.activities()), ElementsAre("my-app/behavior_1"));
}

TEST_F(StoreTest, AnArchiveWithoutUuidIsNamedAfterTheArchive) {
  writeZip(dir / "named-by-file.pkg", entriesOf(fixture("missing_uuid")));
  PackageStore store(root);
  InstallResult r = store.install(dir / "named-by-file.pkg");
  ASSERT_TRUE(r.installed) << describe(r.problems);
  EXPECT_EQ(r.uuid, "named-by-file");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].diagnostic.file, (dir / "named-by-file.pkg/manifest.xml").string());
  EXPECT_THAT(names(store.activities()), ElementsAre("named-by-file/."));
}

TEST_F(StoreTest, AHostileArchiveIsRefusedAndLeavesNothingBehind) {
  writeZip(dir / "evil.pkg", {{"manifest.xml", manifest("evil", "1")}, {"../../escaped", "x"}});
  PackageStore store(root);
  InstallResult r = store.install(dir / "evil.pkg");
  EXPECT_FALSE(r.installed);
  EXPECT_TRUE(mentions(r.problems, "'../../escaped' would land outside")) << describe(r.problems);
  EXPECT_THAT(installedFolders(root), IsEmpty()) << "the work folder is removed";
  EXPECT_FALSE(fs::exists(dir / "escaped"));
  EXPECT_FALSE(fs::exists(dir.path().parent_path() / "escaped"));
  EXPECT_THAT(store.packages(), IsEmpty());
}

TEST_F(StoreTest, ReplacingAPackageSwapsInTheNewVersion) {
  PackageStore store(root);
  makePackage(sources / "v1", manifest("app", "1.0", activity("old", "solitary")), {"old"});
  makePackage(sources / "v2", manifest("app", "2.0", activity("new", "interactive")), {"new"});
  ASSERT_TRUE(store.install(sources / "v1").installed);
  ASSERT_TRUE(store.install(sources / "v2").installed);
  EXPECT_EQ(store.packages().at(0).version, "2.0");
  EXPECT_THAT(names(store.activities()), ElementsAre("app/new"));
  EXPECT_THAT(installedFolders(root), ElementsAre("app"));
  EXPECT_FALSE(fs::exists(root / "app/old")) << "nothing of the old version is left";
}

TEST_F(StoreTest, AFailedInstallLeavesTheOldVersion) {
  PackageStore store(root);
  makePackage(sources / "v1", manifest("app", "1.0", activity("b", "solitary")), {"b"});
  ASSERT_TRUE(store.install(sources / "v1").installed);
  // The same uuid, but hostile; then the same uuid with malformed XML.
  writeZip(dir / "app.pkg", {{"manifest.xml", manifest("app", "2.0")}, {"/etc/evil", "x"}});
  EXPECT_FALSE(store.install(dir / "app.pkg").installed);
  writeText(sources / "app/manifest.xml", "<package uuid=\"app\" version=\"3.0\">");
  EXPECT_FALSE(store.install(sources / "app").installed);
  EXPECT_EQ(store.packages().at(0).version, "1.0");
  EXPECT_THAT(names(store.activities()), ElementsAre("app/b"));
  EXPECT_THAT(installedFolders(root), ElementsAre("app"));
  EXPECT_TRUE(fs::exists(root / "app/b/behavior.xar"));
}

TEST_F(StoreTest, RemoveDeletesTheInstalledFolder) {
  PackageStore store(root);
  ASSERT_TRUE(store.install(fixture("reference_example")).installed);
  std::vector<std::string> removed;
  store.packageRemoved.connect([&](const std::string& uuid) { removed.push_back(uuid); });
  EXPECT_TRUE(store.remove("my-app"));
  EXPECT_FALSE(store.has("my-app"));
  EXPECT_THAT(installedFolders(root), IsEmpty());
  EXPECT_THAT(store.activities(), IsEmpty());
  EXPECT_THAT(removed, ElementsAre("my-app"));
  EXPECT_FALSE(store.remove("my-app"));
}

TEST_F(StoreTest, ReloadsWhatIsInstalledAtConstruction) {
  {
    PackageStore store(root);
    ASSERT_TRUE(store.install(fixture("reference_example")).installed);
    ASSERT_TRUE(store.install(fixture("full_manifest")).installed);
  }
  PackageStore again(root);
  EXPECT_THAT(uuids(again.packages()), ElementsAre("full-manifest", "my-app"));
  EXPECT_THAT(names(again.activities()),
              ElementsAre("full-manifest/charging", "full-manifest/no_permissions", "my-app/behavior_1"));
  EXPECT_THAT(again.problems(), IsEmpty()) << describe(again.problems());
}

TEST_F(StoreTest, ABrokenPackageIsSkippedAndTheOthersLoad) {
  makePackage(root / "good", manifest("good", "1", activity("a", "solitary")), {"a"});
  writeText(root / "broken/manifest.xml", "<package uuid=\"broken\"");
  fs::create_directories(root / "empty");
  makePackage(root / "zzz-twin", manifest("good", "2"), {});
  PackageStore store(root);
  EXPECT_THAT(uuids(store.packages()), ElementsAre("good"));
  EXPECT_EQ(store.packages().at(0).version, "1");
  std::vector<core::Problem> problems = store.problems();
  EXPECT_TRUE(mentions(problems, "malformed XML")) << describe(problems);
  EXPECT_TRUE(mentions(problems, "manifest.xml does not exist")) << describe(problems);
  EXPECT_TRUE(mentions(problems, "already loaded from")) << describe(problems);
}

TEST_F(StoreTest, APackageWithABadConditionLoadsWithThatActivityInvalid) {
  PackageStore store(root);
  InstallResult r = store.install(fixture("bad_condition"));
  ASSERT_TRUE(r.installed);
  EXPECT_TRUE(core::hasErrors(r.problems));
  auto bad = store.behavior("bad-condition/greet");
  auto fine = store.behavior("bad-condition/fine");
  ASSERT_TRUE(bad && fine);
  EXPECT_FALSE(bad->valid);
  EXPECT_TRUE(fine->valid);
  EXPECT_TRUE(core::hasErrors(store.problems())) << "its problems are kept";
}

TEST_F(StoreTest, RemovingABrokenInstallDeletesIt) {
  writeText(root / "broken/manifest.xml", "not xml");
  PackageStore store(root);
  EXPECT_TRUE(store.remove("broken"));
  EXPECT_THAT(installedFolders(root), IsEmpty());
  EXPECT_THAT(store.problems(), IsEmpty());
}

TEST_F(StoreTest, InstallingOverABrokenInstallRepairsIt) {
  writeText(root / "my-app/manifest.xml", "not xml");
  PackageStore store(root);
  ASSERT_TRUE(core::hasErrors(store.problems()));
  ASSERT_TRUE(store.install(fixture("reference_example")).installed);
  EXPECT_THAT(store.problems(), IsEmpty()) << describe(store.problems());
  EXPECT_TRUE(store.has("my-app"));
}

TEST_F(StoreTest, LeftoverWorkFoldersAreCleanedAtConstruction) {
  writeText(root / ".install-abc123/manifest.xml", manifest("half", "1"));
  writeText(root / ".removing-def456/manifest.xml", manifest("gone", "1"));
  PackageStore store(root);
  EXPECT_THAT(installedFolders(root), IsEmpty());
  EXPECT_THAT(store.packages(), IsEmpty());
}

TEST_F(StoreTest, LoadsAFolderInPlaceWithoutCopyingIt) {
  PackageStore store(root);
  InstallResult r = store.loadInPlace(fixture("reference_example"));
  ASSERT_TRUE(r.installed) << describe(r.problems);
  EXPECT_THAT(installedFolders(root), IsEmpty());
  std::vector<Behavior> activities = store.activities();
  ASSERT_EQ(activities.size(), 1u);
  EXPECT_EQ(activities[0].behaviorFile, fixture("reference_example") / "behavior_1/behavior.xar");
  EXPECT_TRUE(store.packages().at(0).inPlace);
  // Removing only forgets it: the folder is not the store's to delete.
  EXPECT_TRUE(store.remove("my-app"));
  EXPECT_TRUE(fs::exists(fixture("reference_example") / "manifest.xml"));
}

TEST_F(StoreTest, AStoreWithoutRootOnlyLoadsInPlace) {
  PackageStore store;
  EXPECT_TRUE(store.loadInPlace(fixture("empty_natures")).installed);
  InstallResult r = store.install(fixture("reference_example"));
  EXPECT_FALSE(r.installed);
  EXPECT_TRUE(mentions(r.problems, "no install folder"));
}

TEST_F(StoreTest, InstallRefusesWhatIsNotAPackage) {
  PackageStore store(root);
  EXPECT_TRUE(mentions(store.install(dir / "nowhere").problems, "no such file or folder"));
  writeText(dir / "notes.txt", "hello");
  EXPECT_TRUE(mentions(store.install(dir / "notes.txt").problems, "is not a package folder or a .pkg archive"));
  fs::create_directories(sources / "no-manifest");
  EXPECT_TRUE(mentions(store.install(sources / "no-manifest").problems, "manifest.xml does not exist"));
  EXPECT_TRUE(mentions(store.install(dir.path()).problems, "contains the install folder itself"));
  EXPECT_THAT(installedFolders(root), IsEmpty());
}

TEST_F(StoreTest, AFolderWithASymlinkIsRefused) {
  makePackage(sources / "linked", manifest("linked", "1"), {});
  fs::create_symlink("/etc/passwd", sources / "linked/passwd");
  PackageStore store(root);
  InstallResult r = store.install(sources / "linked");
  EXPECT_FALSE(r.installed);
  EXPECT_TRUE(mentions(r.problems, "a symbolic link cannot be installed")) << describe(r.problems);
  EXPECT_THAT(installedFolders(root), IsEmpty());
}

TEST_F(StoreTest, SignalsInstalls) {
  PackageStore store(root);
  std::vector<std::string> installed;
  store.packageInstalled.connect([&](const std::string& uuid) { installed.push_back(uuid); });
  store.install(fixture("reference_example"));
  store.loadInPlace(fixture("empty_natures"));
  EXPECT_THAT(installed, ElementsAre("my-app", "empty-natures"));
}

TEST_F(StoreTest, ConcurrentInstallsAndListingsAreSafe) {
  PackageStore store(root);
  for (int v = 0; v < 4; ++v)
    makePackage(sources / ("v" + std::to_string(v)), manifest("app", std::to_string(v), activity("b", "solitary")), {"b"});
  std::atomic<bool> done{false};
  std::thread reader([&] {
    while (!done) {
      for (const Behavior& b : store.activities()) EXPECT_EQ(b.name, "app/b");
      store.packages();
    }
  });
  std::vector<std::thread> writers;
  for (int v = 0; v < 4; ++v)
    writers.emplace_back([&, v] {
      for (int i = 0; i < 5; ++i) EXPECT_TRUE(store.install(sources / ("v" + std::to_string(v))).installed);
    });
  for (auto& w : writers) w.join();
  done = true;
  reader.join();
  EXPECT_THAT(installedFolders(root), ElementsAre("app"));
  ASSERT_EQ(store.packages().size(), 1u);
  EXPECT_EQ(readText(root / "app/manifest.xml").find("version=\"" + store.packages()[0].version + "\"") !=
                std::string::npos,
            true)
      << "the listing matches what is on disk";
}

}  // namespace
}  // namespace autolife::package
